import MVIEssentials

/// The store built from a bootstrapper, an executor and a reducer, confined to a scheduler.
///
/// ## Threading
/// The store is confined to its scheduler: it mutates its state, runs its executor and calls
/// its observers only there. Calls from another thread are **hopped** onto the scheduler:
/// `accept`, `dispose` and `subscribe` made off the scheduler are submitted to it and take
/// effect asynchronously, in the order they were made. On the scheduler they take effect
/// at once. `state` and `isDisposed` may be read from any thread; off the scheduler they read
/// a lock-protected copy that is updated with every change.
///
/// With `ImmediateScheduler` every thread counts as "on the scheduler": such a store must be
/// used from one thread at a time. `TestScheduler` is meant to be driven from one thread too.
///
/// ## Order of events
/// `accept(i)` emits `intent(i)`, then whatever the executor does, in order: each
/// `dispatch(m)` emits `message(m)`, runs the reducer, emits `state(s)` and tells the state
/// subscribers; each `publish(l)` emits `label(l)` and tells the label subscribers.
///
/// Subscribers are never told inside another round: intents and emissions made while subscribers
/// are being told are queued and handled after the current round, in order. So every subscriber
/// sees the states in the order the store produced them, and when `accept` returns to a caller that
/// is not itself a subscriber, the last state every subscriber was told is `state`.
///
/// ## Reading it
/// This is the facade; the machinery is `StoreCore` (StoreCore.swift), which draws an intent's
/// route from `accept` to a subscriber's render at its top, as the article "The store's delivery
/// order" does.
///
/// ## Lifetime
/// Releasing the last reference to a store disposes it, as `dispose()` would: its work in flight
/// is cancelled and nothing more is emitted. Subscriptions do not keep a store alive.
// Calls off the scheduler are hopped onto it; cross-thread reads take a lock.
public final class DefaultStore<Intent, Action, Message, State, Label>: Store, @unchecked Sendable {  // see above
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
    ///   - autoInit: when true (the default) the store initializes at once (on its scheduler);
    ///     otherwise call `initialize()`.
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
            name: name, initialState: initialState, bootstrapper: bootstrapper, executor: executor, reducer: reducer,
            scheduler: scheduler)
        factory.prepare(self)
        if autoInit { initialize() }
    }

    deinit {
        let core = self.core
        core.onScheduler { core.dispose() }
    }

    /// Attaches the executor and starts the bootstrapper. Calling it twice is a programming error.
    @inlinable
    public func initialize() {
        let core = self.core
        core.onScheduler { core.initialize() }
    }

    @inlinable
    public var state: State { core.state }

    public var isDisposed: Bool {
        core.isOnScheduler ? core.run.isDisposed : core.published.isDisposed
    }

    @inlinable
    public func accept(_ intent: Intent) {
        core.accept(intent)
    }

    @discardableResult
    public func subscribe(states observer: @escaping (State) -> Void) -> any Cancellable {
        subscribe(states: observer, onDispose: {})
    }

    @discardableResult
    public func subscribe(labels observer: @escaping (Label) -> Void) -> any Cancellable {
        subscribe(labels: observer, onDispose: {})
    }

    @discardableResult
    public func subscribe(states observer: @escaping (State) -> Void, onDispose: @escaping () -> Void)
        -> any Cancellable
    {
        core.subscribe(
            onDispose: onDispose,
            add: { core, id in
                core.stateObservers.add(id: id, since: core.run.lastSequence, body: observer, onDispose: onDispose)
                observer(core.loadState())
            },
            remove: { core, id in core.stateObservers.remove(id: id) })
    }

    @discardableResult
    public func subscribe(labels observer: @escaping (Label) -> Void, onDispose: @escaping () -> Void)
        -> any Cancellable
    {
        core.subscribe(
            onDispose: onDispose,
            add: { core, id in
                core.labelObservers.add(id: id, since: core.run.lastSequence, body: observer, onDispose: onDispose)
            },
            remove: { core, id in core.labelObservers.remove(id: id) })
    }

    /// Subscribes to every event from now on (see `StoreEvent`); for logging and recording.
    @discardableResult
    public func subscribe(events observer: @escaping (Event) -> Void) -> any Cancellable {
        core.subscribe(
            onDispose: {}, add: { core, id in core.addEventObserver(id: id, observer) },
            remove: { core, id in core.removeEventObserver(id: id) })
    }

    public func dispose() {
        let core = self.core
        core.onScheduler { core.dispose() }
    }

    /// The number of state subscribers now (read it on the scheduler); for tests of unsubscription.
    package var stateObserverCount: Int { core.stateObservers.liveCount }

    /// The number of label subscribers now (read it on the scheduler).
    package var labelObserverCount: Int { core.labelObservers.liveCount }
}
