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
        executor: some Executor<Intent, Action, State, Message, Label>,
        reducer: some Reducer<State, Message>,
        scheduler: any Scheduler,
        eventObserver: ((Event) -> Void)? = nil,
        autoInit: Bool = true
    ) {
        core = StoreCore(
            name: name, initialState: initialState, bootstrapper: bootstrapper, executor: executor, reducer: reducer,
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
        core.isOnScheduler ? core.disposed : core.published.withLock { $0.disposed }
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
            onDispose: onDispose,
            add: { core, id in
                core.stateObservers.add(id: id, body: observer, onDispose: onDispose)
                observer(core.currentState)
            },
            remove: { core, id in core.stateObservers.remove(id: id) })
    }

    @discardableResult
    public func subscribe(labels observer: @escaping (Label) -> Void, onDispose: @escaping () -> Void) -> any Cancellable {
        core.subscribe(
            onDispose: onDispose, add: { core, id in core.labelObservers.add(id: id, body: observer, onDispose: onDispose) },
            remove: { core, id in core.labelObservers.remove(id: id) })
    }

    /// Subscribes to every event from now on (see `StoreEvent`); for logging and recording.
    @discardableResult
    public func subscribe(events observer: @escaping (Event) -> Void) -> any Cancellable {
        core.subscribe(
            onDispose: {}, add: { core, id in core.eventObservers.add(id: id, body: observer) },
            remove: { core, id in core.eventObservers.remove(id: id) })
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

/// The store's machinery. The executor's context holds it strongly until `dispose()` (which the
/// facade's `deinit` calls) detaches the context, breaking the cycle core -> executor -> context -> core.
///
/// The path of an intent does no reference counting at all: the executor is a constant, the
/// context's entry points reach the core unretained, and subscribers are told through
/// `ObserverList`. Those atomic operations were most of an intent's cost.
@usableFromInline
final class StoreCore<Intent, Action, Message, State, Label>: @unchecked Sendable {
    @usableFromInline typealias Event = StoreEvent<Intent, Action, Message, State, Label>

    @usableFromInline let name: String
    @usableFromInline let scheduler: any Scheduler
    /// The scheduler's `isCurrentOnEveryThread`, read once: such a store never hops and keeps
    /// no copy of its state for other threads, since for it there are no other threads.
    @usableFromInline let schedulerIsEverywhere: Bool

    // Confined to `scheduler`: only ever touched there, one piece of work at a time, so the
    // runtime's exclusivity checks (a third of an intent's cost) are switched off for them.
    @usableFromInline @exclusivity(unchecked) var currentState: State
    @usableFromInline @exclusivity(unchecked) var disposed = false
    @usableFromInline @exclusivity(unchecked) var initialized = false
    @usableFromInline let stateObservers = ObserverList<State>()
    @usableFromInline let labelObservers = ObserverList<Label>()
    @usableFromInline let eventObservers = ObserverList<Event>()
    @usableFromInline @exclusivity(unchecked) var sequence = 0
    /// A constant, so calling it needs no reference counting; the cycle through its context is
    /// broken by detaching the context.
    @usableFromInline let executor: any Executor<Intent, Action, State, Message, Label>
    @usableFromInline @exclusivity(unchecked) var context: ExecutorContext<State, Message, Action, Label>?
    @usableFromInline @exclusivity(unchecked) var bootstrapper: (any Bootstrapper<Action>)?

    // Copies for readers on other threads, and observer ids (which any thread may take).
    @usableFromInline let published: Locked<(state: State, disposed: Bool, nextObserverID: Int)>

    @usableFromInline let work = WorkBag()

    // The two steps of an intent, made where the executor's and the reducer's own types are
    // known, so the compiler specializes them whole (the reducer is inlined into `messageStep`).
    @usableFromInline let intentStep: (Intent) -> Void
    /// Set once at the end of `init` (it needs `self`), then only read, by `initialize`.
    @usableFromInline @exclusivity(unchecked) var messageStep: (Message) -> Void = { _ in }

    @inlinable
    init<E: Executor<Intent, Action, State, Message, Label>, R: Reducer<State, Message>>(
        name: String, initialState: State, bootstrapper: (any Bootstrapper<Action>)?,
        executor: E, reducer: R, scheduler: any Scheduler, eventObserver: ((Event) -> Void)?
    ) {
        self.name = name
        self.scheduler = scheduler
        self.schedulerIsEverywhere = scheduler.isCurrentOnEveryThread
        self.currentState = initialState
        self.published = Locked((initialState, false, 1))
        self.executor = executor
        self.intentStep = { intent in executor.executeIntent(intent) }
        self.bootstrapper = bootstrapper
        if let eventObserver { eventObservers.add(id: 0, body: eventObserver) }
        // Unretained: the executor's context calls it, and holds the core while it may.
        let core = Unmanaged.passUnretained(self)
        messageStep = { message in core._withUnsafeGuaranteedRef { $0.handleMessage(message, reducer: reducer) } }
    }

    @inlinable
    func initialize() {
        precondition(!initialized, "Store '\(name)' is already initialized")
        initialized = true
        guard !disposed else { return }
        // The context reaches the core unretained (see ExecutorContext); it holds the core
        // itself until `dispose()` detaches it, which also breaks the cycle core -> executor -> context -> core.
        let core = Unmanaged.passUnretained(self)
        let context = ExecutorContext<State, Message, Action, Label>(
            scheduler: scheduler,
            work: work,
            store: self,
            state: { core._withUnsafeGuaranteedRef { $0.currentState } },
            message: messageStep,
            action: { action in core._withUnsafeGuaranteedRef { $0.handleAction(action) } },
            label: { label in core._withUnsafeGuaranteedRef { $0.handleLabel(label) } })
        self.context = context
        executor.attach(context)
        bootstrapper?.start(dispatch: { [self] action in handleAction(action) })
    }

    /// Whether the calling code runs on the store's scheduler.
    @inlinable
    var isOnScheduler: Bool { schedulerIsEverywhere || scheduler.isCurrent }

    @inlinable
    var state: State {
        isOnScheduler ? currentState : published.withLock { $0.state }
    }

    @inlinable
    func accept(_ intent: Intent) {
        if isOnScheduler {
            handleIntent(intent)
        } else {
            let intent = Confined(intent)
            scheduler.schedule { [self] in handleIntent(intent.value) }
        }
    }

    /// Registers a subscriber on the scheduler with `add` (which may also replay the current
    /// state), under a new id, and returns a handle that unregisters it with `remove`.
    /// If the store is disposed by then, `onDispose` runs instead.
    func subscribe(
        onDispose: @escaping () -> Void,
        add: @escaping (StoreCore, Int) -> Void,
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
            add.value(self, id)
        }
        return Cancellation { [self] in onScheduler { [self] in remove.value(self, id) } }
    }

    func dispose() {
        guard !disposed else { return }
        disposed = true
        published.withLock { $0.disposed = true }
        bootstrapper?.dispose()
        executor.dispose()
        work.cancelAll()
        emit(.disposed)
        let ending = stateObservers.removeAll() + labelObservers.removeAll()
        _ = eventObservers.removeAll()
        for onDispose in ending { onDispose() }
        // Break the cycles through the executor's context and the bootstrapper.
        context?.detach()
        context = nil
        bootstrapper = nil
    }

    @inlinable
    func handleIntent(_ intent: Intent) {
        guard !disposed else { return }
        emit(.intent(intent))
        intentStep(intent)
    }

    @inlinable
    func handleAction(_ action: Action) {
        guard !disposed else { return }
        emit(.action(action))
        executor.executeAction(action)
    }

    @inlinable
    func handleMessage<R: Reducer<State, Message>>(_ message: Message, reducer: R) {
        guard !disposed else { return }
        emit(.message(message))
        let newState = reducer.reduce(currentState, message)
        currentState = newState
        if !schedulerIsEverywhere { published.withLock { $0.state = newState } }
        emit(.state(newState))
        stateObservers.notify(newState)
    }

    @inlinable
    func handleLabel(_ label: Label) {
        guard !disposed else { return }
        emit(.label(label))
        labelObservers.notify(label)
    }

    @inlinable
    func emit(_ kind: @autoclosure () -> Event.Kind) {
        sequence &+= 1
        guard !eventObservers.isEmpty else { return }
        eventObservers.notify(Event(storeName: name, sequence: sequence, kind: kind()))
    }

    @inlinable
    func onScheduler(_ body: @escaping () -> Void) {
        if isOnScheduler {
            body()
        } else {
            let body = Confined(body)
            scheduler.schedule { body.value() }
        }
    }
}
