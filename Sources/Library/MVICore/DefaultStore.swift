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
/// ## Lifetime
/// Releasing the last reference to a store disposes it, as `dispose()` would: its work in flight
/// is cancelled and nothing more is emitted. Subscriptions do not keep a store alive.
public final class DefaultStore<Intent, Action, Message, State, Label>: Store, @unchecked Sendable {  // calls off the scheduler are hopped onto it; cross-thread reads take a lock
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
        executor: some Executor<Intent, Action, Message, State, Label>,
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
    public func subscribe(states observer: @escaping (State) -> Void, onDispose: @escaping () -> Void) -> any Cancellable {
        core.subscribe(
            onDispose: onDispose,
            add: { core, id in
                core.stateObservers.add(id: id, since: core.run.lastSequence, body: observer, onDispose: onDispose)
                observer(core.loadState())
            },
            remove: { core, id in core.stateObservers.remove(id: id) })
    }

    @discardableResult
    public func subscribe(labels observer: @escaping (Label) -> Void, onDispose: @escaping () -> Void) -> any Cancellable {
        core.subscribe(
            onDispose: onDispose, add: { core, id in core.labelObservers.add(id: id, since: core.run.lastSequence, body: observer, onDispose: onDispose) },
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

/// The store's machinery, confined to the scheduler.
///
/// The executor's context reaches the core through `unowned` references and holds it strongly
/// (as `store`) until `dispose()` detaches the context: that breaks the cycle
/// core -> executor -> context -> core. The facade's `deinit` disposes the core.
///
/// The flags and counters an intent touches live in `run` (see `RunState`); the generic parts
/// here are touched once or twice per message.
@usableFromInline
final class StoreCore<Intent, Action, Message, State, Label>: @unchecked Sendable {  // mutable state is touched only on `scheduler`; `published` has a lock
    @usableFromInline typealias Event = StoreEvent<Intent, Action, Message, State, Label>

    /// Something to tell subscribers, waiting for the current round to end.
    @usableFromInline
    enum Pending {
        case event(Event)
        case state(State, sequence: Int)
        case label(Label, sequence: Int)
    }

    @usableFromInline let name: String
    @usableFromInline let scheduler: any Scheduler
    /// The scheduler's `isCurrentOnEveryThread`, read once: such a store never hops and keeps
    /// no copy of its state for other threads, since for it there are no other threads.
    @usableFromInline let schedulerIsEverywhere: Bool
    /// The scheduler when it is an `ImmediateScheduler`: the store's own entry points then run as
    /// pieces of its work, so that work they submit runs after them, never inside them.
    @usableFromInline let trampoline: ImmediateScheduler?

    // Confined to `scheduler`.
    @usableFromInline let run = RunState()
    /// Touched only by `loadState`, `storeState` and `init`, which call nothing while they access
    /// it, so the compiler checks exclusive access to it when it builds this module.
    var currentState: State
    @usableFromInline var initialized = false
    @usableFromInline let stateObservers = ObserverList<State>()
    @usableFromInline let labelObservers = ObserverList<Label>()
    @usableFromInline let eventObservers = ObserverList<Event>()
    /// Emissions made while subscribers were being told, in the order they were made.
    var pending: [Pending] = []
    /// Intents that came while the executor was running or subscribers were being told, in order.
    var pendingIntents: [Intent] = []
    /// Kept until `dispose()`; the cycle through its context is broken by detaching the context.
    @usableFromInline let executor: any Executor<Intent, Action, Message, State, Label>
    @usableFromInline var context: ExecutorContext<Action, Message, State, Label>?
    @usableFromInline var bootstrapper: (any Bootstrapper<Action>)?

    // Copies for readers on other threads, and observer ids (which any thread may take).
    @usableFromInline let published: SharedCopy<State>

    @usableFromInline let work = WorkBag()

    // The two steps of an intent, made where the executor's and the reducer's own types are
    // known, so the compiler specializes them whole (the reducer is inlined into `messageStep`).
    @usableFromInline let intentStep: (Intent) -> Void
    @usableFromInline let messageStep: (StoreCore, Message) -> Void

    @inlinable
    convenience init<E: Executor<Intent, Action, Message, State, Label>, R: Reducer<State, Message>>(
        name: String, initialState: State, bootstrapper: (any Bootstrapper<Action>)?,
        executor: E, reducer: R, scheduler: any Scheduler, eventObserver: ((Event) -> Void)?
    ) {
        self.init(
            name: name, initialState: initialState, bootstrapper: bootstrapper, executor: executor,
            intentStep: { intent in executor.executeIntent(intent) },
            messageStep: { core, message in core.handleMessage(message, reducer: reducer) },
            scheduler: scheduler, eventObserver: eventObserver)
    }

    /// The store's parts, with its two steps made by the convenience initializer where the
    /// executor's and the reducer's types are known.
    @usableFromInline
    init(
        name: String, initialState: State, bootstrapper: (any Bootstrapper<Action>)?,
        executor: any Executor<Intent, Action, Message, State, Label>,
        intentStep: @escaping (Intent) -> Void, messageStep: @escaping (StoreCore, Message) -> Void,
        scheduler: any Scheduler, eventObserver: ((Event) -> Void)?
    ) {
        self.name = name
        self.scheduler = scheduler
        self.schedulerIsEverywhere = scheduler.isCurrentOnEveryThread
        self.trampoline = scheduler as? ImmediateScheduler
        self.currentState = initialState
        self.published = SharedCopy(initialState)
        self.executor = executor
        self.intentStep = intentStep
        self.messageStep = messageStep
        self.bootstrapper = bootstrapper
        if let eventObserver { addEventObserver(id: 0, eventObserver) }
    }

    /// Attaches the executor and starts the bootstrapper. Calling it twice is a programming error.
    /// Inlinable, so that the closures it gives the context are specialized for the store's types.
    @inlinable
    func initialize() {
        precondition(!initialized, "Store '\(name)' is already initialized")
        initialized = true
        guard run.isLive else { return }
        let messageStep = self.messageStep
        let context = ExecutorContext<Action, Message, State, Label>(
            scheduler: scheduler,
            work: work,
            store: self,
            run: run,
            state: { [unowned self] in loadState() },
            message: { [unowned self] message in messageStep(self, message) },
            action: { [unowned self] action in handleAction(action) },
            label: { [unowned self] label in handleLabel(label) },
            turn: { [unowned self] body in executorTurn(body) })
        self.context = context
        executor.attach(context)
        executorTurn {
            bootstrapper?.start(dispatch: { [unowned self] action in handleAction(action) })
        }
    }

    /// Whether the calling code runs on the store's scheduler.
    @inlinable
    var isOnScheduler: Bool { schedulerIsEverywhere || scheduler.isCurrent }

    @inlinable
    var state: State {
        isOnScheduler ? loadState() : published.currentState
    }

    /// The current state (on the scheduler).
    @usableFromInline
    func loadState() -> State { currentState }

    /// Replaces the current state (on the scheduler).
    @usableFromInline
    func storeState(_ state: State) {
        // Exchanged rather than assigned, so that the old state is released after the access
        // ends: no code (a deinit) runs inside it, and the compiler can prove it exclusive.
        var state = state
        exchange(&currentState, &state)
    }

    @inlinable
    func accept(_ intent: Intent) {
        if isOnScheduler {
            if let trampoline {
                trampoline.perform { receive(intent) }
            } else {
                receive(intent)
            }
        } else {
            // Handed over once; it is only touched on the scheduler from now on.
            let intent = Confined(intent, to: scheduler)
            scheduler.schedule { [self] in receive(intent.value) }
        }
    }

    /// Handles an intent now, or queues it while the executor runs or subscribers are being
    /// told: the executor is never re-entered, and no subscriber is told inside another round.
    @inlinable
    func receive(_ intent: Intent) {
        switch run.beginIntent() {
        case .run: break
        case .runObserved: emit(.intent(intent))
        case .wait: return postpone(intent)
        case .drop: return
        }
        intentStep(intent)
        if run.endExecuting() { drainIntents() }
    }

    @usableFromInline
    func postpone(_ intent: Intent) {
        pendingIntents.append(intent)
        run.setPendingIntents(true)
    }

    /// Runs executor code that does not come from an intent (the bootstrapper, a callback, a
    /// timer) as the executor's turn, then the intents that came meanwhile.
    @usableFromInline
    func executorTurn(_ body: () -> Void) {
        guard run.beginTurn() else { return body() }
        body()
        if run.endExecuting() { drainIntents() }
    }

    /// Handles the queued intents in order, each one to its end, until none is left.
    @usableFromInline
    func drainIntents() {
        while !pendingIntents.isEmpty {
            let intent = pendingIntents.removeFirst()
            run.setPendingIntents(!pendingIntents.isEmpty)
            guard run.beginExecuting() else {
                // Disposed meanwhile: nothing more is handled.
                pendingIntents.removeAll()
                run.setPendingIntents(false)
                return
            }
            emit(.intent(intent))
            intentStep(intent)
            _ = run.endExecuting()
        }
    }

    @usableFromInline
    func addEventObserver(id: Int, _ observer: @escaping (Event) -> Void) {
        eventObservers.add(id: id, since: run.lastSequence, body: observer)
        run.setEventObservers(true)
    }

    func removeEventObserver(id: Int) {
        eventObservers.remove(id: id)
        run.setEventObservers(!eventObservers.isEmpty)
    }

    /// Registers a subscriber on the scheduler with `add` (which may also replay the current
    /// state), under a new id, and returns a handle that unregisters it with `remove`.
    /// If the store is disposed by then, `onDispose` runs instead.
    func subscribe(
        onDispose: @escaping () -> Void,
        add: @escaping (StoreCore, Int) -> Void,
        remove: @escaping (StoreCore, Int) -> Void
    ) -> any Cancellable {
        let id = published.takeObserverID()
        onScheduler { [self] in
            guard run.isLive else { return onDispose() }
            add(self, id)
        }
        // Handed over once to the scheduler, which runs `remove` there.
        let remove = Confined(remove, to: scheduler)
        return Cancellation { [self] in onScheduler { [self] in remove.value(self, id) } }
    }

    func dispose() {
        guard run.markDisposed() else { return }
        published.markDisposed()
        bootstrapper?.dispose()
        executor.dispose()
        work.cancelAll()
        let ending = stateObservers.removeAll() + labelObservers.removeAll()
        pendingIntents.removeAll()
        run.setPendingIntents(false)
        emit(.disposed)
        for onDispose in ending { onDispose() }
        // Event observers are told what is still queued, `disposed` last, then dropped.
        if !run.isDelivering { dropEventObservers() }
        // Break the cycles through the executor's context and the bootstrapper.
        context?.detach()
        context = nil
        bootstrapper = nil
    }

    @usableFromInline
    func dropEventObservers() {
        _ = eventObservers.removeAll()
        run.setEventObservers(false)
    }

    @inlinable
    func handleAction(_ action: Action) {
        guard run.isLive else { return }
        emit(.action(action))
        executor.executeAction(action)
    }

    /// A message: the reducer's step, then the new state to subscribers. Most messages come when no
    /// one observes events and no round runs: `RunState` then numbers both events and starts the
    /// round in one call, and the state goes straight to the state subscribers.
    @inlinable
    func handleMessage<R: Reducer<State, Message>>(_ message: Message, reducer: R) {
        let sequence = run.beginQuietMessage()
        guard sequence > 0 else { return handleMessageInGeneral(message, reducer: reducer) }
        let newState = reducer.reduce(loadState(), message)
        storeState(newState)
        if !schedulerIsEverywhere { published.publish(newState) }
        stateObservers.notify(newState, sequence: sequence)
        endRound()
    }

    /// A message while events are observed or a round runs: each event emitted, the state queued
    /// behind the round.
    @inlinable
    func handleMessageInGeneral<R: Reducer<State, Message>>(_ message: Message, reducer: R) {
        guard run.isLive else { return }
        emit(.message(message))
        let newState = reducer.reduce(loadState(), message)
        storeState(newState)
        if !schedulerIsEverywhere { published.publish(newState) }
        emit(.state(newState))
        deliver(.state(newState, sequence: run.lastSequence))
    }

    @inlinable
    func handleLabel(_ label: Label) {
        guard run.isLive else { return }
        emit(.label(label))
        deliver(.label(label, sequence: run.lastSequence))
    }

    @inlinable
    func emit(_ kind: @autoclosure () -> Event.Kind) {
        let sequence = run.nextEvent()
        guard sequence != 0 else { return }
        deliver(.event(Event(storeName: name, sequence: sequence, kind: kind())))
    }

    /// Tells subscribers now, or queues it when subscribers are being told already.
    @inlinable
    func deliver(_ item: Pending) {
        guard run.beginDelivery() else { return queue(item) }
        tell(item)
        endRound()
    }

    /// Ends a round: what was queued during it is told, then queued intents are handled.
    @inlinable
    func endRound() {
        while true {
            switch run.endDelivery() {
            case .done: return
            case .tellPending: tellPending()
            case .handleIntents: return drainIntents()
            case .dropEventObservers: return dropEventObservers()
            }
        }
    }

    @usableFromInline
    func queue(_ item: Pending) {
        pending.append(item)
    }

    /// Tells what was queued during the round, in order (more may be queued meanwhile).
    @usableFromInline
    func tellPending() {
        let items = pending
        pending.removeAll(keepingCapacity: true)
        for item in items { tell(item) }
    }

    @inlinable
    func tell(_ item: Pending) {
        switch item {
        case .state(let state, let sequence): stateObservers.notify(state, sequence: sequence)
        case .label(let label, let sequence): labelObservers.notify(label, sequence: sequence)
        case .event(let event): eventObservers.notify(event, sequence: event.sequence)
        }
    }

    /// Runs `body` on the scheduler: at once when called there, otherwise submitted to it.
    @inlinable
    func onScheduler(_ body: @escaping () -> Void) {
        if isOnScheduler {
            if let trampoline { trampoline.perform(body) } else { body() }
        } else {
            // Handed over once; it runs only on the scheduler.
            let body = Confined(body, to: scheduler)
            scheduler.schedule { body.value() }
        }
    }
}

