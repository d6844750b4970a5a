/// A store: takes intents, holds a state, publishes states and one-off labels.
///
/// A store belongs to the isolation domain that makes it, and its scheduler runs there (the article
/// "The store's delivery order" states the rule once).
/// A new state subscriber gets the current state at once; labels are not replayed.
/// After `dispose()` intents are ignored, in-flight work is cancelled and nothing is emitted.
public protocol Store<Intent, State, Label>: AnyObject {
    associatedtype Intent
    associatedtype State
    associatedtype Label

    /// The current state.
    var state: State { get }

    /// Whether `dispose()` has been called.
    var isDisposed: Bool { get }

    /// Sends an intent to the store. Ignored after `dispose()`.
    func accept(_ intent: Intent)

    /// Subscribes to states; the observer gets the current state at once, then every new one.
    /// Observers are called on the store's scheduler.
    @discardableResult
    func subscribe(states observer: @escaping (State) -> Void) -> any Cancellable

    /// Subscribes to labels (one-off events). Labels published before the subscription are not replayed.
    @discardableResult
    func subscribe(labels observer: @escaping (Label) -> Void) -> any Cancellable

    /// Disposes the store: cancels all of its work and drops all subscribers. Idempotent.
    func dispose()

    /// Like `subscribe(states:)`, and `onDispose` is called once when the store is disposed
    /// (at once if it already is), after which nothing more comes.
    @discardableResult
    func subscribe(states observer: @escaping (State) -> Void, onDispose: @escaping () -> Void) -> any Cancellable

    /// Like `subscribe(labels:)`, with `onDispose` as for states.
    @discardableResult
    func subscribe(labels observer: @escaping (Label) -> Void, onDispose: @escaping () -> Void) -> any Cancellable
}

extension Store {
    /// A store that cannot report its disposal never calls `onDispose`.
    @discardableResult
    public func subscribe(states observer: @escaping (State) -> Void, onDispose: @escaping () -> Void)
        -> any Cancellable
    {
        subscribe(states: observer)
    }

    @discardableResult
    public func subscribe(labels observer: @escaping (Label) -> Void, onDispose: @escaping () -> Void)
        -> any Cancellable
    {
        subscribe(labels: observer)
    }
}

extension Store {
    /// The store's states as a `Source`, for binding (`store.states.map(mapper)`).
    public var states: Source<State> {
        Source { [self] observer in subscribe(states: observer) }
    }

    /// The store's labels as a `Source`, for binding.
    public var labels: Source<Label> {
        Source { [self] observer in subscribe(labels: observer) }
    }
}
