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
/// `dispatch(m)` emits `message(m)` then `state(s)` and notifies state observers before it
/// returns; each `publish(l)` emits `label(l)` and notifies label observers.
///
/// ## Lifetime
/// Releasing the last reference to a store disposes it, as `dispose()` would: its work in flight
/// is cancelled and nothing more is emitted. Subscriptions do not keep a store alive.
public final class DefaultStore<Intent, Action, Message, State, Label>: Store, @unchecked Sendable {
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
    ///   - eventObserver: sees every event from the very first one (bootstrap actions included).
    ///   - autoInit: when true (the default) the store initializes at once (on its scheduler);
    ///     otherwise call `initialize()`.
    @inlinable
    public init(
        name: String,
        initialState: State,
        bootstrapper: (any Bootstrapper<Action>)? = nil,
        executor: any Executor<Intent, Action, State, Message, Label>,
        reducer: some Reducer<State, Message>,
        scheduler: any Scheduler,
        eventObserver: ((Event) -> Void)? = nil,
        autoInit: Bool = true
    ) {
        core = StoreCore(
            name: name, initialState: initialState, bootstrapper: bootstrapper, executor: executor, reduce: reducer.reduce,
            scheduler: scheduler, eventObserver: eventObserver)
        if autoInit { initialize() }
    }

    deinit {
        let core = Confined(core)
        core.value.onScheduler { core.value.dispose() }
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
        core.scheduler.isCurrent ? core.disposed : core.published.withLock { $0.disposed }
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
    public func subscribe(states observer: @escaping (State) -> Void, onDispose: @escaping () -> Void) -> any Cancellable {
        core.subscribe(
            observer, onDispose: onDispose,
            add: { core, entry in
                core.stateObservers.append(entry)
                entry.body(core.currentState)
            },
            remove: { core, id in core.stateObservers.removeAll { $0.id == id } })
    }

    @discardableResult
    public func subscribe(labels observer: @escaping (Label) -> Void, onDispose: @escaping () -> Void) -> any Cancellable {
        core.subscribe(
            observer, onDispose: onDispose, add: { core, entry in core.labelObservers.append(entry) },
            remove: { core, id in core.labelObservers.removeAll { $0.id == id } })
    }

    /// Subscribes to every event from now on (see `StoreEvent`); for logging and recording.
    @discardableResult
    public func subscribe(events observer: @escaping (Event) -> Void) -> any Cancellable {
        core.subscribe(
            observer, onDispose: {}, add: { core, entry in core.eventObservers.append(entry) },
            remove: { core, id in core.eventObservers.removeAll { $0.id == id } })
    }

    public func dispose() {
        let core = self.core
        core.onScheduler { core.dispose() }
    }

    /// The number of state subscribers now (read it on the scheduler); for tests of unsubscription.
    package var stateObserverCount: Int { core.stateObservers.count }

    /// The number of label subscribers now (read it on the scheduler).
    package var labelObserverCount: Int { core.labelObservers.count }
}

/// The store's machinery. The executor's context holds it strongly (no weak reference, whose
/// side table would slow every retain); the cycle core -> executor -> context -> core is broken
/// by `dispose()`, which the facade's `deinit` calls.
@usableFromInline
final class StoreCore<Intent, Action, Message, State, Label>: @unchecked Sendable {
    @usableFromInline typealias Event = StoreEvent<Intent, Action, Message, State, Label>

    @usableFromInline let name: String
    @usableFromInline let scheduler: any Scheduler

    // Confined to `scheduler`: only ever touched there, one piece of work at a time, so the
    // runtime's exclusivity checks (a third of an intent's cost) are switched off for them.
    @usableFromInline @exclusivity(unchecked) var currentState: State
    @usableFromInline @exclusivity(unchecked) var disposed = false
    @usableFromInline @exclusivity(unchecked) var initialized = false
    @usableFromInline @exclusivity(unchecked) var stateObservers: [Observer<State>] = []
    @usableFromInline @exclusivity(unchecked) var labelObservers: [Observer<Label>] = []
    @usableFromInline @exclusivity(unchecked) var eventObservers: [Observer<Event>] = []
    @usableFromInline @exclusivity(unchecked) var sequence = 0
    @usableFromInline @exclusivity(unchecked) var executor: (any Executor<Intent, Action, State, Message, Label>)?
    @usableFromInline @exclusivity(unchecked) var bootstrapper: (any Bootstrapper<Action>)?

    // Copies for readers on other threads, and observer ids (which any thread may take).
    @usableFromInline let published: Locked<(state: State, disposed: Bool, nextObserverID: Int)>

    @usableFromInline let reduce: (State, Message) -> State
    @usableFromInline let work = WorkBag()

