/// What an app allows beyond the operations' own rules.
public struct NavigationRules: Hashable, Sendable {
    /// Whether one route may appear twice (on the stack, or on the stack and as the modal).
    public var allowsDuplicates: Bool
    /// The deepest stack allowed, root included (at least 1).
    public var maxDepth: Int

    /// - Parameters:
    ///   - allowsDuplicates: false by default: pushing a route already shown is refused.
    ///   - maxDepth: 32 by default.
    public init(allowsDuplicates: Bool = false, maxDepth: Int = 32) {
        self.allowsDuplicates = allowsDuplicates
        self.maxDepth = max(1, maxDepth)
    }

    /// The first rule `state` breaks, if any.
    public func violation<Route>(in state: NavigationState<Route>) -> NavigationRefusal<Route>? {
        if state.depth > maxDepth { return .tooDeep(depth: state.depth, limit: maxDepth) }
        guard !allowsDuplicates else { return nil }
        var seen = Set<Route>()
        for route in state.stack + (state.modal.map { [$0] } ?? []) where !seen.insert(route).inserted {
            return .duplicateRoute(route)
        }
        return nil
    }
}

extension NavigationState {
    /// The state `operation` leads to under `rules`, or why it is refused (this state is unchanged).
    public func applying(
        _ operation: NavigationOperation<Route>, rules: NavigationRules = NavigationRules()
    ) -> Result<NavigationState, NavigationRefusal<Route>> {
        var next = self
        switch operation {
        case .push(let route):
            if let modal { return .failure(.modalPresented(modal)) }
            next.path.append(route)
        case .pop:
            if let modal { return .failure(.modalPresented(modal)) }
            guard !path.isEmpty else { return .failure(.popAtRoot(root)) }
            next.path.removeLast()
        case .popTo(let route):
            if let modal { return .failure(.modalPresented(modal)) }
            guard let index = stack.lastIndex(of: route) else { return .failure(.notOnStack(route)) }
            next.path = Array(path.prefix(index))
        case .popToRoot:
            if let modal { return .failure(.modalPresented(modal)) }
            next.path = []
        case .replace(let state):
            next = state
        case .present(let route):
            if let modal { return .failure(.modalAlreadyPresented(modal)) }
            next.modal = route
        case .dismiss:
            guard modal != nil else { return .failure(.nothingToDismiss) }
            next.modal = nil
        case .back:
            if modal != nil { return applying(.dismiss, rules: rules) }
            return applying(.pop, rules: rules)
        }
        if let violation = rules.violation(in: next) { return .failure(violation) }
        return .success(next)
    }
}
