/// Why an operation was not applied. The state is left exactly as it was.
public enum NavigationRefusal<Route: NavigationRoute>: Error, Hashable, Sendable {
    /// `pop` or `back` with only the root on the stack and no modal.
    case popAtRoot(Route)
    /// `dismiss` with no modal presented.
    case nothingToDismiss
    /// `popTo(route)` with `route` nowhere on the stack.
    case notOnStack(Route)
    /// A stack operation while a modal is presented: it would change screens the user cannot see.
    case modalPresented(Route)
    /// `present` while another modal is presented.
    case modalAlreadyPresented(Route)
    /// A route that is already on the stack or presented, under rules that refuse duplicates.
    case duplicateRoute(Route)
    /// A stack deeper than the rules allow.
    case tooDeep(depth: Int, limit: Int)
    /// A route whose screen no factory in the registry builds.
    case unregistered(Route)
    /// The navigator was destroyed; it does nothing any more.
    case destroyed
}

extension NavigationRefusal: CustomStringConvertible {
    public var description: String {
        switch self {
        case .popAtRoot(let root):
            "nothing to pop: only the root \(root) is on the stack"
        case .nothingToDismiss:
            "nothing to dismiss: no modal is presented"
        case .notOnStack(let route):
            "cannot pop to \(route): it is not on the stack"
        case .modalPresented(let modal):
            "the modal \(modal) is presented: dismiss it before changing the stack"
        case .modalAlreadyPresented(let modal):
            "the modal \(modal) is already presented: dismiss it first"
        case .duplicateRoute(let route):
            "\(route) is already on the stack, and these rules refuse duplicates"
        case .tooDeep(let depth, let limit):
            "a stack of \(depth) routes is deeper than the limit of \(limit)"
        case .unregistered(let route):
            "no module is registered for the screen \"\(route.screen)\" of \(route)"
        case .destroyed:
            "the navigator is destroyed"
        }
    }
}
