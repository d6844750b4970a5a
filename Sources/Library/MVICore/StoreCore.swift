import Foundation
import MVIEssentials

/// The store's machinery: one queue of work and one loop that drains it, confined to the scheduler.
///
/// Every piece of work (an intent, an executor turn, an event to tell) goes through `submit`: it
/// runs at once if `Loop.begin` says it may, or waits in `queue` until `drain` runs it. States and
/// labels are told at once by `round`: the executor that makes them never runs inside a round.
/// The rule of where a store is touched and the three lines that decide what may run are in the
/// article "The store's delivery order" (MVICore.docc/DeliveryOrder.md).
///
/// ## An intent's route, from `accept` to a render (9 calls in 4 files)
/// ```
///  1 DefaultStore.accept(i)                DefaultStore.swift; off the scheduler, it stops the program
///  2   StoreCore.submit(.executor)         StoreCore.swift; runs it now if it may, else queues it
///  3     StoreCore.runIntent(i)            the intent's event, then the executor
///  4       executor.executeIntent(i, c)    the feature's code, with the store's context
///  5         ExecutorContext.dispatch(m)   Executor.swift
///  6           StoreCore.reduce(m)         the reducer's step, the message's and the state's events
///  7             StoreCore.tell(s)         a round now (`Loop.begin(.tell)`)
///  8               ObserverList.tell       ObserverList.swift; each subscriber, in order
///  9                 subscriber(state)     a component's binding: view.render(model)
/// ```
/// (`Loop.begin` and `Loop.end` are asked on the way, and `drain` runs when work waits.)
///
/// ## Speed
/// `DefaultStore.accept`, `submit`, `runIntent`, `reduce` and `emit` are inlinable, so an app's store is
/// specialized for its own types; what they call is compiled once, here. The mutable fields are
/// touched only by this module's non-inlinable code, and no access to one spans a call, so the
/// compiler checks exclusive access to them when it builds the module, not on every message.
///
/// ## Lifetime
/// The executor's context holds the core (core -> executor -> context -> core) until `dispose()`
/// detaches it, which breaks the cycle. The facade's `deinit` disposes the core.
@usableFromInline
final class StoreCore<Intent, Action, Message, State, Label> {  // confined to `scheduler`: see `Confined`
    typealias Event = StoreEvent<Intent, Action, Message, State, Label>

    /// A piece of work that waits.
    enum Work {
        case intent(Intent)
        /// Executor code that does not come from an intent.
        case turn(() -> Void)
        /// An event made while subscribers were being told (the `disposed` of a store disposed by one).
        case event(Event)

        var kind: Loop.Kind {
            switch self {
            case .intent, .turn: .executor
            case .event: .tell
            }
        }
    }

    let name: String
    @usableFromInline let scheduler: any Scheduler
    @usableFromInline let executor: any Executor<Intent, Action, Message, State, Label>
    let reducer: (State, Message) -> State
    /// The messages' step, `reduce`, specialized where the store is made.
    let messageStep: (StoreCore, Message) -> Void
    @usableFromInline let loop = Loop()
    /// The work that waits, in the order it came.
    var queue: [Work] = []
    private var state: State
    /// The number of the last event told; events are numbered only while someone observes them.
    var sequence = 0
    var initialized = false
    let stateObservers = ObserverList<State>()
    let labelObservers = ObserverList<Label>()
    let eventObservers = ObserverList<Event>()
    @usableFromInline var context: ExecutorContext<Action, Message, State, Label>?
    var bootstrapper: (any Bootstrapper<Action>)?
    /// The executor's running async effects.
    let effects: EffectRegistry

    @usableFromInline
    init(
        name: String, initialState: State, bootstrapper: (any Bootstrapper<Action>)?,
        executor: any Executor<Intent, Action, Message, State, Label>,
        reducer: @escaping (State, Message) -> State, messageStep: @escaping (StoreCore, Message) -> Void,
        scheduler: any Scheduler
    ) {
        self.name = name
        self.scheduler = scheduler
        self.state = initialState
        self.bootstrapper = bootstrapper
        self.executor = executor
        self.reducer = reducer
        self.messageStep = messageStep
        effects = EffectRegistry(scheduler: scheduler)
        requireScheduler("init")
        let box = ReleaseBox()
        releaseHandle = Confined(box, to: scheduler)
        box.core = self
    }

    /// The core, reachable from the thread that releases the store's last reference. It holds the
    /// core strongly, a cycle that `dispose()` breaks: a weak reference would give the core a side
    /// table, and every retain and release of it on the intent path would take the slow path.
    /// Touched on the scheduler only.
    private final class ReleaseBox {
        var core: StoreCore?
    }

    /// Set once, in `init`.
    private var releaseHandle: Confined<ReleaseBox>?

    /// The store's last reference is gone, on any thread: the core is disposed on its scheduler
    /// (at once when released there), which lets the box go of it.
    func released() {
        releaseHandle?.onScheduler { $0.core?.dispose() }
    }

