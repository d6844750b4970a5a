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
public final class DefaultStore<Intent, Action, Message, State, Label>: Store, @unchecked Sendable {
    public typealias Event = StoreEvent<Intent, Action, Message, State, Label>

    /// The store's name, used in events, logs and error messages.
    public let name: String
    /// The scheduler the store is confined to.
    public let scheduler: any Scheduler

    // Confined to `scheduler`.
    private var currentState: State
    private var disposed = false
    private var initialized = false
    private var nextObserverID = 0
    private var stateObservers: [(id: Int, body: (State) -> Void)] = []
    private var labelObservers: [(id: Int, body: (Label) -> Void)] = []
    private var eventObservers: [(id: Int, body: (Event) -> Void)] = []
    private var sequence = 0

    // Copies for readers on other threads.
    private let published: Locked<(state: State, disposed: Bool)>

    private let reduce: (State, Message) -> State
    private let executor: any Executor<Intent, Action, State, Message, Label>
    private let bootstrapper: (any Bootstrapper<Action>)?
    private let work = WorkBag()

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
        self.name = name
        self.scheduler = scheduler
        self.currentState = initialState
        self.published = Locked((initialState, false))
        self.reduce = reducer.reduce
        self.executor = executor
        self.bootstrapper = bootstrapper
        if let eventObserver {
            nextObserverID += 1
            eventObservers.append((nextObserverID, eventObserver))
        }
        if autoInit { initialize() }
    }

    /// Attaches the executor and starts the bootstrapper. Calling it twice is a programming error.
    public func initialize() {
        onScheduler { [self] in
            precondition(!initialized, "Store '\(name)' is already initialized")
            initialized = true
            guard !disposed else { return }
            executor.attach(
                ExecutorContext(
                    scheduler: scheduler,
                    work: work,
                    state: { [unowned self] in currentState },
                    isDisposed: { [weak self] in self?.disposed ?? true },
                    message: { [unowned self] in handleMessage($0) },
                    action: { [unowned self] in handleAction($0) },
                    label: { [unowned self] in handleLabel($0) }))
            bootstrapper?.start(dispatch: { [weak self] action in self?.handleAction(action) })
        }
    }

    public var state: State {
        scheduler.isCurrent ? currentState : published.withLock { $0.state }
    }

    public var isDisposed: Bool {
        scheduler.isCurrent ? disposed : published.withLock { $0.disposed }
    }

    public func accept(_ intent: Intent) {
        if scheduler.isCurrent {
            handleIntent(intent)
        } else {
            let intent = Confined(intent)
            scheduler.schedule { [self] in handleIntent(intent.value) }
        }
    }

    @discardableResult
    public func subscribe(states observer: @escaping (State) -> Void) -> any Cancellable {
        let id = reserveObserverID()
        onScheduler { [self] in
            guard !disposed else { return }
            stateObservers.append((id, observer))
            observer(currentState)
        }
        return Cancellation { [self] in onScheduler { [self] in stateObservers.removeAll { $0.id == id } } }
    }

    @discardableResult
    public func subscribe(labels observer: @escaping (Label) -> Void) -> any Cancellable {
        let id = reserveObserverID()
        onScheduler { [self] in
            guard !disposed else { return }
            labelObservers.append((id, observer))
        }
        return Cancellation { [self] in onScheduler { [self] in labelObservers.removeAll { $0.id == id } } }
    }

    /// Subscribes to every event from now on (see `StoreEvent`); for logging and recording.
    @discardableResult
    public func subscribe(events observer: @escaping (Event) -> Void) -> any Cancellable {
        let id = reserveObserverID()
        onScheduler { [self] in
            guard !disposed else { return }
            eventObservers.append((id, observer))
        }
        return Cancellation { [self] in onScheduler { [self] in eventObservers.removeAll { $0.id == id } } }
    }

    public func dispose() {
        onScheduler { [self] in
            guard !disposed else { return }
            disposed = true
            published.withLock { $0.disposed = true }
            bootstrapper?.dispose()
            executor.dispose()
            work.cancelAll()
            emit(.disposed)
            stateObservers = []
            labelObservers = []
            eventObservers = []
        }
    }

    /// The number of state subscribers now (read it on the scheduler); for tests of unsubscription.
    package var stateObserverCount: Int { stateObservers.count }

    /// The number of label subscribers now (read it on the scheduler).
    package var labelObserverCount: Int { labelObservers.count }

    // MARK: - On the scheduler

    private func handleIntent(_ intent: Intent) {
        guard !disposed else { return }
        emit(.intent(intent))
        executor.executeIntent(intent)
    }

    private func handleAction(_ action: Action) {
        guard !disposed else { return }
        emit(.action(action))
        executor.executeAction(action)
    }

    private func handleMessage(_ message: Message) {
        guard !disposed else { return }
        emit(.message(message))
        let newState = reduce(currentState, message)
        currentState = newState
        published.withLock { $0.state = newState }
        emit(.state(newState))
        for observer in stateObservers { observer.body(newState) }
    }

    private func handleLabel(_ label: Label) {
        guard !disposed else { return }
        emit(.label(label))
        for observer in labelObservers { observer.body(label) }
    }

    private func emit(_ kind: @autoclosure () -> Event.Kind) {
        sequence += 1
        guard !eventObservers.isEmpty else { return }
        let event = Event(storeName: name, sequence: sequence, kind: kind())
        for observer in eventObservers { observer.body(event) }
    }

    private func reserveObserverID() -> Int {
        // IDs only need to be unique; taking one off the scheduler is guarded by the published lock.
        published.withLock { _ in
            nextObserverID += 1
            return nextObserverID
        }
    }

    private func onScheduler(_ body: @escaping () -> Void) {
        if scheduler.isCurrent {
            body()
        } else {
            let body = Confined(body)
            scheduler.schedule { body.value() }
        }
    }
}
