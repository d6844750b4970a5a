/// A change of navigation an app asks for. Applied by `NavigationState.applying(_:rules:)`
/// (a pure function) or by a `Navigator` (which also builds and releases the screens).
public enum NavigationOperation<Route: NavigationRoute>: Hashable, Sendable {
    /// Pushes `route` on the stack. Refused while a modal is presented.
    case push(Route)
    /// Pops the top of the stack. Refused at the root and while a modal is presented.
    case pop
    /// Pops the routes above the topmost `route` of the stack (nothing if it is the top).
    /// Refused when `route` is not on the stack and while a modal is presented.
    case popTo(Route)
    /// Pops everything above the root (nothing at the root). Refused while a modal is presented.
    case popToRoot
    /// Replaces the whole state, modal included (a deep link, a restore, SwiftUI's path binding).
    /// The screens of the routes that stay at the same place at the bottom are kept.
    case replace(NavigationState<Route>)
    /// Presents `route` over the stack. Refused while another modal is presented.
    case present(Route)
    /// Dismisses the modal. Refused when none is presented.
    case dismiss
    /// The back gesture: dismisses the modal if one is presented, else pops. Refused at the root.
    case back
}

extension NavigationOperation: CustomStringConvertible {
    /// `push article(...)`, `pop`, `replace [top, search(...)]`, ...
    public var description: String {
        switch self {
        case .push(let route): "push \(route)"
        case .pop: "pop"
        case .popTo(let route): "popTo \(route)"
        case .popToRoot: "popToRoot"
        case .replace(let state): "replace \(state)"
        case .present(let route): "present \(route)"
        case .dismiss: "dismiss"
        case .back: "back"
        }
    }
}