    // MARK: Entry points

    /// The state.
    var currentState: State { state }

    /// Stops the program when called off the scheduler, naming the store, the call and the thread.
    func requireScheduler(_ call: String) {
        guard !scheduler.isCurrent else { return }
        offScheduler(call)
    }

    /// Stops the program: `call` was made off the store's scheduler. Release builds too: a store
    /// touched from two threads at once would corrupt its state silently.
    @usableFromInline
    func offScheduler(_ call: String) -> Never {
        let thread = Thread.isMainThread ? "the main thread" : "thread \(Thread.current)"
        preconditionFailure(
            "Store '\(name)': \(call) called on \(thread), off the store's scheduler; a store is made and used "
                + "on its scheduler (the article \"The store's delivery order\")")
    }

    /// Attaches the executor and starts the bootstrapper. Calling it twice is a programming error.
    func initialize() {
        precondition(!initialized, "Store '\(name)' is already initialized")
        initialized = true
        guard loop.isLive else { return }
        // The context holds the store until `dispose()` detaches it.
        let context = ExecutorContext<Action, Message, State, Label>(
            scheduler: scheduler, effects: effects,
            state: { self.state },
            message: { self.messageStep(self, $0) },
            action: { self.act($0) },
            label: { self.publish($0) },
            turn: { self.submit(turn: $0) })
        self.context = context
        submit(turn: { self.bootstrapper?.start(dispatch: { [weak self] in self?.act($0) }) })
    }

    // MARK: The loop

    /// Runs a piece of work of `kind` at once (`run`) if it may run now, or queues it (`queue`);
    /// then runs what waited and may now run. What waits cannot run (each change that lets it run
    /// ends with `drain`), so a piece that may run now is the first in line.
    @inlinable
    func submit(_ kind: Loop.Kind, queue: @autoclosure () -> Void, run: () -> Void) {
        guard loop.begin(kind) else { return queue() }
        run()
        if loop.end(kind) { drain() }
    }

    @inlinable
    func runIntent(_ intent: Intent) {
        emit(.intent(intent))
        guard let context else { notInitialized() }
        executor.executeIntent(intent, context)
    }

    /// Stops the program: an intent came before `initialize()`.
    @usableFromInline
    func notInitialized() -> Never {
        preconditionFailure("Store '\(name)': an intent was accepted before initialize(); call initialize() first")
    }

    /// Executor code that does not come from an intent.
    func submit(turn body: @escaping () -> Void) {
        submit(.executor, queue: enqueue(.turn(body)), run: body)
    }

    @usableFromInline
    func enqueue(_ intent: Intent) { enqueue(.intent(intent)) }

    /// Queues `work`; a disposed store drops the executor's.
    func enqueue(_ work: Work) {
        guard loop.isLive || work.kind == .tell else { return }
        queue.append(work)
        loop.waiting = queue.count
    }

    /// Runs the first piece of the queue that may run, again and again, until none may.
    @usableFromInline
    func drain() {
        while let index = queue.firstIndex(where: { loop.mayRun($0.kind) }) {
            let work = queue.remove(at: index)
            loop.waiting = queue.count
            _ = loop.begin(work.kind)
            switch work {
            case .intent(let intent): runIntent(intent)
            case .turn(let body): body()
            case .event(let event): eventObservers.tell(event)
            }
            _ = loop.end(work.kind)
        }
        if !loop.isLive { dropEventObserversWhenDone() }
    }

    // MARK: What the executor does

    /// A message: the reducer's step at once, then the new state to the subscribers. (A disposed
    /// store's context is detached, so no message reaches it.)
    @inlinable
    func reduce(_ message: Message) {
        emit(.message(message))
        let newState = advance(with: message)
        emit(.state(newState))
        tell(newState)
    }

    /// The reducer's step: the new state, kept.
    @usableFromInline
    func advance(with message: Message) -> State {
        var newState = reducer(state, message)
        // Exchanged rather than assigned, so that the old state is released after the access ends
        // and no code (a deinit) runs inside it.
        exchange(&state, &newState)
        return state
    }

    /// A new state to the state subscribers: a round.
    @usableFromInline
    func tell(_ newState: State) {
        round { stateObservers.tell(newState) }
    }

    func publish(_ label: Label) {
        emit(.label(label))
        round { labelObservers.tell(label) }
    }

    /// Runs a round of a state or a label now. The executor makes them, and it never runs inside a
    /// round, so one is running only when its context is called outside its own turns.
    func round(_ body: () -> Void) {
        guard loop.begin(.tell) else {
            preconditionFailure(
                "Store '\(name)': a state or label was made while subscribers were being told; "
                    + "call the executor's context only in executeIntent and executeAction")
        }
        body()
        if loop.end(.tell) { drain() }
    }

