import MVICore

/// Loads the forecast of the chosen city; a newer request cancels the one in flight.
final class WeatherExecutor: Executor {
    typealias Context = ExecutorContext<Never, WeatherMessage, WeatherState, Never>
    private let dataSource: any WeatherDataSource
    private var inFlight: (any Cancellable)?
    /// Counts requests, so that the answer to a cancelled one is dropped: a data source may still
    /// deliver it (a replay does, to prove that the feature ignores it).
    private var generation = 0

    init(dataSource: any WeatherDataSource) { self.dataSource = dataSource }

    func executeIntent(_ intent: WeatherIntent, _ context: Context) {
        switch intent {
        case .refresh: load(context.state.city, context)
        case .select(let city): load(city, context)
        }
    }

    private func load(_ city: String, _ context: Context) {
        inFlight?.cancel()
        generation += 1
        let current = generation
        context.dispatch(.loading(city: city))
        let onResult = context.callback { [weak self] (result: Result<Int, WeatherError>) in
            guard let self, current == generation else { return }
            switch result {
            case .success(let celsius): context.dispatch(.loaded(celsius))
            case .failure: context.dispatch(.failed)
            }
        }
        inFlight = dataSource.forecast(city: city, completion: onResult)
    }

    func dispose() {
        inFlight?.cancel()
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
