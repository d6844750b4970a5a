/// Makes the stores of features, and lets logging and recording wrap every one of them, as
/// MVIKotlin's `StoreFactory`, `LoggingStoreFactory` and `TimeTravelStoreFactory` do.
///
/// A feature makes its stores with `DefaultStore(..., factory:)` and the factory it is given (by
/// default a `DefaultStoreFactory`, which adds nothing). A factory sees each store before it initializes, so
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

extension DefaultStore {
    /// Makes a store (see `init(name:initialState:bootstrapper:executor:reducer:scheduler:autoInit:)`),
    /// lets `factory` prepare it, then initializes it.
    ///
    /// An initializer of the store, not a generic method of the factory: called where the feature
    /// names its own types, it is specialized for the executor and the reducer there, as any store
    /// is. (A generic method called through `any StoreFactory` is not specialized: the replay
    /// benchmark ran 10% more instructions with one.)
    @inlinable
    public convenience init(
        name: String,
        initialState: State,
        bootstrapper: (any Bootstrapper<Action>)? = nil,
        executor: some Executor<Intent, Action, Message, State, Label>,
        reducer: some Reducer<State, Message>,
        scheduler: any Scheduler,
        factory: any StoreFactory
    ) {
        self.init(
            name: name, initialState: initialState, bootstrapper: bootstrapper, executor: executor, reducer: reducer,
            scheduler: scheduler, autoInit: false)
        factory.prepare(self)
        initialize()
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
