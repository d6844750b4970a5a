import MVIEssentials

/// The store's machinery, confined to the scheduler: everything an intent goes through, in one file.
///
/// ## An intent's route, from `accept` to a render
/// Reading down this file follows one intent on the quiet path (no event observer, no round running):
/// 1. `accept` (called by `DefaultStore.accept`): on the scheduler it goes on at once (through the
///    trampoline of an `ImmediateScheduler`); off it, the intent is hopped onto the scheduler.
/// 2. `receive` asks `run.beginIntent()` (`RunState`) whether the executor is free; if it is running
///    or subscribers are being told, the intent waits in `pendingIntents`.
/// 3. `intentStep` calls the executor's `executeIntent`, which calls `dispatch(message)`
///    (`BaseExecutor.dispatch`, then `ExecutorContext.dispatch`, in Executor.swift).
/// 4. The context's `message` closure, made in `initialize`, calls `messageStep`, which is
///    `handleMessage` specialized for the store's reducer: the reducer runs, the new state is kept
///    (and published for other threads), and `stateObservers.notify` tells each state subscriber.
///    A `StoreComponent`'s subscriber maps the state to a model and calls the view's `render`.
/// 5. `endRound` tells what subscribers produced meanwhile, then `drainIntents` handles the
///    intents that waited, each to its end.
///
/// Events, labels and actions take the general path (`emit`, `deliver`, `tell`); the article
/// "The store's delivery order" (MVICore.docc/DeliveryOrder.md) draws the same route.
///
/// Only the quiet path above is `@inlinable`, so that a store is specialized for its types where it
/// is made (docs/performance.md, "The store"); the rest is compiled once, here.
///
/// ## Lifetime
/// The executor's context reaches the core through `unowned` references and holds it strongly
/// (as `store`) until `dispose()` detaches the context: that breaks the cycle
/// core -> executor -> context -> core. The facade's `deinit` disposes the core.
///
/// The flags and counters an intent touches live in `run` (see `RunState`); the generic parts
/// here are touched once or twice per message.
@usableFromInline
// Mutable state is touched only on `scheduler`; `published` has a lock.
final class StoreCore<Intent, Action, Message, State, Label>: @unchecked Sendable {  // see above
    @usableFromInline typealias Event = StoreEvent<Intent, Action, Message, State, Label>

    /// Something to tell subscribers, waiting for the current round to end.
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
    let labelObservers = ObserverList<Label>()
    let eventObservers = ObserverList<Event>()
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
        executor: E, reducer: R, scheduler: any Scheduler
    ) {
        self.init(
            name: name, initialState: initialState, bootstrapper: bootstrapper, executor: executor,
            intentStep: { intent in executor.executeIntent(intent) },
            messageStep: { core, message in core.handleMessage(message, reducer: reducer) },
            scheduler: scheduler)
    }

    /// The store's parts, with its two steps made by the convenience initializer where the
    /// executor's and the reducer's types are known.
    @usableFromInline
    init(
        name: String, initialState: State, bootstrapper: (any Bootstrapper<Action>)?,
        executor: any Executor<Intent, Action, Message, State, Label>,
        intentStep: @escaping (Intent) -> Void, messageStep: @escaping (StoreCore, Message) -> Void,
        scheduler: any Scheduler
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

    @usableFromInline
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
    @usableFromInline
    func handleMessageInGeneral<R: Reducer<State, Message>>(_ message: Message, reducer: R) {
        guard run.isLive else { return }
        emit(.message(message))
        let newState = reducer.reduce(loadState(), message)
        storeState(newState)
        if !schedulerIsEverywhere { published.publish(newState) }
        emit(.state(newState))
        deliver(.state(newState, sequence: run.lastSequence))
    }

    @usableFromInline
    func handleLabel(_ label: Label) {
        guard run.isLive else { return }
        emit(.label(label))
        deliver(.label(label, sequence: run.lastSequence))
    }

    @usableFromInline
    func emit(_ kind: @autoclosure () -> Event.Kind) {
        let sequence = run.nextEvent()
        guard sequence != 0 else { return }
        deliver(.event(Event(storeName: name, sequence: sequence, kind: kind())))
    }

    /// Tells subscribers now, or queues it when subscribers are being told already.
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

    func tell(_ item: Pending) {
        switch item {
        case .state(let state, let sequence): stateObservers.notify(state, sequence: sequence)
        case .label(let label, let sequence): labelObservers.notify(label, sequence: sequence)
        case .event(let event): eventObservers.notify(event, sequence: event.sequence)
        }
    }

    /// Runs `body` on the scheduler: at once when called there, otherwise submitted to it.
    @usableFromInline
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
