import ConformanceKit
import FixtureFormat
import SeededRandom

/// Random JSON values for a JSON Schema as the feature codecs write them (`const`, `enum`, `type`
/// string, integer with `minimum`/`maximum`, boolean, array with `items`, object with `properties`
/// and `required`, `oneOf`), biased towards edge values: empty and long strings, non-ASCII and
/// combining characters, the bounds of a range, empty and repeated lists. Values a scenario of the
/// corpus gave the same field are mixed in (`hints`), so that fields a schema describes loosely
/// (a URL, a date) also get values the feature reads as more than an error.
struct SchemaValues {
    let random: SplitMix64
    /// Values seen in the corpus, by field name.
    let hints: [String: [JSONValue]]

    /// Strings that exercise escaping, Unicode and lengths.
    static let edgeStrings: [String] = [
        "", "a", "ab", "abc", "news", " ", "  padded  ", "UPPER lower", "caf\u{E9}", "cafe\u{301}",
        "\u{65E5}\u{672C}\u{8A9E}",
        "\u{1F408}", "tab\there", "quote \" and \\ backslash", String(repeating: "x", count: 300),
        "https://example.test/a.png", "https://example.test/b.jpg?size=med", "http://example.test/",
    ]

    func int(_ range: ClosedRange<Int>) -> Int {
        var generator = random
        return Int.random(in: range, using: &generator)
    }
    func chance(_ percent: Int) -> Bool { int(0...99) < percent }
    func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    /// A value for `schema`, for the field `name` (nil at the top).
    func value(_ schema: JSONValue, name: String?, depth: Int = 0) -> JSONValue {
        guard case .object(let object) = schema else { return .null }
        if let constant = object["const"] { return constant }
        if case .array(let values)? = object["enum"], !values.isEmpty { return pick(values) }
        if case .array(let alternatives)? = object["oneOf"], !alternatives.isEmpty {
            return value(pick(alternatives), name: name, depth: depth)
        }
        if let name, let seen = hints[name], !seen.isEmpty, chance(50) { return pick(seen) }
        switch object["type"] {
        case .string("string"):
            return .string(string(pattern: object["pattern"]))
        case .string("integer"):
            let low = object["minimum"]?.wholeNumber ?? -1_000
            let high = object["maximum"]?.wholeNumber ?? 1_000_000
            return .integer(integer(low, high))
        case .string("boolean"):
            return .bool(chance(50))
        case .string("array"):
            let items = object["items"] ?? [:]
            let count = depth > 2 ? 0 : pick([0, 0, 1, 1, 2, 3, 5, 12])
            if count > 1, chance(20) {
                // The same element several times: duplicates.
                let one = value(items, name: name, depth: depth + 1)
                return .array(Array(repeating: one, count: count))
            }
            return .array((0..<count).map { _ in value(items, name: name, depth: depth + 1) })
        case .string("object"):
            return .object(self.object(object, depth: depth))
        default:
            return depth > 2
                ? .null : pick([.null, .integer(int(-5...5)), .string(pick(Self.edgeStrings)), .bool(true)])
        }
    }

    /// An object for an object schema: every required property and some of the optional ones.
    func object(_ schema: JSONObject, depth: Int) -> JSONObject {
        guard case .object(let properties)? = schema["properties"] else { return JSONObject() }
        var required = Set<String>()
        if case .array(let names)? = schema["required"] {
            for case .string(let name) in names { required.insert(name) }
        }
        var members: [(String, JSONValue)] = []
        for member in properties where required.contains(member.key) || chance(50) {
            members.append((member.key, value(member.value, name: member.key, depth: depth + 1)))
        }
        return JSONObject(members)
    }

    /// An integer in `low...high`, often one of its edges or a small one.
    func integer(_ low: Int, _ high: Int) -> Int {
        guard low < high else { return low }
        let small = max(low, min(high, int(0...10)))
        let candidates = [low, high, small, max(low, min(high, 0)), max(low, min(high, 1)), low + (high - low) / 2]
        var generator = random
        return chance(60) ? pick(candidates) : Int.random(in: low...high, using: &generator)
    }

    /// A string; a schema's `pattern` of printable characters only gets no control characters.
    func string(pattern: JSONValue?) -> String {
        let text = pick(Self.edgeStrings)
        guard pattern != nil else { return chance(10) ? "line\nbreak" : text }
        return text.isEmpty ? "a" : text.replacingOccurrences(of: "\t", with: " ")
    }
}
