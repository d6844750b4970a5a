import MVICore

/// Applies navigation to an app: keeps the `NavigationState`, builds each screen's module when
/// its route is first visible, and drives the modules' lifecycles.
///
/// Lifecycle rules, while the navigator is started (`start()`):
/// - the visible route's module is built if it was not (its factory runs now, never before),
///   gets `viewCreated` the first time, then `start`;
/// - a module that is covered (by a push or a modal) gets `stop`, and `start` when uncovered;
/// - a module whose route leaves the state gets `stop` (if started), `viewDestroyed` and
///   `destroy`, and the navigator lets go of it.
/// Routes placed beneath the top by `replace` or a restore are built only when uncovered. While
/// stopped, the visible module is stopped and nothing is built; navigation still applies.
///
/// A request made while another is being applied (from a render, a lifecycle call or an event
/// observer) is queued and applied after it, in order: never nested.
///
/// Not thread-safe: use it from one thread, the main thread in an app (or the thread that
/// drives a `TestScheduler`), like the components it drives.
public final class Navigator<Route: NavigationRoute, Saved> {
    /// A route on the stack or presented, with its module once built.
    private final class Slot {
        let route: Route
        var module: (any ScreenModule<Saved>)?
        /// What the screen saved before process death, given to the factory when it builds.
        var saved: Saved?
        var hasView = false
        var isStarted = false

        init(route: Route, saved: Saved? = nil) {
            self.route = route
            self.saved = saved
        }
    }

    private enum Request {
        case navigate(NavigationOperation<Route>)
        case start, stop, destroy
    }

    /// The state now.
    public private(set) var state: NavigationState<Route>
    /// The rules every operation is checked against.
    public let rules: NavigationRules
    /// Told every event, in order. Set it before `start()`.
    public var onEvent: ((NavigationEvent<Route>) -> Void)?
    /// Whether the host is started (the visible module is started with it).
    public private(set) var isStarted = false
    /// Whether `destroy()` was called: every module is released and every request refused.
    public private(set) var isDestroyed = false

    private let registry: ModuleRegistry<Route, Saved>
    private var stack: [Slot]
    private var modal: Slot?
    private var isApplying = false
    private var queue: [Request] = []

    /// A navigator at `initial`; nothing is built until `start()`.
    /// - Throws: the refusal when `initial` breaks `rules` or names a screen `registry` cannot build.
    public convenience init(
        _ initial: NavigationState<Route>, registry: ModuleRegistry<Route, Saved>,
        rules: NavigationRules = NavigationRules()
    ) throws(NavigationRefusal<Route>) {
        try self.init(
            initial, stackSaved: Array(repeating: nil, count: initial.depth), modalSaved: nil, registry: registry,
            rules: rules)
    }

    /// A navigator at `initial` whose screens get `stackSaved` and `modalSaved` when built.
    init(
        _ initial: NavigationState<Route>, stackSaved: [Saved?], modalSaved: Saved?,
        registry: ModuleRegistry<Route, Saved>, rules: NavigationRules
    ) throws(NavigationRefusal<Route>) {
        if let refusal = rules.violation(in: initial) ?? Self.unregistered(in: initial, registry: registry) {
            throw refusal
        }
        state = initial
        self.rules = rules
        self.registry = registry
        stack = zip(initial.stack, stackSaved).map { Slot(route: $0, saved: $1) }
        modal = initial.modal.map { Slot(route: $0, saved: modalSaved) }
    }

    // MARK: - Requests

    /// Applies `operation`, or refuses it, or queues it when asked during another navigation.
    @discardableResult
    public func navigate(_ operation: NavigationOperation<Route>) -> NavigationResult<Route> {
        if isApplying {
            queue.append(.navigate(operation))
            return .queued(position: queue.count)
        }
        return run { apply(operation) }
    }

    /// The host is shown: builds (if needed) and starts the visible module.
    /// Does nothing when started or destroyed; queued when asked during a navigation.
    public func start() { request(.start) }

    /// The host is hidden: stops the visible module. Does nothing when not started.
    public func stop() { request(.stop) }

    /// The host is gone: stops the visible module and destroys every built module, the modal
    /// first, then the stack from the top. Afterwards every request is refused.
    public func destroy() { request(.destroy) }

    // MARK: - Reading

    /// The module of the visible route, once built.
    public var visibleModule: (any ScreenModule<Saved>)? { (modal ?? stack.last)?.module }

    /// The module of the stack's route at `index` (0 is the root), if built.
    public func module(at index: Int) -> (any ScreenModule<Saved>)? {
        stack.indices.contains(index) ? stack[index].module : nil
    }

    /// The modal's module, if one is presented and built.
    public var modalModule: (any ScreenModule<Saved>)? { modal?.module }

    /// The routes whose modules are built now: the stack's, bottom first, then the modal's.
    public var builtRoutes: [Route] { allSlots.filter { $0.module != nil }.map(\.route) }

