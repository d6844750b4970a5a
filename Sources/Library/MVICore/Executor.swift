import MVIEssentials

/// The part of a store that does the work: it receives intents and actions, reads the state,
/// dispatches messages to the reducer, publishes labels, and starts and cancels asynchronous work.
///
/// The store calls every method on its scheduler, and never while the executor is already running:
/// intents that come meanwhile (from a subscriber told about a `dispatch` or a `publish`) are
/// queued and handled after the running call returns.
public protocol Executor<Intent, Action, Message, State, Label>: AnyObject {
    associatedtype Intent
    associatedtype Action
    associatedtype Message
    associatedtype State
    associatedtype Label

    /// Called once, before any intent or action, with the store's side of the conversation.
    func attach(_ context: ExecutorContext<Action, Message, State, Label>)

    func executeIntent(_ intent: Intent)

    func executeAction(_ action: Action)

    /// Called when the store is disposed: cancel every piece of in-flight work.
    func dispose()
}

/// What an executor may do to its store. Created once by the store. Once the store is disposed
/// the context does nothing: messages, labels and actions are dropped, and `state` is the last state.
///
/// Use it on the store's scheduler only: in `executeIntent`/`executeAction`, and in the bodies of
/// `callback`, `every` and `after`, which keep the store alive while they run. An async effect
/// (`run`) reports back through its `Send`, never through the context. Keeping
/// the context and calling it from anywhere else breaks the store's confinement.
public final class ExecutorContext<Action, Message, State, Label> {
    // The store's entry points, which hold the store, until it is disposed: then nil, and the state
    // reader gives the last state, which breaks the cycle store -> executor -> context -> store.
    // Touched on the store's scheduler only.
    var readState: () -> State
    var onMessage: ((Message) -> Void)?
    var onAction: ((Action) -> Void)?
    var onLabel: ((Label) -> Void)?
    /// Queues executor code as the executor's turn (it runs when the executor is free).
    let turns: Turns

    /// The store's scheduler. Results of asynchronous work must come back through it (see `callback`).
    public let scheduler: any Scheduler

    /// Work registered here is cancelled when the store is disposed.
    public let work: WorkBag

    /// The store's async effects (`run`), cancelled when the store is disposed. Touched on the
    /// store's scheduler only.
    let effects: EffectRegistry?

    init(
        scheduler: any Scheduler,
        work: WorkBag,
        effects: EffectRegistry? = nil,
        state: @escaping () -> State,
        message: @escaping (Message) -> Void,
        action: @escaping (Action) -> Void,
        label: @escaping (Label) -> Void,
        turn: @escaping (@escaping () -> Void) -> Void
    ) {
        self.scheduler = scheduler
        self.work = work
        self.effects = effects
        self.readState = state
        self.onMessage = message
        self.onAction = action
        self.onLabel = label
        self.turns = Turns(turn)
    }

    /// Called by the store when it is disposed: from now on the context does nothing.
    func detach() {
        let last = readState()
        readState = { last }
        onMessage = nil
        onAction = nil
        onLabel = nil
        turns.submit = nil
    }

    /// The store's current state (after disposal, its last one).
    public var state: State { readState() }

    /// Whether the store has been disposed. Nothing an executor does has an effect after that.
    public var isDisposed: Bool { turns.submit == nil }

    /// Sends a message to the reducer: the state changes at once, and subscribers are told the new
    /// state before this returns, unless they are being told something now (then after that round).
    public func dispatch(_ message: Message) { onMessage?(message) }

    /// Sends an action to the executor's `executeAction`, at once.
    public func forward(_ action: Action) { onAction?(action) }

    /// Publishes a one-off label to label subscribers (told when `dispatch`'s state would be).
    public func publish(_ label: Label) { onLabel?(label) }
}

/// The way in for executor code that runs later (a timer's tick, a callback's body) as the
/// executor's turn, until the store is disposed: then `submit` is nil. Not generic, so that work
/// which runs often reaches the store without asking the runtime for a generic type's metadata.
/// Touched on the store's scheduler only.
final class Turns {
    var submit: ((@escaping () -> Void) -> Void)?

    init(_ submit: @escaping (@escaping () -> Void) -> Void) { self.submit = submit }
}

/// A convenient base for executors: holds the context, and cancels `work` on dispose.
///
/// Override `executeIntent` and `executeAction`; both do nothing by default. Inside them,
/// `dispatch`, `publish`, `forward` and `state` are shorthands for the context's own, and the
/// fastest way to reach it.
open class BaseExecutor<Intent, Action, Message, State, Label>: Executor {
    private var attachedContext: ExecutorContext<Action, Message, State, Label>?

    /// In-flight work of this executor, cancelled by `dispose()`.
    public let work = WorkBag()

    public init() {}

    /// The store's side. Using it before the store attached the executor is a programming error.
    public final var context: ExecutorContext<Action, Message, State, Label> {
        guard let attachedContext else {
            preconditionFailure("\(type(of: self)): context used before the store attached this executor")
        }
        return attachedContext
    }

    public func attach(_ context: ExecutorContext<Action, Message, State, Label>) {
        precondition(attachedContext == nil, "\(type(of: self)) is already attached to a store")
        attachedContext = context
    }

    /// `context.dispatch(message)`: sends a message to the reducer.
    public final func dispatch(_ message: Message) { context.dispatch(message) }

    /// `context.publish(label)`: publishes a label to label subscribers.
    public final func publish(_ label: Label) { context.publish(label) }

    /// `context.forward(action)`: sends an action to `executeAction`.
    public final func forward(_ action: Action) { context.forward(action) }

    /// `context.state`: the store's current state.
    public final var state: State { context.state }

    open func executeIntent(_ intent: Intent) {}

    open func executeAction(_ action: Action) {}

    /// Cancels `work`. Call `super.dispose()` when overriding.
    open func dispose() { work.cancelAll() }
}
