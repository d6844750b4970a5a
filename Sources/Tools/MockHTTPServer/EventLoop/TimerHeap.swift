/// Deadlines of one event loop's connections, earliest first (a binary min-heap).
///
/// An entry may be stale (the connection's deadline moved): the loop checks the connection's own
/// deadline when an entry comes due, so entries are never searched for or removed early. Times are
/// the loop's (`EventLoop.loopTime`): a `Duration`, which the compiler knows, costs nothing to copy
/// and compare, where a `ContinuousClock.Instant` goes through the runtime's value witnesses.
struct TimerHeap {
    struct Entry {
        let deadline: Duration
        let connection: Int
    }

    private var entries: [Entry] = []

    var earliest: Duration? { entries.first?.deadline }

    var count: Int { entries.count }

    mutating func push(_ entry: Entry) {
        entries.append(entry)
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].deadline < entries[parent].deadline else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    /// Takes the earliest entry if it is due at `now`.
    mutating func popDue(at now: Duration) -> Entry? {
        guard let first = entries.first, first.deadline <= now else { return nil }
        let last = entries.removeLast()
        guard !entries.isEmpty else { return first }
        entries[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < entries.count, entries[left].deadline < entries[smallest].deadline { smallest = left }
            if right < entries.count, entries[right].deadline < entries[smallest].deadline { smallest = right }
            guard smallest != parent else { break }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
        return first
    }
}
