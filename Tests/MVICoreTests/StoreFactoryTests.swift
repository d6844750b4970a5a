import MVICore
import Testing

/// Features make their stores through a factory; wrapping factories see each store before it
/// initializes, and nest.
@Suite struct StoreFactoryTests {
    /// Counts the stores it prepares, by name, after the factory it wraps.
    struct NamingFactory: StoreFactory {
        let names: Recorder<String>
        let base: any StoreFactory

        func prepare<Intent, Action, Message, State, Label>(
            _ store: DefaultStore<Intent, Action, Message, State, Label>
        ) {
            base.prepare(store)
            names.append(store.name)
        }
    }

    func makeStore(_ factory: any StoreFactory, bootstrapper: (any Bootstrapper<CounterAction>)? = nil) -> CounterStore
    {
        CounterStore(
            name: "Counter", initialState: CounterState(), bootstrapper: bootstrapper,
            executor: CounterExecutor(source: FakeSource()), reducer: counterReducer(), scheduler: ImmediateScheduler(),
            factory: factory)
    }

    @Test func theDefaultFactoryMakesAnInitializedStore() {
        let store = makeStore(DefaultStoreFactory(), bootstrapper: SimpleBootstrapper(.loadFromAction(4)))
        #expect(store.state.count == 4, "the bootstrapper ran")
        store.accept(.increment)
        #expect(store.state.count == 5)
    }

    @Test func aLoggingFactoryLogsEveryEventFromTheBootstrapOn() {
        let lines = Recorder<String>()
        let store = makeStore(
            LoggingStoreFactory(StoreEventLogger(write: lines.append)), bootstrapper: SimpleBootstrapper(.boot))
        store.accept(.increment)
        #expect(
            lines.values == [
                "[Counter #1] action: boot", "[Counter #2] intent: increment", "[Counter #3] message: incremented",
                "[Counter #4] state: CounterState(count: 1)",
            ])
    }

    @Test func wrappingFactoriesNestTheWrappedOneFirst() {
        let names = Recorder<String>()
        let lines = Recorder<String>()
        let logging = LoggingStoreFactory(StoreEventLogger(write: { lines.append("logged " + $0) }))
        let factory = NamingFactory(names: names, base: logging)
        let store = makeStore(factory)
        store.accept(.increment)
        #expect(names.values == ["Counter"])
        #expect(lines.values.first == "logged [Counter #1] intent: increment")
    }

    /// A logging factory prepares the store with the factory it wraps first: a logging factory
    /// wrapping another gives each event to the inner logger, then to the outer one.
    @Test func aLoggingFactoryPreparesTheStoreWithTheFactoryItWrapsFirst() {
        let lines = Recorder<String>()
        let inner = LoggingStoreFactory(StoreEventLogger(write: { lines.append("inner " + $0) }))
        let outer = LoggingStoreFactory(StoreEventLogger(write: { lines.append("outer " + $0) }), wrapping: inner)
        let store = makeStore(outer)
        store.accept(.increment)
        #expect(
            Array(lines.values.prefix(2)) == [
                "inner [Counter #1] intent: increment", "outer [Counter #1] intent: increment",
            ])
        #expect(lines.values.count == 6, "three events, each logged by both")
    }
}
