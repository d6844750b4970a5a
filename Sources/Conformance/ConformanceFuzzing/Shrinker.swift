import ConformanceKit
import FixtureFormat
import Foundation

/// Shrinks a failing scenario: delta debugging over its events (the first, `create`, stays), then
/// simpler values (smaller numbers, shorter strings and lists, one field at a time, the members of
/// a nested object such as `payload` included), keeping a change only while the scenario still
/// fails the same way. Deterministic; stops at its deadline with what it has.
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
        // Simpler values, one field at a time, nested ones included.
        for index in current.indices where Date() < deadline {
            for key in current[index].keys where !["event", "screen", "name", "request"].contains(key) {
                guard let value = current[index][key] else { continue }
                let events = current
                current[index][key] = simplify(value) { candidate in
                    var changed = events
                    changed[index][key] = candidate
                    return fails(changed)
                }
            }
        }
        return current
    }

    /// The simplest form of `value` that still fails: the value itself made simpler for as long as
    /// a simpler form fails (a number halved again and again), then each member of an object and
    /// each item of an array in turn, the same way.
    private func simplify(_ value: JSONValue, _ stillFails: (JSONValue) -> Bool) -> JSONValue {
        var value = value
        var simplified = true
        while simplified, Date() < deadline {
            simplified = false
            for simpler in Self.simpler(value) where Date() < deadline && stillFails(simpler) {
                value = simpler
                simplified = true
                break
            }
        }
        switch value {
        case .object(var object):
            for key in object.keys where Date() < deadline {
                guard let member = object[key] else { continue }
                let whole = object
                object[key] = simplify(member) { candidate in
                    var changed = whole
                    changed[key] = candidate
                    return stillFails(.object(changed))
                }
            }
            return .object(object)
        case .array(var items):
            for position in items.indices where Date() < deadline {
                let whole = items
                items[position] = simplify(items[position]) { candidate in
                    var changed = whole
                    changed[position] = candidate
                    return stillFails(.array(changed))
                }
            }
            return .array(items)
        default:
            return value
        }
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
