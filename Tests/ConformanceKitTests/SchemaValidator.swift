import FixtureFormat
import Foundation

/// A validator for the subset of JSON Schema (draft 2020-12) that the files under
/// `Fixtures/schema/` use: `type`, `const`, `enum`, `properties`, `required`,
/// `additionalProperties`, `items`, `prefixItems`, `minItems`, `maxItems`, `minimum`, `maximum`, `minLength`, `pattern`, `oneOf`,
/// `anyOf`, `allOf` and local `$ref`s. Any other keyword is an error, so a schema can never
/// lean on a keyword this validator would silently skip.
struct SchemaValidator {
    struct UnsupportedKeyword: Error, CustomStringConvertible {
        let keyword: String
        var description: String { "the schema uses \(keyword), which this validator does not implement" }
    }

    private static let annotations: Set<String> = ["$schema", "$id", "title", "description", "$defs"]

    let root: JSONValue

    /// Whether `instance` is valid against `schema` (a part of `root`).
    func isValid(_ instance: JSONValue, against schema: JSONValue? = nil) throws -> Bool {
        let schema = schema ?? root
        switch schema {
        case .bool(let accepts): return accepts
        case .object(let keywords):
            for member in keywords where !(try check(member.key, member.value, instance, keywords)) { return false }
            return true
        default: throw UnsupportedKeyword(keyword: "a schema that is \(schema.typeName)")
        }
    }

    private func check(_ keyword: String, _ value: JSONValue, _ instance: JSONValue, _ schema: JSONObject) throws
        -> Bool
    {
        switch keyword {
        case _ where Self.annotations.contains(keyword):
            return true
        case "$ref":
            guard case .string(let reference) = value else {
                throw UnsupportedKeyword(keyword: "$ref \(value.compactText)")
            }
            return try isValid(instance, against: try resolve(reference))
        case "type":
            guard case .string(let type) = value else { throw UnsupportedKeyword(keyword: "type \(value.compactText)") }
            return try Self.hasType(instance, type)
        case "const":
            return Self.equal(instance, value)
        case "enum":
            guard case .array(let options) = value else {
                throw UnsupportedKeyword(keyword: "enum \(value.compactText)")
            }
            return options.contains { Self.equal(instance, $0) }
        case "properties":
            guard case .object(let object) = instance, case .object(let properties) = value else { return true }
            for member in object {
                if let property = properties[member.key], !(try isValid(member.value, against: property)) {
                    return false
                }
            }
            return true
        case "required":
            guard case .object(let object) = instance, case .array(let names) = value else { return true }
            return names.allSatisfy { name in if case .string(let key) = name { object[key] != nil } else { false } }
        case "additionalProperties":
            guard case .object(let object) = instance else { return true }
            let declared: JSONObject =
                if case .object(let properties)? = schema["properties"] { properties } else { [:] }
            for member in object where declared[member.key] == nil {
                if !(try isValid(member.value, against: value)) { return false }
            }
            return true
        case "items":
            guard case .array(let items) = instance else { return true }
            return try items.allSatisfy { try isValid($0, against: value) }
        case "prefixItems":
            guard case .array(let items) = instance else { return true }
            guard case .array(let schemas) = value else {
                throw UnsupportedKeyword(keyword: "prefixItems \(value.compactText)")
            }
            return try zip(items, schemas).allSatisfy { try isValid($0, against: $1) }
        case "minItems", "maxItems":
            guard case .array(let items) = instance else { return true }
            guard let bound = value.wholeNumber else {
                throw UnsupportedKeyword(keyword: "\(keyword) \(value.compactText)")
            }
            return keyword == "minItems" ? items.count >= bound : items.count <= bound
        case "minimum", "maximum":
            guard let number = Self.number(instance) else { return true }
            guard let bound = Self.number(value) else {
                throw UnsupportedKeyword(keyword: "\(keyword) \(value.compactText)")
            }
            return keyword == "minimum" ? number >= bound : number <= bound
        case "minLength":
            guard case .string(let text) = instance else { return true }
            return text.unicodeScalars.count >= (value.wholeNumber ?? 0)
        case "pattern":
            guard case .string(let text) = instance else { return true }
            guard case .string(let pattern) = value else {
                throw UnsupportedKeyword(keyword: "pattern \(value.compactText)")
            }
            let expression = try NSRegularExpression(pattern: pattern)
            return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        case "oneOf", "anyOf", "allOf":
            guard case .array(let schemas) = value else {
                throw UnsupportedKeyword(keyword: "\(keyword) \(value.compactText)")
            }
            let matches = try schemas.filter { try isValid(instance, against: $0) }.count
            switch keyword {
            case "oneOf": return matches == 1
            case "anyOf": return matches >= 1
            default: return matches == schemas.count
            }
        default:
            throw UnsupportedKeyword(keyword: keyword)
        }
    }

    private func resolve(_ reference: String) throws -> JSONValue {
        guard reference.hasPrefix("#") else { throw UnsupportedKeyword(keyword: "$ref \(reference)") }
        var node = root
        for part in reference.dropFirst().split(separator: "/") {
            guard case .object(let object) = node, let next = object[String(part)] else {
                throw UnsupportedKeyword(keyword: "$ref \(reference) (not found)")
            }
            node = next
        }
        return node
    }

    private static func hasType(_ instance: JSONValue, _ type: String) throws -> Bool {
        switch (type, instance) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object): true
        case ("number", .integer), ("number", .number), ("integer", .integer): true
        case ("integer", .number(let value)): value == value.rounded(.towardZero) && value.isFinite
        case ("null", _), ("boolean", _), ("string", _), ("array", _), ("object", _), ("number", _), ("integer", _):
            false
        default: throw UnsupportedKeyword(keyword: "type \(type)")
        }
    }

    private static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .integer(let integer): Double(integer)
        case .number(let number): number
        default: nil
        }
    }

    /// JSON equality: numbers by value (1 equals 1.0), objects regardless of member order.
    static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        if let x = number(a), let y = number(b) { return x == y }
        switch (a, b) {
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy(equal)
        case (.object(let x), .object(let y)):
            return x.count == y.count
                && x.allSatisfy { member in y[member.key].map { equal(member.value, $0) } ?? false }
        default: return a == b
        }
    }
}
