/// The calls a component receives from its host (screen, fragment, SwiftUI view).
public enum LifecycleEvent: String, Sendable, CaseIterable, CustomStringConvertible {
    case viewCreated
    case start
    case stop
    case viewDestroyed
    case destroy

    /// The component method that delivers the event, for messages.
    public var methodName: String {
        switch self {
        case .viewCreated: "onViewCreated(view)"
        case .start: "onStart()"
        case .stop: "onStop()"
        case .viewDestroyed: "onViewDestroyed()"
        case .destroy: "onDestroy()"
        }
    }

    public var description: String { rawValue }
}

/// Where a component is in its life.
///
/// ```
/// created --viewCreated--> viewCreated --start--> started
///    ^  \                    |    ^                 |
///    |   destroy             |    +------stop-------+
///    |      v                |
///    | destroyed             viewDestroyed
///    +------------------------+
/// ```
public enum LifecycleState: String, Sendable, CustomStringConvertible {
    /// No view attached: just created, or the view was destroyed.
    case created
    /// A view is attached but not bound.
    case viewCreated
    /// The view is bound to the store.
    case started
    /// The store is disposed; nothing more may happen.
    case destroyed

    public var description: String { rawValue }
}

/// A lifecycle call that is not allowed in the component's current state: a programming error.
public struct LifecycleError: Error, Equatable, CustomStringConvertible, Sendable {
    public let component: String
    public let event: LifecycleEvent
    public let state: LifecycleState

    public var description: String {
        "\(component).\(event.methodName) called while \(state): \(advice)"
    }

    private var advice: String {
        switch (state, event) {
        case (.destroyed, _):
            "the component is destroyed and cannot be used again"
        case (.started, .start):
            "onStart() was already called; call onStop() first"
        case (.started, .viewCreated):
            "a view is already bound; call onStop() and onViewDestroyed() first"
        case (.started, .viewDestroyed):
            "the view is still bound; call onStop() first"
        case (.started, .destroy):
            "the view is still bound; call onStop() and onViewDestroyed() first"
        case (.viewCreated, .stop):
            "onStop() without onStart()"
        case (.viewCreated, .viewCreated):
            "a view is already attached; call onViewDestroyed() first"
        case (.viewCreated, .destroy):
            "a view is still attached; call onViewDestroyed() first"
        case (.created, .start):
            "no view is attached; call onViewCreated(view) first"
        case (.created, .stop):
            "onStop() without onViewCreated(view) and onStart()"
        case (.created, .viewDestroyed):
            "no view is attached"
        default:
            "not allowed"
        }
    }
}

/// The lifecycle's rules as a value: tells whether a call is allowed and where it leads.
public struct LifecycleRegistry: Sendable {
    /// The component's name, for error messages.
    public let component: String
    public private(set) var state: LifecycleState = .created

    public init(component: String) { self.component = component }

    /// Moves to the state `event` leads to, or throws if the event is not allowed now.
    public mutating func handle(_ event: LifecycleEvent) throws(LifecycleError) {
        let next: LifecycleState? =
            switch (state, event) {
            case (.created, .viewCreated): .viewCreated
            case (.created, .destroy): .destroyed
            case (.viewCreated, .start): .started
            case (.viewCreated, .viewDestroyed): .created
            case (.started, .stop): .viewCreated
            default: nil
            }
        guard let next else { throw LifecycleError(component: component, event: event, state: state) }
        state = next
    }

    /// Like `handle(_:)`, but a misuse stops the program with the error's message: the
    /// behaviour a component gives its host, since a wrong call order is a programming error.
    public mutating func require(_ event: LifecycleEvent) {
        do {
            try handle(event)
        } catch {
            preconditionFailure(error.description)
        }
    }
}
