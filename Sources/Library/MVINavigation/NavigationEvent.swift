import MVICore

/// What a `Navigator` did, in order: the app's log of navigation.
public enum NavigationEvent<Route: NavigationRoute>: Hashable, Sendable {
    /// `operation` was applied; `state` is the state after it. Told before the screens change.
    case navigated(NavigationOperation<Route>, NavigationState<Route>)
    /// `operation` was refused; the state is unchanged.
    case refused(NavigationOperation<Route>, NavigationRefusal<Route>)
    /// The module of `route` was built by its factory.
    case built(Route)
    /// The module of `route` was sent a lifecycle event.
    case lifecycle(Route, LifecycleEvent)
    /// The module of `route` was destroyed and the navigator let go of it.
    case released(Route)
}

extension NavigationEvent: CustomStringConvertible {
    /// `stack [top, article(...)] after push article(...)`, `module built article`, ...
    public var description: String {
        switch self {
        case .navigated(let operation, let state): "stack \(state) after \(operation)"
        case .refused(let operation, let refusal): "refused \(operation): \(refusal)"
        case .built(let route): "module built \(route.screen)"
        case .lifecycle(let route, let event): "module \(route.screen) \(event)"
        case .released(let route): "module released \(route.screen)"
        }
    }
}

/// What `Navigator.navigate(_:)` answers.
public enum NavigationResult<Route: NavigationRoute>: Hashable, Sendable {
    /// Applied; the state after it.
    case applied(NavigationState<Route>)
    /// Refused, and why; nothing changed.
    case refused(NavigationRefusal<Route>)
    /// Asked while another navigation was being applied: it runs after that one, in order.
    /// `position` counts from 1 among the requests waiting. Its outcome is told as an event.
    case queued(position: Int)
}
