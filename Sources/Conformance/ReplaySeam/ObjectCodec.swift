import FixtureFormat

/// A member of a JSON object: its name, how its value is read, and whether it must be present.
public struct Field<Value>: Sendable, FieldDescribing {
    public let name: String
    public let schema: JSONValue
    public let isRequired: Bool
    private let read: @Sendable (JSONValue?) throws -> Value

    /// A member that must be present.
    public static func required(_ name: String, _ codec: JSONCodec<Value>) -> Field<Value> {
        Field(name: name, schema: codec.schema, isRequired: true) { value in
            guard let value else { throw FieldError("missing; \(Self.describe(codec.schema))") }
            return try codec.decode(value)
        }
    }

    /// A member that may be left out (nil then).
    public static func optional<Wrapped>(_ name: String, _ codec: JSONCodec<Wrapped>) -> Field<Wrapped?>
    where Value == Wrapped? {
        Field<Wrapped?>(name: name, schema: codec.schema, isRequired: false) { value in
            try value.map { try codec.decode($0) }
        }
    }

    fileprivate init(
        name: String, schema: JSONValue, isRequired: Bool, read: @escaping @Sendable (JSONValue?) throws -> Value
    ) {
        self.name = name
        self.schema = schema
        self.isRequired = isRequired
        self.read = read
    }

    /// The field's value in `object`; errors name the field.
    public func value(in object: JSONObject) throws(FieldError) -> Value {
        do {
            return try FieldError.catching { try read(object[name]) }
        } catch {
            throw error.inside(name)
        }
    }

    private static func describe(_ schema: JSONValue) -> String {
        guard case .object(let object) = schema else { return "expected a value" }
        if let constant = object["const"] { return "expected \(constant.compactText)" }
        switch object["type"] {
        case .string("string")?: return "expected a string"
        case .string("integer")?:
            guard let lower = object["minimum"]?.wholeNumber, let upper = object["maximum"]?.wholeNumber else {
                return "expected a whole number"
            }
            return "expected \(wholeNumberText(lower...upper))"
        case .string("boolean")?: return "expected true or false"
        case .string("array")?: return "expected an array"
        case .string("object")?: return "expected an object"
        default: return "expected a value"
        }
    }
}

extension Field where Value == String {
    /// A member that must be present with exactly this string value (a discriminator).
    public static func constant(_ name: String, _ text: String) -> Field<String> {
        Field(name: name, schema: ["const": .string(text)], isRequired: true) { value in
            guard value == .string(text) else { throw FieldError("expected \(CanonicalRender.quote(text))") }
            return text
        }
    }
}

/// What an object codec needs to know of a field to write its schema and check presence.
public protocol FieldDescribing: Sendable {
    var name: String { get }
    var schema: JSONValue { get }
    var isRequired: Bool { get }
}

/// The declared fields of one object, handed to the code that builds the decoded value.
public struct ObjectReader {
    public let object: JSONObject

    /// The value of a declared field.
    public func read<Value>(_ field: Field<Value>) throws(FieldError) -> Value { try field.value(in: object) }
}

/// The properties of one accepted object form, for writing its JSON Schema.
public struct ObjectShape: Sendable {
    public var properties: [(name: String, schema: JSONValue)]
    public var required: [String]

    public init(properties: [(name: String, schema: JSONValue)], required: [String]) {
        self.properties = properties
        self.required = required
    }

    /// The form's JSON Schema with `envelope` fields (owned by the scenario format, such as `event`)
    /// placed before the form's own; no other field is allowed.
    public func schema(envelope: [(name: String, schema: JSONValue)] = [], envelopeRequired: [String] = []) -> JSONValue
    {
        var object: JSONObject = ["type": "object"]
        object["properties"] = .object(JSONObject((envelope + properties).map { ($0.name, $0.schema) }))
        let allRequired = envelopeRequired + required
        if !allRequired.isEmpty { object["required"] = .array(allRequired.map(JSONValue.string)) }
        object["additionalProperties"] = false
        return .object(object)
    }
}

/// Reads a JSON object with declared fields (unknown fields are errors) into a `Value`; it may
/// accept several forms told apart by a discriminating field (see `oneOf`).
public struct ObjectCodec<Value>: Sendable {
    /// The accepted forms.
    public let shapes: [ObjectShape]
    private let read: @Sendable (JSONObject, Set<String>) throws -> Value

    private init(shapes: [ObjectShape], read: @escaping @Sendable (JSONObject, Set<String>) throws -> Value) {
        self.shapes = shapes
        self.read = read
    }

