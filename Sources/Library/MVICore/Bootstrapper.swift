/// Produces the actions a store handles when it starts (and, if it wishes, later).
public protocol Bootstrapper<Action>: AnyObject {
    associatedtype Action

    /// Called once, on the store's scheduler, when the store initializes.
    /// Actions passed to `dispatch` go to the executor's `executeAction`.
    func start(dispatch: @escaping (Action) -> Void)

    /// Called when the store is disposed; stop any work and dispatch nothing more.
    func dispose()
}

/// Dispatches a fixed list of actions once, when the store starts.
public final class SimpleBootstrapper<Action>: Bootstrapper {
    private let actions: [Action]

    public init(_ actions: Action...) { self.actions = actions }

    public init(actions: [Action]) { self.actions = actions }

    public func start(dispatch: @escaping (Action) -> Void) {
        for action in actions { dispatch(action) }
    }

    public func dispose() {}
}
