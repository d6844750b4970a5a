import MVICore

// An async feature as an app writes it, with no isolation annotation: it builds under either
// default isolation (CI/example.sh builds this package both ways). A query is searched 300 ms
// after the last keystroke, a newer query cancels the search in flight, and choosing a city loads
// its forecast, which a newer choice cancels in turn.

public enum CityIntent: Equatable, Sendable {
    case type(String)
    case choose(String)
}

public enum CityMessage: Equatable, Sendable {
    case typed(String)
    case found([String])
    case chosen(String)
    case forecast(celsius: Int)
    case failed(String)
}

public struct CityState: Equatable, Sendable {
    public var query = ""
    public var cities: [String] = []
    public var chosen: String?
    public var celsius: Int?
    public var error: String?

    public init() {}
}

/// Where cities and forecasts come from: `@Sendable` closures, which the effects await on the store's
/// scheduler (a protocol declared in a main-actor target would be the main actor's).
public struct CityService: Sendable {
    public var cities: @Sendable (_ query: String) async throws -> [String]
    public var forecast: @Sendable (_ city: String) async throws -> Int

    public init(
        cities: @escaping @Sendable (_ query: String) async throws -> [String],
        forecast: @escaping @Sendable (_ city: String) async throws -> Int
    ) {
        self.cities = cities
        self.forecast = forecast
    }
}

public typealias CityStore = DefaultStore<CityIntent, Never, CityMessage, CityState, Never>

final class CityExecutor: Executor {
    typealias Context = ExecutorContext<Never, CityMessage, CityState, Never>
    static let debounce = Duration.milliseconds(300)
    private let service: CityService

    init(service: CityService) { self.service = service }

    func executeIntent(_ intent: CityIntent, _ context: Context) {
        // Read here, on the store's scheduler: inside an effect, `Self.debounce` would be read on the
        // main actor under that default (its `await` covers it), outside the store's virtual time.
        let (clock, service, debounce) = (context.clock, service, Self.debounce)
        switch intent {
        case .type(let query):
            context.dispatch(.typed(query))
            context.run(key: "search") { send in  // a newer query cancels this one
                try await clock.sleep(for: debounce)
                send(.found(try await service.cities(query)))
            } catch: { error, send in
                send(.failed("\(error)"))
            }
        case .choose(let city):
            context.dispatch(.chosen(city))
            context.run(key: "forecast") { send in
                send(.forecast(celsius: try await service.forecast(city)))
            } catch: { error, send in
                send(.failed("\(error)"))
            }
        }
    }
}

func cityReducer() -> ClosureReducer<CityState, CityMessage> {
    ClosureReducer { state, message in
        var state = state
        switch message {
        case .typed(let query): state.query = query
        case .found(let cities): state.cities = cities
        case .chosen(let city):
            state.chosen = city
            state.celsius = nil
        case .forecast(let celsius): state.celsius = celsius
        case .failed(let error): state.error = error
        }
        return state
    }
}

/// The city search store on `scheduler`, asking `service`.
public func makeCityStore(service: CityService, scheduler: any Scheduler) -> CityStore {
    CityStore(
        name: "CitySearch", initialState: CityState(), executor: CityExecutor(service: service),
        reducer: cityReducer(), scheduler: scheduler)
}