    /// An action, from the bootstrapper or forwarded by the executor: run as part of the caller's turn.
    func act(_ action: Action) {
        guard loop.isLive else { return }
        emit(.action(action))
        guard let context else { return }
        executor.executeAction(action, context)
    }

    /// Numbers an event and submits it for the event observers, when there are any.
    @inlinable
    func emit(_ kind: @autoclosure () -> StoreEvent<Intent, Action, Message, State, Label>.Kind) {
        if loop.observed { emitObserved(kind()) }
    }

    @usableFromInline
    func emitObserved(_ kind: StoreEvent<Intent, Action, Message, State, Label>.Kind) {
        sequence += 1
        let event = Event(storeName: name, sequence: sequence, kind: kind)
        submit(.tell, queue: enqueue(.event(event))) { eventObservers.tell(event) }
    }

    // MARK: Subscribers and disposal

    /// Adds `observer` to `list`; if the store is disposed, ends it instead. Returns a handle that
    /// removes it, from any thread (on the scheduler).
    func subscribe<Value>(
        _ observer: ObserverList<Value>.Observer, to list: @escaping @Sendable (StoreCore) -> ObserverList<Value>,
        then replay: (StoreCore, ObserverList<Value>.Observer) -> Void = { _, _ in }
    ) -> any Cancellable {
        guard loop.isLive else {
            observer.onDispose()
            let ended = Cancellation()
            ended.cancel()
            return ended
        }
        list(self).add(observer)
        loop.observed = !eventObservers.isEmpty
        replay(self, observer)
        let subscription = Confined((core: self, observer: observer), to: scheduler)
        return Cancellation {
            subscription.onScheduler { subscription in
                list(subscription.core).remove(subscription.observer)
                subscription.core.loop.observed = !subscription.core.eventObservers.isEmpty
            }
        }
    }

    func dispose() {
        releaseHandle?.value.core = nil
        guard loop.isLive else { return }
        loop.isLive = false
        bootstrapper?.dispose()
        executor.dispose()
        effects.cancelAll()
        let ending = stateObservers.removeAll() + labelObservers.removeAll()
        // Event observers are told what is still queued for them, `disposed` last, then dropped.
        queue.removeAll { if case .event = $0 { false } else { true } }
        loop.waiting = queue.count
        emit(.disposed)
        for onDispose in ending { onDispose() }
        // Break the cycles through the executor's context and the bootstrapper.
        context?.detach()
        context = nil
        bootstrapper = nil
        dropEventObserversWhenDone()
    }

    /// Drops the event observers of a disposed store once nothing is queued for them any more.
    /// (While a round runs, the `disposed` event waits in the queue; after it, no event is made.)
    func dropEventObserversWhenDone() {
        guard queue.isEmpty else { return }
        _ = eventObservers.removeAll()
        loop.observed = false
    }
}

/// Where a store's loop is: whether the executor runs, whether subscribers are being told (a
/// round), whether work waits. Not generic, so it is compiled once, here. Confined to the store's
/// scheduler.
@usableFromInline
final class Loop {
    /// What a piece of work needs: the executor, or a round.
    @usableFromInline enum Kind { case executor, tell }

    private var executing = false
    private var telling = false
    /// The number of pieces in the queue.
    var waiting = 0
    /// Whether the store is not disposed.
    var isLive = true
    /// Whether anyone observes the store's events. (Read by inlinable code through this accessor,
    /// so that the compiler checks exclusive access to the flag when it builds this module.)
    @usableFromInline var observed: Bool {
        get { eventsObserved }
        set { eventsObserved = newValue }
    }
    private var eventsObserved = false

    /// Whether a piece of `kind` may run now. Nothing runs inside a round (no subscriber is told
    /// inside another round); a round may run while the executor runs (a view renders a message's
    /// state before the executor's next step); the executor is never re-entered, nor run once the
    /// store is disposed.
    func mayRun(_ kind: Kind) -> Bool {
        if telling { return false }
        return kind == .tell || (!executing && isLive)
    }

    /// Marks a piece of `kind` running, if it may run now; returns whether it may.
    @usableFromInline func begin(_ kind: Kind) -> Bool {
        guard mayRun(kind) else { return false }
        if kind == .tell { telling = true } else { executing = true }
        return true
    }

    /// Marks the piece ended; returns whether `drain` should run now: work waits that may run, or
    /// the store is disposed (its event observers are dropped once nothing runs).
    @usableFromInline func end(_ kind: Kind) -> Bool {
        if kind == .tell { telling = false } else { executing = false }
        return (waiting > 0 || !isLive) && !telling
    }
}

/// Swaps two values by moving them, so that nothing is released while both are accessed: no code
/// (a deinit) runs inside the access, and the compiler can prove it exclusive.
@inline(__always)
func exchange<T>(_ a: inout T, _ b: inout T) {
    let old = consume a
    a = consume b
    b = old
}
