import MVICore

// A toy feature, written in this test target by the steps of docs/architecture.md ("Adding a
// feature") to prove that they are complete: a feature target's four files (here in one folder of
// the test target), its seam file, one registry line, its fixtures and schemas. Nothing of it is
// in a product.

/// Why a forecast did not come.
public enum WeatherError: Error, Equatable, Sendable {
    case timeout
}

/// Where forecasts come from: an HTTP client in an app, `ReplayWeatherDataSource` in a replay.
public protocol WeatherDataSource: Sendable {
    func forecast(city: String, completion: @escaping @Sendable (Result<Int, WeatherError>) -> Void) -> any Cancellable
}

public enum WeatherIntent: Equatable, Sendable {
    case refresh
    case select(String)
}

public struct WeatherState: Equatable, Sendable {
    public var city = "Oslo"
    public var celsius = 0
    public var isLoading = false
}

enum WeatherMessage: Equatable, Sendable {
    case loading(city: String)
    case loaded(Int)
    case failed
}

typealias WeatherStore = DefaultStore<WeatherIntent, Never, WeatherMessage, WeatherState, Never>

extension DefaultStore
where Intent == WeatherIntent, Action == Never, Message == WeatherMessage, State == WeatherState, Label == Never {
    static func weather(dataSource: any WeatherDataSource, scheduler: any Scheduler) -> WeatherStore {
        WeatherStore(
            name: "WeatherStore", initialState: WeatherState(), executor: WeatherExecutor(dataSource: dataSource),
            reducer: WeatherReducer(), scheduler: scheduler)
    }
}
