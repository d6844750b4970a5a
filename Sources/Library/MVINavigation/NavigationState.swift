/// Where an app is: a never-empty stack of routes (a root and the routes pushed on it) and at
/// most one modal route presented over it.
///
/// A value: operations make a new state (`applying(_:rules:)`), tests compare states, and it
/// encodes to JSON as `{"stack": [route, ...], "modal": route}` (`modal` absent when none).
public struct NavigationState<Route: NavigationRoute>: Hashable, Sendable {
    /// The bottom of the stack; it cannot be popped.
    public var root: Route
    /// The routes pushed on the root, oldest first: what SwiftUI's `NavigationStack(path:)` binds.
    public var path: [Route]
    /// The route presented over the stack, if any.
    public var modal: Route?

    public init(root: Route, path: [Route] = [], modal: Route? = nil) {
        self.root = root
        self.path = path
        self.modal = modal
    }

    /// A state from a stack listed bottom first; nil when `stack` is empty.
    public init?(stack: [Route], modal: Route? = nil) {
        guard let root = stack.first else { return nil }
        self.init(root: root, path: Array(stack.dropFirst()), modal: modal)
    }

    /// The whole stack, bottom first: never empty.
    public var stack: [Route] { [root] + path }

    /// The route on top of the stack (under the modal, if one is presented).
    public var top: Route { path.last ?? root }

    /// What the user sees: the modal if one is presented, else the top of the stack.
    public var visible: Route { modal ?? top }

    /// How many routes the stack holds (at least 1).
    public var depth: Int { path.count + 1 }
}

extension NavigationState: CustomStringConvertible {
    /// `[top, article(...)]`, followed by ` modal search(...)` when a modal is presented.
    public var description: String {
        let stack = "[" + self.stack.map { $0.description }.joined(separator: ", ") + "]"
        guard let modal else { return stack }
        return stack + " modal " + modal.description
    }
}

extension NavigationState: Codable {
    private enum CodingKeys: String, CodingKey {
        case stack, modal
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let stack = try container.decode([Route].self, forKey: .stack)
        let modal = try container.decodeIfPresent(Route.self, forKey: .modal)
        guard let state = NavigationState(stack: stack, modal: modal) else {
            throw DecodingError.dataCorruptedError(
                forKey: .stack, in: container, debugDescription: "a navigation stack is never empty")
        }
        self = state
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(stack, forKey: .stack)
        try container.encodeIfPresent(modal, forKey: .modal)
    }
}
