import MVIEssentials

/// The part of a store that does the work: it receives intents and actions, reads the state,
/// dispatches messages to the reducer, publishes labels, and starts and cancels asynchronous work,
/// all through the store's `ExecutorContext`, which comes with every call.
///
/// Conform a class of your own; there is no base class to inherit, so an executor written in a
/// module whose default isolation is the main actor (Xcode 26's default for an app target) conforms
/// with that isolation and needs no annotation:
/// ```swift
/// final class CounterExecutor: Executor {
///     func executeIntent(_ intent: CounterIntent, _ context: ExecutorContext<Never, CounterMessage, CounterState, Never>) {
///         context.dispatch(.incremented)
///     }
/// }
/// ```
///
/// The store calls every method on its scheduler, and never while the executor is already running:
/// intents that come meanwhile (from a subscriber told about a `dispatch` or a `publish`) are
/// queued and handled after the running call returns. An executor serves one store.
public protocol Executor<Intent, Action, Message, State, Label>: AnyObject {
    associatedtype Intent
    associatedtype Action
    associatedtype Message
    associatedtype State
    associatedtype Label

    /// Handles an intent, with the store's side of the conversation.
    func executeIntent(_ intent: Intent, _ context: ExecutorContext<Action, Message, State, Label>)

    /// Handles an action (from the bootstrapper, or forwarded with `context.forward`). Does nothing
    /// by default.
    func executeAction(_ action: Action, _ context: ExecutorContext<Action, Message, State, Label>)

    /// Called when the store is disposed, before its effects are cancelled: let go of anything
    /// else the executor holds. Does nothing by default.
    func dispose()
}

extension Executor {
    public func executeAction(_ action: Action, _ context: ExecutorContext<Action, Message, State, Label>) {}

    public func dispose() {}
}

extension Executor where Intent == Never {
    /// An executor that takes no intent (it works from its bootstrapper's actions) writes none.
    public func executeIntent(_ intent: Never, _ context: ExecutorContext<Action, Message, State, Label>) {}
}

/// What an executor may do to its store. Created once by the store. Once the store is disposed
/// the context does nothing: messages, labels and actions are dropped, and `state` is the last state.
///
/// Use it on the store's scheduler only: in `executeIntent` and `executeAction`. Work that ends
/// later is an effect (`run`), which reports back through its `Send`, never through the context:
/// the context is not `Sendable`, so the compiler refuses to let an effect capture it.
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

    /// The store's scheduler, on which the executor runs; `clock` is its time for an effect.
    public let scheduler: any Scheduler

    /// The store's async effects (`run`), cancelled when the store is disposed. Touched on the
    /// store's scheduler only.
    let effects: EffectRegistry

    init(
        scheduler: any Scheduler,
        effects: EffectRegistry,
        state: @escaping () -> State,
        message: @escaping (Message) -> Void,
        action: @escaping (Action) -> Void,
        label: @escaping (Label) -> Void,
        turn: @escaping (@escaping () -> Void) -> Void
    ) {
        self.scheduler = scheduler
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

/// The way in for executor code that runs later (what an effect sends) as the executor's turn,
/// until the store is disposed: then `submit` is nil. Not generic, so that work
/// which runs often reaches the store without asking the runtime for a generic type's metadata.
/// Touched on the store's scheduler only.
final class Turns {
    var submit: ((@escaping () -> Void) -> Void)?

    init(_ submit: @escaping (@escaping () -> Void) -> Void) { self.submit = submit }
}
