import FixtureFormat
import MVICore
import ReplaySeam

// Step 2 of "Adding a feature" in docs/architecture.md: the seam file. The block between the
// markers is the documentation's code, verbatim (AddingAFeatureTests checks that they agree).

// docs/architecture.md step 2 begins
extension WeatherViewModel: CanonicalRenderable {
    public var canonical: CanonicalValue { .record("WeatherViewModel", ["city": .string(city), "celsius": .int(celsius)]) }
}

public enum WeatherFeature {
    public static let module = FeatureModule.component(
        name: "weather", componentName: "WeatherComponent", config: .empty(()),
        viewEvents: [
            .plain("refreshTapped", WeatherViewEvent.refreshTapped),
            .payload("citySelected", JSONCodec.string, event: WeatherViewEvent.citySelected, echo: { "citySelected(\(CanonicalRender.quote($0)))" }),
        ],
        responses: answers.erased
    ) { environment, _, _ in
        WeatherComponent(dataSource: ReplayWeatherDataSource(requests: environment.requests), scheduler: environment.scheduler)
    }

    /// {"celsius": 21} or {"failure": "timeout"}.
    static let answers: ObjectCodec<Result<Int, WeatherError>> = {
        let celsius = Field.required("celsius", JSONCodec.integer(-100...100))
        return .oneOf("a weather response", [
            .has("celsius", .object(celsius) { .success(try $0.read(celsius)) }),
            .when("failure", is: "timeout", .object(Field.constant("failure", "timeout")) { _ in .failure(.timeout) }),
        ])
    }()
}
// docs/architecture.md step 2 ends

/// The replay data source: each forecast is a request that a `respond` line answers.
final class ReplayWeatherDataSource: WeatherDataSource {
    private let requests: RequestLog

    init(requests: RequestLog) { self.requests = requests }

    func forecast(city: String, completion: @escaping @Sendable (Result<Int, WeatherError>) -> Void) -> any Cancellable {
        requests.open("forecast(city: \(CanonicalRender.quote(city)))", answers: WeatherFeature.answers, echo: Self.echo, deliver: completion)
    }

    static func echo(_ answer: Result<Int, WeatherError>) -> String {
        switch answer {
        case .success(let celsius): "celsius \(celsius)"
        case .failure: "failure timeout"
        }
    }
}
