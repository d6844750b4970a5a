import Foundation
import MVIEssentials

/// The store's machinery: one queue of work and one loop that drains it, confined to the scheduler.
///
/// ## The rule
/// A store is touched only on its scheduler. A call made anywhere else (`accept`, `subscribe`,
/// a subscription's `cancel`, `dispose`, the release of the last reference) is handed to the
/// scheduler in one place, `onScheduler`, and takes effect there, in the order the calls were
/// made. Reading `state` or `isDisposed` off the scheduler stops the program with a message that
/// names the store and the thread; `DefaultStore.currentState()` is the way to read it from elsewhere.
///
/// ## The loop
/// Everything the store does waits its turn in `queue`, in the order it came: intents, executor
/// turns (a callback's result, a timer's tick, the bootstrapper), and the states, labels and
/// events to tell subscribers. `submit` queues a piece, then runs the first piece in the queue that
/// may run, until none may:
/// - nothing runs while subscribers are being told (a *round*): no subscriber is told inside
///   another round;
/// - an intent or a turn does not run while the executor runs: the executor is never re-entered;
/// - a state, label or event may be told while the executor runs, so a view renders a message's
///   state before the executor's next step; it does not wait for an intent that waits.
/// When nothing runs, work runs at once, inside the call that submitted it.
///
/// ## An intent's route, from `accept` to a render (11 calls in 3 files)
/// ```
///  1 DefaultStore.accept(i)                  DefaultStore.swift; off the scheduler, the one hop
///  2   StoreCore.submit(.intent(i))          queued, and run at once when nothing else may run
///  3     StoreCore.run(.intent(i))           the intent's event, then the executor
///  4       executor.executeIntent(i)         the feature's code
///  5         BaseExecutor.dispatch(m)        Executor.swift
///  6           ExecutorContext.dispatch(m)
///  7             StoreCore.reduce(m)         the reducer; the message's and the state's events
///  8               StoreCore.submit(.state)  told now: the queue was empty and no round runs
///  9                 StoreCore.run(.state)
/// 10                   StoreCore.tell        a round: each subscriber there was, in order
/// 11                     subscriber(state)   a component's binding: view.render(model)
/// ```
/// The article "The store's delivery order" (MVICore.docc/DeliveryOrder.md) draws the same route.
///
/// ## Lifetime
/// The executor's context reaches the core through `unowned` references and holds it strongly
/// until `dispose()` detaches the context: that breaks the cycle core -> executor -> context ->
/// core. The facade's `deinit` disposes the core.
@usableFromInline
final class StoreCore<Intent, Action, Message, State, Label>: @unchecked Sendable {  // confined to `scheduler`
    @usableFromInline typealias Event = StoreEvent<Intent, Action, Message, State, Label>

    /// A piece of the store's work.
    enum Work {
        case intent(Intent)
        /// Executor code that does not come from an intent.
        case turn(() -> Void)
        /// A state for the subscribers there were when it was produced.
        case state(State, ObserverList<State>.Round)
        case label(Label, ObserverList<Label>.Round)
        case event(Event, ObserverList<Event>.Round)
    }

    let name: String
    let scheduler: any Scheduler
    let executor: any Executor<Intent, Action, Message, State, Label>
    let reducer: (State, Message) -> State

    var state: State
    var queue: [Work] = []
    /// Whether the executor (or the bootstrapper) runs now.
    var executing = false
    /// Whether subscribers are being told now.
    var telling = false
    var disposed = false
    var initialized = false
    /// The number of the last event told; events are numbered only while someone observes them.
    var sequence = 0
    let stateObservers = ObserverList<State>()
    let labelObservers = ObserverList<Label>()
    let eventObservers = ObserverList<Event>()
    var context: ExecutorContext<Action, Message, State, Label>?
    var bootstrapper: (any Bootstrapper<Action>)?
    let work = WorkBag()

    /// The store's parts; `reducer` is made where the reducer's type is known (`DefaultStore.init`).
    @usableFromInline
    init(
        name: String, initialState: State, bootstrapper: (any Bootstrapper<Action>)?,
        executor: any Executor<Intent, Action, Message, State, Label>,
        reducer: @escaping (State, Message) -> State, scheduler: any Scheduler
    ) {
        self.name = name
        self.scheduler = scheduler
        self.state = initialState
        self.bootstrapper = bootstrapper
        self.executor = executor
        self.reducer = reducer
    }

    // MARK: Entry points

    /// Runs `body` on the scheduler: at once when called there, otherwise handed to it. The one hop.
    @usableFromInline
    func onScheduler(_ body: @escaping (StoreCore) -> Void) {
        if scheduler.isCurrent { return body(self) }
        let body = Confined(body, to: scheduler)  // handed over once; it runs only on the scheduler
        scheduler.schedule { [self] in body.value(self) }
    }

    /// The state, read on the scheduler.
    @usableFromInline
    var confinedState: State {
        requireScheduler("state")
        return state
    }

