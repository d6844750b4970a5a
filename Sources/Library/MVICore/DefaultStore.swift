import MVIEssentials

/// The store built from a bootstrapper, an executor and a reducer, confined to a scheduler.
///
/// A store belongs to the isolation domain that makes it, and its scheduler runs there. It is not
/// `Sendable`, so the compiler keeps every call to it, and every closure given to it, in that
/// domain; the store checks, in release builds too, that each call is made on its scheduler. The
/// rule, the order in which subscribers are told and an intent's route are written once, in the
/// article "The store's delivery order"; the machinery is `StoreCore` (StoreCore.swift).
///
/// Releasing the last reference to a store disposes it, as `dispose()` would: its work in flight
/// is cancelled and nothing more is emitted. Subscriptions do not keep a store alive.
public final class DefaultStore<Intent, Action, Message, State, Label>: Store {
    public typealias Event = StoreEvent<Intent, Action, Message, State, Label>

    /// The store's name, used in events, logs and error messages.
    public var name: String { core.name }
    /// The scheduler the store is confined to.
    public var scheduler: any Scheduler { core.scheduler }

    @usableFromInline let core: StoreCore<Intent, Action, Message, State, Label>

    /// Creates a store.
    ///
    /// - Parameters:
    ///   - name: appears in events and messages.
    ///   - initialState: the state before any message.
    ///   - bootstrapper: actions dispatched once when the store initializes.
    ///   - executor: does the work; attached to this store only.
    ///   - reducer: the pure state transition.
    ///   - scheduler: the store is confined to it.
    ///   - factory: prepares the store before it initializes (`LoggingStoreFactory` subscribes to
    ///     its events, so it sees every event from the very first one, the bootstrapper's included).
    ///     Features take one and pass it here; `DefaultStoreFactory` adds nothing.
    ///   - autoInit: when true (the default) the store initializes at once; otherwise call
    ///     `initialize()`.
    ///
    /// Make the store on `scheduler` (the main thread for `DispatchQueueScheduler.main()`); made
    /// anywhere else, it stops the program with a message naming the store and the thread.
    @inlinable
    public init(
        name: String,
        initialState: State,
        bootstrapper: (any Bootstrapper<Action>)? = nil,
        executor: some Executor<Intent, Action, Message, State, Label>,
        reducer: some Reducer<State, Message>,
        scheduler: any Scheduler,
        factory: any StoreFactory = DefaultStoreFactory(),
        autoInit: Bool = true
    ) {
        core = StoreCore(
            name: name, initialState: initialState, bootstrapper: bootstrapper, executor: executor,
            reducer: { state, message in reducer.reduce(state, message) },
            messageStep: { core, message in core.reduce(message) }, scheduler: scheduler)
        factory.prepare(self)
        if autoInit { initialize() }
    }

    deinit {
        core.released()
    }

    /// Attaches the executor and starts the bootstrapper. Calling it twice is a programming error.
    public func initialize() {
        core.requireScheduler("initialize()")
        core.initialize()
    }

    /// The current state.
    public var state: State {
        core.requireScheduler("state")
        return core.currentState
    }

    /// Whether the store is disposed.
    public var isDisposed: Bool {
        core.requireScheduler("isDisposed")
        return !core.loop.isLive
    }

    @inlinable
    public func accept(_ intent: Intent) {
        let core = self.core
        guard core.scheduler.isCurrent else { core.offScheduler("accept(_:)") }
        core.submit(.executor, queue: core.enqueue(intent)) { core.runIntent(intent) }
    }

    @discardableResult
    public func subscribe(states observer: @escaping (State) -> Void) -> any Cancellable {
        subscribe(states: observer, onDispose: {})
    }

    @discardableResult
    public func subscribe(labels observer: @escaping (Label) -> Void) -> any Cancellable {
        subscribe(labels: observer, onDispose: {})
    }

    /// Subscribes to states: the observer is told the current state at once, then every new one.
    @discardableResult
    public func subscribe(states observer: @escaping (State) -> Void, onDispose: @escaping () -> Void)
        -> any Cancellable
    {
        // The lists are named by closures, not key paths: a generic type's key path is built at
        // run time on every call.
        core.subscribe(.init(observer, onDispose: onDispose), to: { $0.stateObservers }) { core, observer in
            observer.body(core.currentState)
        }
    }

    @discardableResult
    public func subscribe(labels observer: @escaping (Label) -> Void, onDispose: @escaping () -> Void)
        -> any Cancellable
    {
        core.subscribe(.init(observer, onDispose: onDispose), to: { $0.labelObservers })
    }

    /// Subscribes to every event from now on (see `StoreEvent`); for logging and recording.
    @discardableResult
    public func subscribe(events observer: @escaping (Event) -> Void) -> any Cancellable {
        core.subscribe(.init(observer), to: { $0.eventObservers })
    }

    public func dispose() {
        core.requireScheduler("dispose()")
        core.dispose()
    }

    /// The number of state subscribers now; for tests of unsubscription.
    package var stateObserverCount: Int { core.stateObservers.count }

    /// The executor's async effects running now, in the order they started; for `TestStore`'s check
    /// that none is left at the end of a test.
    package var runningEffects: [RunningEffect] { core.effects.running }

    /// Keeps the errors effects throw with no `catch:` handler for `takeUnhandledEffectErrors()`,
    /// instead of writing them to standard error; for `TestStore`.
    package func collectUnhandledEffectErrors() {
        if core.effects.unhandledErrors == nil { core.effects.unhandledErrors = [] }
    }

    /// The errors kept since the last call, in the order they were thrown.
    package func takeUnhandledEffectErrors() -> [UnhandledEffectError] {
        defer { if core.effects.unhandledErrors != nil { core.effects.unhandledErrors = [] } }
        return core.effects.unhandledErrors ?? []
    }
}
