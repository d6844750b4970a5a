/// A JSON value: the one JSON type of the package (scenario lines, configs, payloads, schemas,
/// reports). Objects keep their members in order, so writing one back is deterministic.
///
/// Numbers keep the distinction the text made: `.integer` for a token without fraction or
/// exponent that fits `Int`, `.number` for every other number.
///
/// Not `indirect`: arrays and objects already keep their elements on the heap. An indirect
/// enum stores its boxes with the case in the pointer's spare bits, which LeakSanitizer cannot
/// follow, so every schema kept in a `static let` codec was reported as leaked.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// Reads one JSON text strictly (RFC 8259; duplicate keys, lone surrogates and nesting
    /// deeper than `JSONReader.maximumDepth` are errors).
    public static func parse(_ text: String) throws(JSONReadError) -> JSONValue {
        try JSONReader.parse(text)
    }

    /// The JSON type's name, for messages: `null`, `boolean`, `number`, `string`, `array`, `object`.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .integer, .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// The value when it is a whole number within `Int`, written as an integer or not (`5`, `5.0`, `5e0`).
    public var wholeNumber: Int? {
        switch self {
        case .integer(let value): return value
        case .number(let value):
            guard value == value.rounded(), abs(value) < 9.2e18 else { return nil }
            return Int(value)
        default: return nil
        }
    }

    /// Compact JSON text: no spaces, members in their order.
    public var compactText: String {
        var text = ""
        write(to: &text)
        return text
    }

    /// Appends the compact JSON text to `text`: one buffer for the whole value, no text per member.
    public func write(to text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .integer(let number): text += String(number)
        case .number(let number):
            if number == number.rounded(), abs(number) < 1e15 {
                text += String(Int64(number))
            } else {
                text += String(number)
            }
        case .string(let string): TextEscaping.appendJSONQuoted(string, to: &text)
        case .array(let items):
            text += "["
            for (index, item) in items.enumerated() {
                if index > 0 { text += "," }
                item.write(to: &text)
            }
            text += "]"
        case .object(let object):
            text += "{"
            for (index, member) in object.members.enumerated() {
                if index > 0 { text += "," }
                TextEscaping.appendJSONQuoted(member.key, to: &text)
                text += ":"
                member.value.write(to: &text)
            }
            text += "}"
        }
    }

    /// Indented JSON text (two spaces, members in their order), ending with a newline: for files people read.
    public var prettyText: String { pretty(indent: "") + "\n" }

    private func pretty(indent: String) -> String {
        let inner = indent + "  "
        switch self {
        case .array(let items) where !items.isEmpty:
            return "[\n" + items.map { inner + $0.pretty(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let object) where !object.isEmpty:
            return "{\n"
                + object.members.map { inner + TextEscaping.jsonQuoted($0.key) + ": " + $0.value.pretty(indent: inner) }
                .joined(separator: ",\n") + "\n\(indent)}"
        default:
            return compactText
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(JSONObject(elements)) }
}

/// Why a text is not JSON: what was wrong, and where (1-based column in the text, counted in UTF-8 bytes).
public struct JSONReadError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public let column: Int

    public init(message: String, column: Int) {
        self.message = message
        self.column = column
    }

    public var description: String { "not valid JSON (\(message) at column \(column))" }
}
