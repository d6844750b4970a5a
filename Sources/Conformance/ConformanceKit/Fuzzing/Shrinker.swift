import FixtureFormat
import Foundation

/// Shrinks a failing scenario: delta debugging over its events (the first, `create`, stays), then
/// simpler values (smaller numbers, shorter strings and lists), keeping a change only while the
/// scenario still fails the same way. Deterministic; stops at its deadline with what it has.
struct Shrinker {
    let deadline: Date
    /// Whether a candidate still fails (the same kind of failure).
    let fails: ([JSONObject]) -> Bool

    func shrink(_ events: [JSONObject]) -> [JSONObject] {
        var current = events
        var parts = 2
        while current.count > 2, Date() < deadline {
            let size = max(1, (current.count - 1 + parts - 1) / parts)
            var removed = false
            var start = 1
            while start < current.count, Date() < deadline {
                var candidate = current
                candidate.removeSubrange(start..<min(current.count, start + size))
                if fails(candidate) {
                    current = candidate
                    removed = true
                } else {
                    start += size
                }
            }
            if !removed {
                if size == 1 { break }
                parts = min(parts * 2, current.count - 1)
            }
        }
        // Simpler values, one field at a time.
        for index in current.indices where Date() < deadline {
            for member in current[index] where !["event", "screen", "name", "request"].contains(member.key) {
                for simpler in Self.simpler(member.value) where Date() < deadline {
                    var candidate = current
                    candidate[index][member.key] = simpler
                    if fails(candidate) {
                        current = candidate
                        break
                    }
                }
            }
        }
        return current
    }

    /// Simpler forms of a value, simplest first.
    static func simpler(_ value: JSONValue) -> [JSONValue] {
        switch value {
        case .integer(let number) where number != 0: [.integer(0), .integer(number / 2)]
        case .string(let text) where !text.isEmpty: [.string(""), .string(String(text.prefix(text.count / 2)))]
        case .array(let items) where !items.isEmpty: [.array([]), .array(Array(items.prefix(items.count / 2)))]
        default: []
        }
    }
}
