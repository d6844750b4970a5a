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

/// Holds in-flight work so that all of it can be cancelled at once, for example when a store is disposed.
///
/// Work that finishes on its own should be removed with the key `insert` returned, so that a
/// long-lived bag does not grow.
public final class WorkBag: Sendable {
    private let items = Locked<(nextKey: Int, work: [Int: any Cancellable], cancelled: Bool)>((0, [:], false))

    public init() {}

    /// Adds work to the bag. If the bag was already cancelled, the work is cancelled at once.
    @discardableResult
    public func insert(_ work: any Cancellable) -> Int {
        let key: Int? = items.withLock { items in
            if items.cancelled { return nil }
            items.nextKey += 1
            items.work[items.nextKey] = work
            return items.nextKey
        }
        guard let key else {
            work.cancel()
            return -1
        }
        return key
    }

    /// Forgets finished work without cancelling it.
    public func remove(_ key: Int) {
        _ = items.withLock { $0.work.removeValue(forKey: key) }
    }

    /// The number of pieces of work held now.
    public var count: Int { items.withLock { $0.work.count } }

    /// Cancels everything held now and everything inserted later.
    public func cancelAll() {
        let work = items.withLock { items -> [any Cancellable] in
            items.cancelled = true
            defer { items.work = [:] }
            return items.work.sorted { $0.key < $1.key }.map(\.value)
        }
        for item in work { item.cancel() }
    }
}
