/// Makes the stores of features, and lets logging and recording wrap every one of them, as
/// MVIKotlin's `StoreFactory`, `LoggingStoreFactory` and `TimeTravelStoreFactory` do.
///
/// A feature makes its stores with `makeStore(...)` of the factory it is given (by default a
/// `DefaultStoreFactory`, which adds nothing). A factory sees each store before it initializes, so
/// a subscriber it adds sees every event from the first (the bootstrapper's actions included):
/// ```swift
/// let logged = LoggingStoreFactory(StoreEventLogger())
/// let component = KittenComponent(
///     dataSource: source, scheduler: DispatchQueueScheduler.main(), backgroundScheduler: background, factory: logged)
/// ```
/// Wrapping factories nest: each passes the store to the one it wraps first, then adds its own.
public protocol StoreFactory: Sendable {
    /// Called once for each store the factory makes, after it is made and before it initializes.
    func prepare<Intent, Action, Message, State, Label>(_ store: DefaultStore<Intent, Action, Message, State, Label>)
}

extension StoreFactory {
    /// Makes a store (see `DefaultStore.init`), lets the factory prepare it, then initializes it.
    ///
    /// Inlinable, so that the store is specialized for the executor and the reducer where the
    /// feature calls it, as a store made with `DefaultStore.init` is.
    @inlinable
    public func makeStore<E: Executor, R: Reducer>(
        name: String,
        initialState: E.State,
        bootstrapper: (any Bootstrapper<E.Action>)? = nil,
        executor: E,
        reducer: R,
        scheduler: any Scheduler
    ) -> DefaultStore<E.Intent, E.Action, E.Message, E.State, E.Label> where R.State == E.State, R.Message == E.Message {
        let store = DefaultStore(
            name: name, initialState: initialState, bootstrapper: bootstrapper, executor: executor, reducer: reducer,
            scheduler: scheduler, autoInit: false)
        prepare(store)
        store.initialize()
        return store
    }
}

/// The factory that adds nothing: stores as `DefaultStore.init` makes them.
public struct DefaultStoreFactory: StoreFactory {
    public init() {}

    public func prepare<Intent, Action, Message, State, Label>(_ store: DefaultStore<Intent, Action, Message, State, Label>) {}
}

/// Wraps another factory and logs every event of every store it makes, one line each
/// (`StoreEventLogger`).
public struct LoggingStoreFactory: StoreFactory {
    private let base: any StoreFactory
    private let logger: StoreEventLogger

    /// - Parameters:
    ///   - logger: writes the lines.
    ///   - base: the factory wrapped; its preparation comes first.
    public init(_ logger: StoreEventLogger, wrapping base: any StoreFactory = DefaultStoreFactory()) {
        self.logger = logger
        self.base = base
    }

    public func prepare<Intent, Action, Message, State, Label>(_ store: DefaultStore<Intent, Action, Message, State, Label>) {
        base.prepare(store)
        let logger = self.logger
        store.subscribe(events: { logger.log($0) })
    }
}