    /// Each route with what its screen would save now: the module's state once built, else
    /// what the slot was restored with. The stack bottom first (never empty), then the modal.
    func screenStates() -> (stack: [(route: Route, saved: Saved?)], modal: (route: Route, saved: Saved?)?) {
        func entry(_ slot: Slot) -> (route: Route, saved: Saved?) {
            (slot.route, slot.module.map { $0.savedState() } ?? slot.saved)
        }
        return (stack.map(entry), modal.map(entry))
    }

    // MARK: - Applying

    private var allSlots: [Slot] { stack + (modal.map { [$0] } ?? []) }

    private func request(_ request: Request) {
        if isApplying {
            queue.append(request)
            return
        }
        run { perform(request) }
    }

    /// Runs `body`, then every request queued meanwhile, in order.
    private func run<T>(_ body: () -> T) -> T {
        isApplying = true
        defer { isApplying = false }
        let result = body()
        while !queue.isEmpty {
            perform(queue.removeFirst())
        }
        return result
    }

    private func perform(_ request: Request) {
        switch request {
        case .navigate(let operation): _ = apply(operation)
        case .start: startHost()
        case .stop: stopHost()
        case .destroy: destroyHost()
        }
    }

    private func apply(_ operation: NavigationOperation<Route>) -> NavigationResult<Route> {
        let outcome: Result<NavigationState<Route>, NavigationRefusal<Route>> =
            isDestroyed ? .failure(.destroyed) : state.applying(operation, rules: rules)
        switch outcome {
        case .failure(let refusal):
            emit(.refused(operation, refusal))
            return .refused(refusal)
        case .success(let next):
            if let refusal = Self.unregistered(in: next, registry: registry) {
                emit(.refused(operation, refusal))
                return .refused(refusal)
            }
            state = next
            emit(.navigated(operation, next))
            transition(to: next)
            return .applied(next)
        }
    }

    /// Moves the slots to `next`: keeps the modules of the routes that stay at the same place at
    /// the bottom (and a modal that stays), stops a covered one, releases the rest, shows the visible one.
    private func transition(to next: NavigationState<Route>) {
        let nextStack = next.stack
        var kept = 0
        while kept < stack.count, kept < nextStack.count, stack[kept].route == nextStack[kept] { kept += 1 }
        let keepsModal = modal != nil && modal?.route == next.modal
        let visibleBefore = modal ?? stack.last
        let slotsAfter = Array(stack.prefix(kept)) + nextStack.dropFirst(kept).map { Slot(route: $0) }
        let modalAfter = keepsModal ? modal : next.modal.map { Slot(route: $0) }

        if let visibleBefore, visibleBefore.isStarted, visibleBefore !== (modalAfter ?? slotsAfter.last),
            modalAfter === visibleBefore || slotsAfter.contains(where: { $0 === visibleBefore })
        {
            send(.stop, to: visibleBefore)
        }
        if let modal, !keepsModal { release(modal) }
        for slot in stack.dropFirst(kept).reversed() { release(slot) }

        stack = slotsAfter
        modal = modalAfter
        if isStarted { showVisible() }
    }

    private func showVisible() {
        guard let slot = modal ?? stack.last else { return }
        if slot.module == nil {
            guard let module = registry.build(slot.route, restoring: slot.saved) else { return }
            slot.module = module
            slot.saved = nil
            emit(.built(slot.route))
        }
        if !slot.hasView { send(.viewCreated, to: slot) }
        if !slot.isStarted { send(.start, to: slot) }
    }

    private func release(_ slot: Slot) {
        guard slot.module != nil else { return }
        if slot.isStarted { send(.stop, to: slot) }
        if slot.hasView { send(.viewDestroyed, to: slot) }
        send(.destroy, to: slot)
        slot.module = nil
        emit(.released(slot.route))
    }

    /// Tells the module `event`, after updating the slot and telling the observer, so that
    /// whatever the module does meanwhile (render, ask for navigation) sees it done.
    private func send(_ event: LifecycleEvent, to slot: Slot) {
        guard let module = slot.module else { return }
        switch event {
        case .viewCreated: slot.hasView = true
        case .start: slot.isStarted = true
        case .stop: slot.isStarted = false
        case .viewDestroyed: slot.hasView = false
        case .destroy: break
        }
        emit(.lifecycle(slot.route, event))
        module.handle(event)
    }

    private func startHost() {
        guard !isStarted, !isDestroyed else { return }
        isStarted = true
        showVisible()
    }

    private func stopHost() {
        guard isStarted else { return }
        isStarted = false
        if let slot = modal ?? stack.last, slot.isStarted { send(.stop, to: slot) }
    }

    private func destroyHost() {
        guard !isDestroyed else { return }
        stopHost()
        isDestroyed = true
        if let modal { release(modal) }
        for slot in stack.reversed() { release(slot) }
    }

    private func emit(_ event: NavigationEvent<Route>) { onEvent?(event) }

    private static func unregistered(
        in state: NavigationState<Route>, registry: ModuleRegistry<Route, Saved>
    ) -> NavigationRefusal<Route>? {
        (state.stack + (state.modal.map { [$0] } ?? [])).first { !registry.canBuild($0) }.map { .unregistered($0) }
    }
}
