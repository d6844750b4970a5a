import FixtureFormat

/// Reads one JSON value into a `Value`, and describes what it accepts as a JSON Schema.
///
/// Decoder and schema come from the same description, so a schema validator and the reader
/// agree on every line (the conformance tests check it). Spec of the subset of JSON Schema used:
/// docs/fixtures.md, "Schemas".
public struct JSONCodec<Value>: Sendable {
    /// The JSON Schema (draft 2020-12) of the accepted values.
    public let schema: JSONValue
    private let read: @Sendable (JSONValue) throws -> Value

    /// A codec from a schema and a reader that throws `FieldError`s.
    /// The caller promises that `read` accepts exactly what `schema` accepts.
    public init(schema: JSONValue, read: @escaping @Sendable (JSONValue) throws -> Value) {
        self.schema = schema
        self.read = read
    }

    /// Decodes `value`, or throws what is wrong with it.
    public func decode(_ value: JSONValue) throws(FieldError) -> Value {
        try FieldError.catching { try read(value) }
    }

    /// The same accepted values, decoded into something else.
    public func map<Other>(_ transform: @escaping @Sendable (Value) -> Other) -> JSONCodec<Other> {
        JSONCodec<Other>(schema: schema) { [read] in transform(try read($0)) }
    }

    static func mismatch(_ expected: String, _ value: JSONValue) -> FieldError {
        FieldError("expected \(expected), found \(value.typeName)")
    }
}

/// The largest magnitude the reader takes for a whole number: 2^53 - 1, exact in every language's doubles.
public let largestExactInteger = 9_007_199_254_740_991

extension JSONCodec where Value == String {
    /// Any string.
    public static var string: JSONCodec<String> {
        JSONCodec(schema: ["type": "string"]) { value in
            guard case .string(let text) = value else { throw mismatch("a string", value) }
            return text
        }
    }

    /// One of `values`, exactly.
    public static func oneOf(_ values: [String]) -> JSONCodec<String> {
        JSONCodec(schema: ["enum": .array(values.map(JSONValue.string))]) { value in
            guard case .string(let text) = value else { throw mismatch("a string", value) }
            guard values.contains(text) else {
                throw FieldError(
                    "expected one of \(values.joined(separator: ", ")), found \(CanonicalRender.quote(text))")
            }
            return text
        }
    }

    /// A non-empty single line without control characters (U+0000...U+001F, U+007F...U+009F).
    public static var line: JSONCodec<String> {
        JSONCodec(schema: ["type": "string", "pattern": "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"]) { value in
            guard case .string(let text) = value else { throw mismatch("a string", value) }
            guard !text.isEmpty,
                !text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
            else {
                throw FieldError("expected one non-empty line without control characters")
            }
            return text
        }
    }
}

extension JSONCodec where Value == Int {
    /// A whole number in `range`, written as a JSON integer token: digits with an optional minus
    /// sign, no fraction and no exponent (`1000.0`, `1e3` and `true` are refused). The range is
    /// clamped to ±(2^53 - 1).
    ///
    /// Stricter than JSON Schema's `integer`, which takes `1000.0`: no schema keyword can see how a
    /// number was written, so the schema accepts those lines and the reader alone refuses them
    /// (docs/fixtures.md, "Numbers").
    public static func integer(_ range: ClosedRange<Int> = -largestExactInteger...largestExactInteger) -> JSONCodec<Int>
    {
        let range = max(range.lowerBound, -largestExactInteger)...min(range.upperBound, largestExactInteger)
        return JSONCodec(schema: [
            "type": "integer", "minimum": .integer(range.lowerBound), "maximum": .integer(range.upperBound),
        ]) { value in
            guard case .integer(let number) = value, range.contains(number) else {
                throw FieldError("expected \(wholeNumberText(range)), found \(integerMismatch(value))")
            }
            return number
        }
    }
}

/// What a value that is not an integer token in range is, for messages.
func integerMismatch(_ value: JSONValue) -> String {
    switch value {
    case .integer(let number): String(number)
    case .number(let number) where number == number.rounded() && abs(number) < 1e16:
        "\(number) (an integer is written without fraction or exponent)"
    case .number(let number): String(number)
    default: value.typeName
    }
}

/// `a whole number`, `a whole number >= 0` or `a whole number from 0 to 59`.
func wholeNumberText(_ range: ClosedRange<Int>) -> String {
    switch (range.lowerBound, range.upperBound) {
    case (-largestExactInteger, largestExactInteger): "a whole number"
    case (let lower, largestExactInteger): "a whole number >= \(lower)"
    case (let lower, let upper): "a whole number from \(lower) to \(upper)"
    }
}

extension JSONCodec where Value == Bool {
    /// `true` or `false`.
    public static var bool: JSONCodec<Bool> {
        JSONCodec(schema: ["type": "boolean"]) { value in
            guard case .bool(let flag) = value else {
                throw FieldError("expected true or false, found \(value.typeName)")
            }
            return flag
        }
    }
}

extension JSONCodec where Value == JSONValue {
    /// Any JSON value, as it is.
    public static var any: JSONCodec<JSONValue> { JSONCodec(schema: [:]) { $0 } }
}

extension JSONCodec {
    /// An array whose every element `element` accepts.
    public static func array<Element>(of element: JSONCodec<Element>) -> JSONCodec where Value == [Element] {
        JSONCodec(schema: ["type": "array", "items": element.schema]) { value in
            guard case .array(let items) = value else { throw mismatch("an array", value) }
            var result: [Element] = []
            result.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                do throws(FieldError) {
                    result.append(try element.decode(item))
                } catch {
                    throw FieldError(field: error.field, "element [\(index)]: \(error.message)")
                }
            }
            return result
        }
    }
}
