/// A view model (or label, or payload) as the canonical render sees it: a language-neutral tree.
///
/// Floats are deliberately absent: view models expose integers (whole ticks, percentages) so
/// that every language renders them byte for byte alike. Spec: docs/render.md.
///
/// Not `indirect`: lists and fields already keep their elements on the heap, and an indirect enum
/// puts every value, each string and number of a render, in a heap box of its own.
public enum CanonicalValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A whole number, rendered in decimal (`-42`); the same case name as `JSONValue.integer`.
    case integer(Int)
    case string(String)
    case list([CanonicalValue])
    /// A type name and its fields, in declaration order.
    case record(String, [Field])
    /// `Type.case`, with the case's fields (none for a plain case).
    case enumCase(type: String, name: String, fields: [Field])

    public struct Field: Equatable, Sendable {
        public let name: String
        public let value: CanonicalValue

        public init(_ name: String, _ value: CanonicalValue) {
            self.name = name
            self.value = value
        }
    }

    /// A record from `(name, value)` pairs in declaration order.
    public static func record(_ type: String, _ fields: KeyValuePairs<String, CanonicalValue>) -> CanonicalValue {
        var list: [Field] = []
        list.reserveCapacity(fields.count)
        for (name, value) in fields { list.append(Field(name, value)) }
        return .record(type, list)
    }

    /// A list of strings.
    public static func strings(_ values: [String]) -> CanonicalValue {
        .list(values.map(CanonicalValue.string))
    }

    /// The case's name before 0.2.0; `JSONValue` and `JSONCodec` say `integer`, and so does this now.
    @available(*, deprecated, renamed: "integer")
    public static func int(_ value: Int) -> CanonicalValue { .integer(value) }
}

/// A type with a canonical render.
public protocol CanonicalRenderable {
    var canonical: CanonicalValue { get }
}

/// A `CanonicalRenderable` that may cross threads, so that the replay can make its canonical
/// value only for a render it keeps: in a quiet step (`"quiet": true`) only the last render's
/// value is made, not one for each render the step drops. A value type of `Sendable` fields
/// declares it with an empty extension; the transcript is the same either way.
public protocol SendableCanonicalRenderable: CanonicalRenderable, Sendable {}
