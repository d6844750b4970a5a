/// Connects sources to sinks only while started: states -> mapper -> view, view events -> mapper -> intents.
///
/// ```swift
/// let binder = Binder()
/// binder.bind(store.states.map(stateToModel)) { view.render($0) }
/// binder.bind(view.events.map(eventToIntent)) { [weak store] in store?.accept($0) }
/// binder.start()   // the view renders the store's current state at once
/// binder.stop()    // nothing flows until the next start
/// ```
/// Start and stop alternate: starting twice or stopping a stopped binder is a programming error.
/// While started, the store holds the view (through its state subscriber) and the view holds its
/// event sinks: bind the way back to the store weakly, as above, so that releasing both frees them.
public final class Binder {
    private var bindings: [() -> any Cancellable] = []
    private var active: [any Cancellable] = []
    /// Whether the binder is between `start()` and `stop()`.
    public private(set) var isStarted = false

    public init() {}

    /// Adds a binding: while started, every value of `source` goes to `sink`.
    /// Bindings added while started take effect at the next start.
    public func bind<Value>(_ source: Source<Value>, to sink: @escaping (Value) -> Void) {
        bindings.append { source.subscribe(sink) }
    }

    /// Subscribes every binding, in the order they were added.
    public func start() {
        precondition(!isStarted, "Binder.start() called twice without stop()")
        isStarted = true
        active = bindings.map { $0() }
    }

    /// Cancels every binding's subscription.
    public func stop() {
        precondition(isStarted, "Binder.stop() called without start()")
        isStarted = false
        let current = active
        active = []
        for subscription in current { subscription.cancel() }
    }
}
