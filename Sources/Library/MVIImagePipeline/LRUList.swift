/// Entries by key in least-recently-used order, with a running total of their costs.
///
/// Not thread-safe: the caches keep it inside a `Locked`. Every operation is O(1).
struct LRUList<Value> {
    private final class Node {
        let key: String
        var value: Value
        var cost: Int
        // The dictionary owns every node; the links are weak so they make no cycles.
        weak var older: Node?
        weak var newer: Node?

        init(key: String, value: Value, cost: Int) {
            self.key = key
            self.value = value
            self.cost = cost
        }
    }

    private var nodes: [String: Node] = [:]
    private weak var newest: Node?
    private weak var oldest: Node?

    /// The sum of the costs of all entries.
    private(set) var totalCost = 0

    var count: Int { nodes.count }

    /// The value for `key`, which becomes the most recently used.
    mutating func touch(_ key: String) -> Value? {
        guard let node = nodes[key] else { return nil }
        unlink(node)
        pushNewest(node)
        return node.value
    }

    /// The value for `key`, leaving the order alone.
    func peek(_ key: String) -> Value? { nodes[key]?.value }

    /// Inserts or replaces the entry for `key`; it becomes the most recently used.
    mutating func insert(_ value: Value, forKey key: String, cost: Int) {
        if let existing = nodes[key] {
            unlink(existing)
            totalCost -= existing.cost
            existing.value = value
            existing.cost = cost
            totalCost += cost
            pushNewest(existing)
            return
        }
        let node = Node(key: key, value: value, cost: cost)
        nodes[key] = node
        totalCost += cost
        pushNewest(node)
    }

    /// Removes the entry for `key`; returns its value.
    @discardableResult
    mutating func remove(_ key: String) -> Value? {
        guard let node = nodes.removeValue(forKey: key) else { return nil }
        unlink(node)
        totalCost -= node.cost
        return node.value
    }

    /// Removes and returns the least recently used entry.
    mutating func removeOldest() -> (key: String, value: Value, cost: Int)? {
        guard let node = oldest else { return nil }
        remove(node.key)
        return (node.key, node.value, node.cost)
    }

    mutating func removeAll() {
        nodes.removeAll()
        newest = nil
        oldest = nil
        totalCost = 0
    }

    /// The keys from the least to the most recently used.
    var keysOldestFirst: [String] {
        var keys: [String] = []
        var node = oldest
        while let current = node {
            keys.append(current.key)
            node = current.newer
        }
        return keys
    }

    private mutating func unlink(_ node: Node) {
        if let older = node.older { older.newer = node.newer } else { oldest = node.newer }
        if let newer = node.newer { newer.older = node.older } else { newest = node.older }
        node.older = nil
        node.newer = nil
    }

    private mutating func pushNewest(_ node: Node) {
        node.older = newest
        newest?.newer = node
        newest = node
        if oldest == nil { oldest = node }
    }
}

// Its nodes are classes, reached only through the list; each cache keeps its one list inside a
// `Locked` and never copies it out, so the nodes are only touched with that lock held.
extension LRUList: @unchecked Sendable where Value: Sendable {}  // only ever touched inside its cache's lock
