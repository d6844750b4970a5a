// Kept verbatim with step 2 of docs/architecture.md (AddingAFeatureTests), so not formatted:
// swift-format-ignore-file
import FixtureFormat
import MVICore
import ReplaySeam

// Step 2 of "Adding a feature" in docs/architecture.md: the seam file. The block between the
// markers is the documentation's code, verbatim (AddingAFeatureTests checks that they agree).

// docs/architecture.md step 2 begins
extension WeatherViewModel: CanonicalRenderable {
    public var canonical: CanonicalValue { .record("WeatherViewModel", ["city": .string(city), "celsius": .integer(celsius)]) }
}

public enum WeatherFeature {
    public static let module = FeatureModule.component(
        name: "weather", componentName: "WeatherComponent", config: .empty(()),
        viewEvents: [
            .plain("refreshTapped", WeatherViewEvent.refreshTapped),
            .payload("citySelected", JSONCodec.string, event: WeatherViewEvent.citySelected, echo: { "citySelected(\(CanonicalRender.quote($0)))" }),
        ],
        responses: answers.answers
    ) { environment, _, _ in
        WeatherComponent(dataSource: ReplayWeatherDataSource(requests: environment.requests), scheduler: environment.scheduler)
    }

    /// One answer of a `respond` line, with its echo in the transcript.
    public struct Answer: ReplayAnswer {
        public let echo: String
        let result: Result<Int, WeatherError>
    }

    /// {"celsius": 21} or {"failure": "timeout"}.
    static let answers: ObjectCodec<Answer> = {
        let celsius = Field.required("celsius", JSONCodec.integer(-100...100))
        return .oneOf("a weather response", [
            .has("celsius", .object(celsius) { let value = try $0.read(celsius); return Answer(echo: "celsius \(value)", result: .success(value)) }),
            .when("failure", is: "timeout", .object(Field.constant("failure", "timeout")) { _ in Answer(echo: "failure timeout", result: .failure(.timeout)) }),
        ])
    }()
}
// docs/architecture.md step 2 ends

/// The replay data source: each forecast is a request that a `respond` line answers.
final class ReplayWeatherDataSource: WeatherDataSource {
    private let requests: RequestLog

    init(requests: RequestLog) { self.requests = requests }

    func forecast(city: String, completion: @escaping @Sendable (Result<Int, WeatherError>) -> Void) -> any Cancellable {
        requests.open("forecast(city: \(CanonicalRender.quote(city)))") { (answer: WeatherFeature.Answer) in completion(answer.result) }
    }
}