    /// Decodes `object`; fields named in `ignoring` belong to the caller and are skipped.
    public func decode(_ object: JSONObject, ignoring: Set<String> = []) throws(FieldError) -> Value {
        try FieldError.catching { try read(object, ignoring) }
    }

    /// An object with exactly these fields; `build` reads them into the value.
    public static func object(
        _ fields: any FieldDescribing..., build: @escaping @Sendable (ObjectReader) throws -> Value
    ) -> ObjectCodec {
        let shape = ObjectShape(
            properties: fields.map { ($0.name, $0.schema) }, required: fields.filter(\.isRequired).map(\.name))
        let names = fields.map(\.name)
        return ObjectCodec(shapes: [shape]) { object, ignoring in
            if let unknown = object.keys.first(where: { !names.contains($0) && !ignoring.contains($0) }) {
                let allowed = ignoring.sorted() + names
                throw FieldError(
                    field: unknown,
                    allowed.isEmpty
                        ? "unknown field; none is allowed here"
                        : "unknown field; expected only \(allowed.joined(separator: ", "))")
            }
            return try build(ObjectReader(object: object))
        }
    }

    /// An object with no fields.
    public static func empty(_ value: Value) -> ObjectCodec where Value: Sendable {
        object { _ in value }
    }

    /// One of several forms, each told apart by a field: its presence (`Variant.has`) or its
    /// string value (`Variant.when`). `what` names the whole for messages ("a kittens response").
    public static func oneOf(_ what: String, _ variants: [Variant]) -> ObjectCodec {
        let keys = variants.map(\.key).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        return ObjectCodec(shapes: variants.flatMap(\.codec.shapes)) { object, ignoring in
            let present = keys.filter { object[$0] != nil }
            guard let key = present.first else {
                // A field that no form knows is most likely a misspelling of the one meant: name it.
                let known = Set(variants.flatMap { $0.codec.shapes.flatMap { $0.properties.map(\.name) } }).union(
                    ignoring)
                if let stray = object.keys.first(where: { !known.contains($0) }) {
                    throw FieldError(field: stray, "unknown field; \(what) needs one of \(list(keys))")
                }
                throw FieldError("\(what) needs one of \(list(keys))")
            }
            guard present.count == 1 else {
                throw FieldError("\(what) takes only one of \(list(keys)); found \(present.joined(separator: " and "))")
            }
            let candidates = variants.filter { $0.key == key }
            if let variant = candidates.first(where: { $0.value == nil }) {
                return try variant.codec.decode(object, ignoring: ignoring)
            }
            guard case .string(let text)? = object[key] else {
                throw FieldError(field: key, "expected a string, found \(object[key]!.typeName)")
            }
            guard let variant = candidates.first(where: { $0.value == text }) else {
                throw FieldError(
                    field: key,
                    "unknown \(key) \(CanonicalRender.quote(text)); expected \(list(candidates.compactMap(\.value)))")
            }
            return try variant.codec.decode(object, ignoring: ignoring)
        }
    }

    /// One form of a `oneOf`.
    public struct Variant: Sendable {
        let key: String
        let value: String?
        let codec: ObjectCodec

        /// The form chosen when `key` is present; `key` must be one of `codec`'s fields.
        public static func has(_ key: String, _ codec: ObjectCodec) -> Variant {
            Variant(key: key, value: nil, codec: codec)
        }

        /// The form chosen when `key` holds the string `value`; `codec` must declare
        /// `Field<String>.constant(key, value)`.
        public static func when(_ key: String, is value: String, _ codec: ObjectCodec) -> Variant {
            Variant(key: key, value: value, codec: codec)
        }
    }

    /// The same objects, decoded into something else.
    public func map<Other>(_ transform: @escaping @Sendable (Value) -> Other) -> ObjectCodec<Other> {
        ObjectCodec<Other>(shapes: shapes) { [read] object, ignoring in transform(try read(object, ignoring)) }
    }

    /// The codec as a value codec (for an object nested in a field, such as a payload).
    public var value: JSONCodec<Value> {
        let schema: JSONValue = shapes.count == 1 ? shapes[0].schema() : ["oneOf": .array(shapes.map { $0.schema() })]
        return JSONCodec(schema: schema) { [read] value in
            guard case .object(let object) = value else {
                throw FieldError("expected an object, found \(value.typeName)")
            }
            return try read(object, [])
        }
    }
}

extension ObjectCodec where Value: Sendable {
    /// The codec with its value type erased, for a `FeatureModule`.
    public var erased: ObjectCodec<any Sendable> { map { $0 } }
}

/// `a, b or c`.
func list(_ items: [String]) -> String {
    items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " or " + items.last!
}