    @usableFromInline
    init(
        name: String, initialState: State, bootstrapper: (any Bootstrapper<Action>)?,
        executor: any Executor<Intent, Action, State, Message, Label>, reduce: @escaping (State, Message) -> State,
        scheduler: any Scheduler, eventObserver: ((Event) -> Void)?
    ) {
        self.name = name
        self.scheduler = scheduler
        self.currentState = initialState
        self.published = Locked((initialState, false, 1))
        self.reduce = reduce
        self.executor = executor
        self.bootstrapper = bootstrapper
        if let eventObserver { eventObservers.append(Observer(id: 0, body: eventObserver)) }
    }

    @inlinable
    func initialize() {
        precondition(!initialized, "Store '\(name)' is already initialized")
        initialized = true
        guard !disposed, let executor else { return }
        executor.attach(
            ExecutorContext(
                scheduler: scheduler,
                work: work,
                state: { [self] in currentState },
                isDisposed: { [self] in disposed },
                liveStore: { [self] in disposed ? nil : self },
                message: { [self] in handleMessage($0) },
                action: { [self] in handleAction($0) },
                label: { [self] in handleLabel($0) }))
        bootstrapper?.start(dispatch: { [self] action in handleAction(action) })
    }

    @inlinable
    var state: State {
        scheduler.isCurrent ? currentState : published.withLock { $0.state }
    }

    @inlinable
    func accept(_ intent: Intent) {
        if scheduler.isCurrent {
            handleIntent(intent)
        } else {
            let intent = Confined(intent)
            scheduler.schedule { [self] in handleIntent(intent.value) }
        }
    }

    /// Registers `observer` on the scheduler with `add` (which may also replay the current state),
    /// and returns a handle that unregisters it with `remove`.
    func subscribe<Value>(
        _ observer: @escaping (Value) -> Void,
        onDispose: @escaping () -> Void,
        add: @escaping (StoreCore, Observer<Value>) -> Void,
        remove: @escaping (StoreCore, Int) -> Void
    ) -> any Cancellable {
        let id = published.withLock { published in
            defer { published.nextObserverID += 1 }
            return published.nextObserverID
        }
        let add = Confined(add)
        let remove = Confined(remove)
        let onDispose = Confined(onDispose)
        onScheduler { [self] in
            guard !disposed else { return onDispose.value() }
            add.value(self, Observer(id: id, body: observer, onDispose: onDispose.value))
        }
        return Cancellation { [self] in onScheduler { [self] in remove.value(self, id) } }
    }

    func dispose() {
        guard !disposed else { return }
        disposed = true
        published.withLock { $0.disposed = true }
        bootstrapper?.dispose()
        executor?.dispose()
        work.cancelAll()
        emit(.disposed)
        let ending = stateObservers.map(\.onDispose) + labelObservers.map(\.onDispose)
        stateObservers = []
        labelObservers = []
        eventObservers = []
        for onDispose in ending { onDispose() }
        // Break the cycle through the executor's context.
        bootstrapper = nil
        executor = nil
    }

    @inlinable
    func handleIntent(_ intent: Intent) {
        guard !disposed else { return }
        emit(.intent(intent))
        executor?.executeIntent(intent)
    }

    @inlinable
    func handleAction(_ action: Action) {
        guard !disposed else { return }
        emit(.action(action))
        executor?.executeAction(action)
    }

    @inlinable
    func handleMessage(_ message: Message) {
        guard !disposed else { return }
        emit(.message(message))
        let newState = reduce(currentState, message)
        currentState = newState
        published.withLock { $0.state = newState }
        emit(.state(newState))
        for observer in stateObservers { observer.body(newState) }
    }

    @inlinable
    func handleLabel(_ label: Label) {
        guard !disposed else { return }
        emit(.label(label))
        for observer in labelObservers { observer.body(label) }
    }

    @inlinable
    func emit(_ kind: @autoclosure () -> Event.Kind) {
        sequence += 1
        guard !eventObservers.isEmpty else { return }
        let event = Event(storeName: name, sequence: sequence, kind: kind())
        for observer in eventObservers { observer.body(event) }
    }

    @inlinable
    func onScheduler(_ body: @escaping () -> Void) {
        if scheduler.isCurrent {
            body()
        } else {
            let body = Confined(body)
            scheduler.schedule { body.value() }
        }
    }
}

/// A subscriber and the id that cancels it.
@usableFromInline
struct Observer<Value> {
    @usableFromInline let id: Int
    @usableFromInline let body: (Value) -> Void
    /// Called once if the store is disposed while subscribed.
    @usableFromInline let onDispose: () -> Void

    @usableFromInline
    init(id: Int, body: @escaping (Value) -> Void, onDispose: @escaping () -> Void = {}) {
        self.id = id
        self.body = body
        self.onDispose = onDispose
    }
}
