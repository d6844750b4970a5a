import MVICore

/// Loads the forecast of the chosen city; a newer request cancels the one in flight (the effect
/// `forecast`, whose answer is dropped once it is cancelled, though a replay may still deliver it).
final class WeatherExecutor: Executor {
    typealias Context = ExecutorContext<Never, WeatherMessage, WeatherState, Never>
    private static let forecast = "forecast"
    private let dataSource: any WeatherDataSource

    init(dataSource: any WeatherDataSource) { self.dataSource = dataSource }

    func executeIntent(_ intent: WeatherIntent, _ context: Context) {
        switch intent {
        case .refresh: load(context.state.city, context)
        case .select(let city): load(city, context)
        }
    }

    private func load(_ city: String, _ context: Context) {
        context.cancel(key: Self.forecast)
        context.dispatch(.loading(city: city))
        let dataSource = self.dataSource
        context.run(key: Self.forecast) { send in
            switch try await awaitCallback({ completion in dataSource.forecast(city: city, completion: completion) }) {
            case .success(let celsius): send(.loaded(celsius))
            case .failure: send(.failed)
            }
        }
    }
}

struct WeatherReducer: Reducer {
    func reduce(_ state: WeatherState, _ message: WeatherMessage) -> WeatherState {
        var next = state
        switch message {
        case .loading(let city):
            next.city = city
            next.isLoading = true
        case .loaded(let celsius):
            next.celsius = celsius
            next.isLoading = false
        case .failed:
            next.isLoading = false
        }
        return next
    }
}
