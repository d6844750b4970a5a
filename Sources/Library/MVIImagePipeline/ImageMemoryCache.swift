import Foundation
import MVIEssentials

/// Images in memory, least recently used first out, bounded by total bytes and by count.
///
/// An entry larger than `entryCostLimit` (a fraction of `costLimit`) is not cached at all: one
/// huge image would otherwise push out every other one. Lookups are synchronous and safe from
/// any thread, so a view can show a cached image in its very first render.
public final class ImageMemoryCache: Sendable {
    /// The most bytes all entries may hold together.
    public let costLimit: Int
    /// The most entries.
    public let countLimit: Int
    /// The share of `costLimit` above which an entry is not cached.
    public let entryCostFraction: Double

    private let entries = Locked(LRUList<ImageCacheEntry>())

    /// - Parameters:
    ///   - costLimit: total bytes, at least 1 (default 64 MiB).
    ///   - countLimit: entries, at least 1 (default 500).
    ///   - entryCostFraction: in (0, 1]; entries above `costLimit * entryCostFraction` bytes are
    ///     not cached (default 0.1).
    /// - Throws: `ImageCacheConfigurationError` naming the parameter out of range.
    public init(costLimit: Int = 64 << 20, countLimit: Int = 500, entryCostFraction: Double = 0.1)
        throws(ImageCacheConfigurationError)
    {
        try ImageCacheConfigurationError.requireAtLeast(1, costLimit, "costLimit")
        try ImageCacheConfigurationError.requireAtLeast(1, countLimit, "countLimit")
        try ImageCacheConfigurationError.requireFraction(entryCostFraction, "entryCostFraction")
        self.costLimit = costLimit
        self.countLimit = countLimit
        self.entryCostFraction = entryCostFraction
    }

    /// The largest entry the cache accepts, in bytes.
    public var entryCostLimit: Int { Int((Double(costLimit) * entryCostFraction).rounded(.down)) }

    /// The entry for `key`, which becomes the most recently used; `nil` on a miss.
    public func entry(forKey key: String) -> ImageCacheEntry? {
        entries.withLock { $0.touch(key) }
    }

    /// Stores `entry` for `key` and evicts the least recently used entries until both limits hold.
    ///
    /// - Returns: whether the entry was stored (`false` when it is larger than `entryCostLimit`;
    ///   an older entry for the key is then removed, since it is no longer current).
    @discardableResult
    public func store(_ entry: ImageCacheEntry, forKey key: String) -> Bool {
        let cost = entry.bytes.count
        let limit = entryCostLimit
        return entries.withLock { list in
            guard cost <= limit else {
                list.remove(key)
                return false
            }
            list.insert(entry, forKey: key, cost: cost)
            while list.totalCost > costLimit || list.count > countLimit {
                _ = list.removeOldest()
            }
            return true
        }
    }

    /// Removes the entry for `key`.
    public func removeEntry(forKey key: String) {
        entries.withLock { _ = $0.remove(key) }
    }

    /// Removes every entry.
    public func removeAll() {
        entries.withLock { $0.removeAll() }
    }

    /// The number of entries.
    public var count: Int { entries.withLock { $0.count } }

    /// The bytes held by all entries.
    public var totalCost: Int { entries.withLock { $0.totalCost } }

    /// The keys from the least to the most recently used, for tests and diagnostics.
    public var keysLeastRecentlyUsedFirst: [String] { entries.withLock { $0.keysOldestFirst } }
}
