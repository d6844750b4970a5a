/// The pure part of a store: the next state for a state and a message.
///
/// A reducer does no work, reads no clock and calls nothing: everything it needs is in its arguments.
public protocol Reducer<State, Message> {
    associatedtype State
    associatedtype Message

    func reduce(_ state: State, _ message: Message) -> State
}

/// A reducer made from a function.
public struct ClosureReducer<State, Message>: Reducer {
    private let body: (State, Message) -> State

    public init(_ body: @escaping (State, Message) -> State) { self.body = body }

    public func reduce(_ state: State, _ message: Message) -> State { body(state, message) }
}
