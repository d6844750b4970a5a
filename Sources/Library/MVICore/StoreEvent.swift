/// One thing that happened inside a store, for logging, recording and time travel.
///
/// Events come in the order they happened, numbered from 1 per store.
public struct StoreEvent<Intent, Action, Message, State, Label> {
    public enum Kind {
        case intent(Intent)
        case action(Action)
        case message(Message)
        case state(State)
        case label(Label)
        case disposed
    }

    /// The name the store was created with.
    public let storeName: String
    /// 1 for the store's first event, then one more for each event.
    public let sequence: Int
    public let kind: Kind

    public init(storeName: String, sequence: Int, kind: Kind) {
        self.storeName = storeName
        self.sequence = sequence
        self.kind = kind
    }

    /// The kind's name: `intent`, `action`, `message`, `state`, `label` or `disposed`.
    public var kindName: String {
        switch kind {
        case .intent: "intent"
        case .action: "action"
        case .message: "message"
        case .state: "state"
        case .label: "label"
        case .disposed: "disposed"
        }
    }
}

extension StoreEvent: CustomStringConvertible {
    /// `[name #sequence] kind: value`, the logger's line.
    public var description: String {
        let value: String? =
            switch kind {
            case .intent(let value): String(describing: value)
            case .action(let value): String(describing: value)
            case .message(let value): String(describing: value)
            case .state(let value): String(describing: value)
            case .label(let value): String(describing: value)
            case .disposed: nil
            }
        let head = "[\(storeName) #\(sequence)] \(kindName)"
        return value.map { "\(head): \($0)" } ?? head
    }
}

/// Prints every store event as one line: `[name #sequence] kind: value`.
///
/// Make stores through a `LoggingStoreFactory` to log all of them, or subscribe `logger.log` to one
/// store with `subscribe(events:)`.
public struct StoreEventLogger: Sendable {
    private let write: @Sendable (String) -> Void

    /// - Parameter write: where lines go; standard output by default.
    public init(write: @escaping @Sendable (String) -> Void = { print($0) }) {
        self.write = write
    }

    public func log<Intent, Action, Message, State, Label>(
        _ event: StoreEvent<Intent, Action, Message, State, Label>
    ) {
        write(event.description)
    }
}
