import FixtureFormat
import ReplaySeam

/// The JSON form of canonical values and replay outputs in the adapter protocol (docs/porting.md,
/// "Values" and "Outputs"): what a port sends instead of text, so that the runner formats every
/// transcript with the reference's own formatter.
public enum AdapterValues {
    /// A canonical value as JSON: booleans, integers, null and strings as themselves, a list as an
    /// array, a record as `{"record": type, "fields": [[name, value], ...]}`, an enum case as
    /// `{"enum": type, "case": name, "fields": [...]}`. Fields are pairs so their order survives any JSON library.
    public static func json(_ value: CanonicalValue) -> JSONValue {
        switch value {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .integer(let number): .integer(number)
        case .string(let text): .string(text)
        case .list(let items): .array(items.map(json))
        case .record(let type, let fields):
            .object(JSONObject([("record", .string(type)), ("fields", fieldsJSON(fields))]))
        case .enumCase(let type, let name, let fields):
            .object(JSONObject([("enum", .string(type)), ("case", .string(name)), ("fields", fieldsJSON(fields))]))
        }
    }

    private static func fieldsJSON(_ fields: [CanonicalValue.Field]) -> JSONValue {
        .array(fields.map { .array([.string($0.name), json($0.value)]) })
    }

    /// Reads a canonical value; `path` names the place in the message for errors (`outputs[2].render`).
    public static func value(_ json: JSONValue, at path: String) throws(AdapterError) -> CanonicalValue {
        try value(json) { path }
    }

    /// `path` is made only for an error: a reply's values are read at every step of every scenario.
    private static func value(_ json: JSONValue, path: () -> String) throws(AdapterError) -> CanonicalValue {
        switch json {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .integer(let number): return .integer(number)
        case .number:
            throw .malformed(path(), "a number with a fraction or exponent; canonical values have integers only")
        case .string(let text): return .string(text)
        case .array(let items):
            var values: [CanonicalValue] = []
            values.reserveCapacity(items.count)
            for (index, item) in items.enumerated() { values.append(try value(item) { "\(path())[\(index)]" }) }
            return .list(values)
        case .object(let object):
            if case .string(let type)? = object["record"] {
                try only(["record", "fields"], in: object, at: path)
                return .record(type, try fields(object["fields"]) { path() + ".fields" })
            }
            if case .string(let type)? = object["enum"], case .string(let name)? = object["case"] {
                try only(["enum", "case", "fields"], in: object, at: path)
                return .enumCase(
                    type: type, name: name, fields: try fields(object["fields"] ?? .array([])) { path() + ".fields" })
            }
            throw .malformed(
                path(),
                "an object must be a record ({\"record\", \"fields\"}) or an enum case ({\"enum\", \"case\", \"fields\"})"
            )
        }
    }

    private static func fields(_ json: JSONValue?, path: () -> String) throws(AdapterError) -> [CanonicalValue.Field] {
        guard case .array(let pairs)? = json else {
            throw .malformed(path(), "expected an array of [name, value] pairs")
        }
        var fields: [CanonicalValue.Field] = []
        fields.reserveCapacity(pairs.count)
        for (index, pair) in pairs.enumerated() {
            guard case .array(let parts) = pair, parts.count == 2, case .string(let name) = parts[0] else {
                throw .malformed("\(path())[\(index)]", "expected a pair [name, value] with a string name")
            }
            fields.append(CanonicalValue.Field(name, try value(parts[1]) { "\(path())[\(index)][1]" }))
        }
        return fields
    }

    /// One output as JSON (see `output(_:at:)` for the forms).
    public static func json(_ output: ReplayOutput) -> JSONValue {
        func with(_ pairs: [(String, JSONValue)], screen: String?) -> JSONValue {
            .object(JSONObject(pairs + (screen.map { [("screen", JSONValue.string($0))] } ?? [])))
        }
        switch output {
        case .request(let id, let description):
            return with([("request", .integer(id)), ("description", .string(description))], screen: nil)
        case .cancel(let id): return with([("cancel", .integer(id))], screen: nil)
        case .render(let value, let screen): return with([("render", json(value))], screen: screen)
        case .label(let value, let screen): return with([("label", json(value))], screen: screen)
        case .rejected(let message): return with([("rejected", .string(message))], screen: nil)
        case .saved(let value): return with([("saved", json(value))], screen: nil)
        case .custom(let keyword, let value):
            return with([("reaction", .string(keyword)), ("value", json(value))], screen: nil)
        }
    }

    /// Reads one output: `{"request": n, "description": text}`, `{"cancel": n}`, `{"render": value, "screen"?: name}`,
    /// `{"label": value, "screen"?: name}`, `{"rejected": message}`, `{"saved": value}`, `{"reaction": keyword, "value": value}`.
    public static func output(_ json: JSONValue, at path: String) throws(AdapterError) -> ReplayOutput {
        guard case .object(let object) = json else {
            throw .malformed(path, "expected an object, found \(json.typeName)")
        }
        func integer(_ key: String) throws(AdapterError) -> Int {
            guard let number = object[key]?.wholeNumber, number >= 1 else {
                throw .malformed("\(path).\(key)", "expected a whole number >= 1")
            }
            return number
        }
        func string(_ key: String) throws(AdapterError) -> String {
            guard case .string(let text)? = object[key] else { throw .malformed("\(path).\(key)", "expected a string") }
            return text
        }
        func screen() throws(AdapterError) -> String? { object["screen"] == nil ? nil : try string("screen") }
        let kind = object.keys.first {
            ["request", "cancel", "render", "label", "rejected", "saved", "reaction"].contains($0)
        }
        let allowed: [String]
        let output: ReplayOutput
        switch kind {
        case "request":
            allowed = ["request", "description"]
            output = .request(id: try integer("request"), description: try string("description"))
        case "cancel":
            allowed = ["cancel"]
            output = .cancel(id: try integer("cancel"))
        case "render", "label":
            allowed = [kind ?? "", "screen"]
            let value = try value(object[kind ?? ""] ?? .null) { "\(path).\(kind ?? "")" }
            output = kind == "render" ? .render(value, screen: try screen()) : .label(value, screen: try screen())
        case "rejected":
            allowed = ["rejected"]
            output = .rejected(try string("rejected"))
        case "saved":
            allowed = ["saved"]
            output = .saved(try value(object["saved"] ?? .null) { "\(path).saved" })
        case "reaction":
            allowed = ["reaction", "value"]
            let keyword = try string("reaction")
            guard ReplayOutput.isValidKeyword(keyword) else {
                throw .malformed(
                    "\(path).reaction",
                    "\(CanonicalRender.quote(keyword)) is not lowercase words, or is a keyword of the format")
            }
            output = .custom(keyword: keyword, value: try value(object["value"] ?? .null) { "\(path).value" })
        default:
            throw .malformed(
                path,
                "expected one of the keys request, cancel, render, label, rejected, saved, reaction; found \(object.keys)"
            )
        }
        try only(allowed, in: object, at: path)
        return output
    }

    private static func only(_ keys: [String], in object: JSONObject, at path: String) throws(AdapterError) {
        try only(keys, in: object) { path }
    }

    private static func only(_ keys: [String], in object: JSONObject, at path: () -> String) throws(AdapterError) {
        if let extra = object.members.first(where: { !keys.contains($0.key) })?.key {
            throw .malformed(
                path(), "unknown key \(CanonicalRender.quote(extra)); allowed: \(keys.joined(separator: ", "))")
        }
    }
}
