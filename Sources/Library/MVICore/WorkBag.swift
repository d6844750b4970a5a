import MVIEssentials

/// Holds in-flight work so that all of it can be cancelled at once, for example when a store is disposed.
///
/// Work that finishes on its own should be removed with the key `insert` returned, so that a
/// long-lived bag does not grow.
public final class WorkBag: Sendable {
    private let items = Locked<(nextKey: Int, work: [Int: any Cancellable], cancelled: Bool)>((0, [:], false))

    public init() {}

    /// Adds work to the bag. If the bag was already cancelled, the work is cancelled at once.
    /// - Returns: the key to `remove(_:)` the work with once it finishes; -1, no key, when the
    ///   bag was already cancelled and did not keep the work.
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
