/// A handle to work that can be stopped before it finishes.
///
/// Cancelling is idempotent and may be called from any thread. Work that is cancelled before
/// it starts never runs; work that is running is asked to stop and must not report a result.
public protocol Cancellable: AnyObject, Sendable {
    /// Stops the work. A second call does nothing.
    func cancel()
    /// Whether `cancel()` has been called.
    var isCancelled: Bool { get }
}

/// A `Cancellable` that runs an optional handler exactly once, on the first `cancel()`.
public final class Cancellation: Cancellable {
    private let state: Locked<(cancelled: Bool, handler: (@Sendable () -> Void)?)>

    /// - Parameter onCancel: called once, on the thread that first calls `cancel()`.
    public init(onCancel: (@Sendable () -> Void)? = nil) {
        state = Locked((false, onCancel))
    }

    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    public func cancel() {
        let handler: (@Sendable () -> Void)? = state.withLock { state in
            if state.cancelled { return nil }
            state.cancelled = true
            defer { state.handler = nil }
            return state.handler
        }
        handler?()
    }
}