    /// Stops the program when called off the scheduler, naming the store, the call and the thread.
    func requireScheduler(_ call: String) {
        guard !scheduler.isCurrent else { return }
        let thread = Thread.isMainThread ? "the main thread" : "thread \(Thread.current)"
        preconditionFailure(
            "Store '\(name)': \(call) read on \(thread), off the store's scheduler; "
                + "read it on the scheduler, or with `await store.currentState()`")
    }

    /// Attaches the executor and starts the bootstrapper. Calling it twice is a programming error.
    func initialize() {
        precondition(!initialized, "Store '\(name)' is already initialized")
        initialized = true
        guard !disposed else { return }
        let context = ExecutorContext<Action, Message, State, Label>(
            scheduler: scheduler, work: work, store: self,
            state: { [unowned self] in state },
            message: { [unowned self] message in reduce(message) },
            action: { [unowned self] action in act(action) },
            label: { [unowned self] label in publish(label) },
            turn: { [unowned self] body in submit(.turn(body)) })
        self.context = context
        executor.attach(context)
        submit(.turn { [unowned self] in bootstrapper?.start(dispatch: { [unowned self] in act($0) }) })
    }

    // MARK: The loop

    /// Queues `work`, then runs the first piece of the queue that may run, again and again, until
    /// none may. This is the one loop: every piece of work goes through it.
    func submit(_ work: Work) {
        queue.append(work)
        while let index = queue.firstIndex(where: mayRun) {
            run(queue.remove(at: index))
        }
        if disposed { dropEventObserversWhenDone() }
    }

    /// Nothing runs inside a round; a round may run inside the executor's run; an intent or a turn waits for it.
    func mayRun(_ work: Work) -> Bool {
        if telling { return false }
        switch work {
        case .intent, .turn: return !executing
        case .state, .label, .event: return true
        }
    }

    func run(_ work: Work) {
        switch work {
        case .intent(let intent):
            guard !disposed else { return }
            executing = true
            emit(.intent(intent))
            executor.executeIntent(intent)
            executing = false
        case .turn(let body):
            guard !disposed else { return }
            executing = true
            body()
            executing = false
        case .state(let state, let round): tell(state, round)
        case .label(let label, let round): tell(label, round)
        case .event(let event, let round): tell(event, round)
        }
    }

    /// A round: each subscriber of `round` that is still subscribed is told `value`, in order.
    func tell<Value>(_ value: Value, _ round: ObserverList<Value>.Round) {
        telling = true
        for observer in round where observer.isSubscribed { observer.body(value) }
        telling = false
    }

    // MARK: What the executor does

    /// A message: the reducer's step at once, then the new state to the subscribers.
    func reduce(_ message: Message) {
        guard !disposed else { return }
        emit(.message(message))
        state = reducer(state, message)
        emit(.state(state))
        submit(.state(state, stateObservers.round))
    }

    func publish(_ label: Label) {
        guard !disposed else { return }
        emit(.label(label))
        submit(.label(label, labelObservers.round))
    }

    /// An action, from the bootstrapper or forwarded by the executor: run as part of the caller's turn.
    func act(_ action: Action) {
        guard !disposed else { return }
        emit(.action(action))
        executor.executeAction(action)
    }

    /// Numbers an event and queues it for the event observers, when there are any.
    func emit(_ kind: @autoclosure () -> Event.Kind) {
        if eventObservers.isEmpty { return }
        sequence += 1
        submit(.event(Event(storeName: name, sequence: sequence, kind: kind()), eventObservers.round))
    }

    // MARK: Subscribers and disposal

    /// Adds `observer` to `list` on the scheduler; if the store is disposed by then, ends it instead.
    /// Returns a handle that removes it, from any thread.
    func subscribe<Value>(
        _ observer: ObserverList<Value>.Observer, to list: KeyPath<StoreCore, ObserverList<Value>> & Sendable,
        then replay: @escaping (StoreCore, ObserverList<Value>.Observer) -> Void = { _, _ in }
    ) -> any Cancellable {
        let handed = Confined(observer, to: scheduler)  // touched only on the scheduler from now on
        onScheduler { core in
            guard !core.disposed else { return handed.value.onDispose() }
            core[keyPath: list].add(handed.value)
            replay(core, handed.value)
        }
        return Cancellation { [self] in onScheduler { core in core[keyPath: list].remove(handed.value) } }
    }

    func dispose() {
        guard !disposed else { return }
        disposed = true
        bootstrapper?.dispose()
        executor.dispose()
        work.cancelAll()
        let ending = stateObservers.removeAll() + labelObservers.removeAll()
        // Event observers are told what is still queued for them, `disposed` last, then dropped.
        queue.removeAll { if case .event = $0 { false } else { true } }
        emit(.disposed)
        for onDispose in ending { onDispose() }
        // Break the cycles through the executor's context and the bootstrapper.
        context?.detach()
        context = nil
        bootstrapper = nil
        dropEventObserversWhenDone()
    }

    /// Drops the event observers of a disposed store once nothing is queued for them any more.
    func dropEventObserversWhenDone() {
        if queue.isEmpty && !telling { _ = eventObservers.removeAll() }
    }
}
