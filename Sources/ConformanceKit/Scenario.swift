import Foundation
import MVICore

/// One recorded event sequence: a header and its events. Spec: docs/fixtures.md.
public struct Scenario: Sendable {
    /// The fixture format version this reader understands.
    public static let formatVersion = 1

    /// `<feature>/<name>`, stable across versions: ports refer to scenarios by it.
    public let id: String
    public let feature: String
    public let description: String
    public let tags: [String]
    /// Feature settings (for example a random seed), as written.
    public let config: [String: JSONValue]
    public let events: [ScenarioEvent]
    /// Where the scenario was read from, for messages.
    public let file: String

    /// The part of the id after the feature: the file's name without `.jsonl`.
    public var name: String { String(id.dropFirst(feature.count + 1)) }
}

/// One line of a scenario after the header.
public struct ScenarioEvent: Sendable {
    public enum Kind: Sendable, Equatable {
        /// Create the feature's component (its store starts).
        case create
        /// A lifecycle call on the component.
        case lifecycle(LifecycleEvent)
        /// Save the state, destroy the component and create a new one from the saved state.
        case restore
        /// The view emits an event, with an optional payload.
        case view(name: String, payload: JSONValue?)
        /// Virtual time moves forward; `quiet` keeps only the last render of the step in the transcript.
        case advance(milliseconds: Int, quiet: Bool)
        /// The fake data source answers request number `request`; the other fields are the feature's.
        case respond(request: Int, fields: [String: JSONValue])
    }

    /// 1 for the first event after the header.
    public let step: Int
    /// The line in the file (the header is line 1).
    public let line: Int
    public let kind: Kind
}

/// A scenario that cannot be replayed: says where (file, line, field) and what was expected.
public struct ScenarioError: Error, Equatable, CustomStringConvertible, Sendable {
    public let file: String
    public let line: Int?
    public let field: String?
    public let message: String

    public init(file: String, line: Int?, field: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.field = field
        self.message = message
    }

    public var description: String {
        var text = file
        if let line { text += ":\(line)" }
        text += ": "
        if let field { text += "field \"\(field)\": " }
        return text + message
    }
}

extension Scenario {
    /// Reads a scenario from JSON Lines text.
    ///
    /// - Parameters:
    ///   - text: the file's contents.
    ///   - file: the path to name in errors.
    ///   - expectedID: when given (from the file's place, `<feature>/<name>`), the header's id must equal it.
    public static func parse(_ text: String, file: String, expectedID: String? = nil) throws(ScenarioError) -> Scenario {
        // "\r\n" is a single Character in Swift, so both line ends are split on explicitly.
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard !lines.isEmpty else {
            throw ScenarioError(file: file, line: nil, message: "the file is empty; expected a header line")
        }

        func object(_ lineIndex: Int) throws(ScenarioError) -> FieldReader {
            var line = lines[lineIndex]
            if line.hasSuffix("\r") { line.removeLast() }
            if line.trimmingCharacters(in: .whitespaces).isEmpty {
                throw ScenarioError(file: file, line: lineIndex + 1, message: "empty line; every line must hold one JSON object")
            }
            let value: JSONValue
            do {
                value = try JSONValue.parse(line)
            } catch {
                throw ScenarioError(file: file, line: lineIndex + 1, message: error.message)
            }
            guard case .object(let fields) = value else {
                throw ScenarioError(file: file, line: lineIndex + 1, message: "expected a JSON object, found \(value.typeName)")
            }
            return FieldReader(fields: fields, file: file, line: lineIndex + 1)
        }

        // Header.
        let header = try object(0)
        let format = try header.integer("format")
        guard format == formatVersion else {
            throw header.error("format", "this reader understands format \(formatVersion), found \(format)")
        }
        let id = try header.string("id")
        let feature = try header.string("feature")
        let description = try header.string("description")
        let tags = try header.optionalStrings("tags") ?? []
        let config = try header.optionalObject("config") ?? [:]
        try header.rejectUnknown(allowed: ["format", "id", "feature", "description", "tags", "config"])

        guard isIdentifierPart(feature) else {
            throw header.error("feature", "expected lowercase letters, digits and dashes, found \(CanonicalRender.quote(feature))")
        }
        let prefix = feature + "/"
        guard id.hasPrefix(prefix), isIdentifierPart(String(id.dropFirst(prefix.count))) else {
            throw header.error("id", "expected \"\(feature)/<name>\" with lowercase letters, digits and dashes, found \(CanonicalRender.quote(id))")
        }
        if let expectedID, id != expectedID {
            throw header.error("id", "the file's place makes its id \(CanonicalRender.quote(expectedID)), but the header says \(CanonicalRender.quote(id))")
        }
        guard !description.isEmpty, !description.contains("\n") else {
            throw header.error("description", "expected one non-empty line")
        }

        // Events.
        var events: [ScenarioEvent] = []
        for index in 1..<lines.count {
            let reader = try object(index)
            let name = try reader.string("event")
            let kind: ScenarioEvent.Kind
            switch name {
            case "create":
                try reader.rejectUnknown(allowed: ["event"])
                kind = .create
            case "restore":
                try reader.rejectUnknown(allowed: ["event"])
                kind = .restore
            case "viewCreated", "start", "stop", "viewDestroyed", "destroy":
                try reader.rejectUnknown(allowed: ["event"])
                kind = .lifecycle(LifecycleEvent(rawValue: name)!)
            case "view":
                let viewEvent = try reader.string("name")
                let payload = reader.fields["payload"]
                try reader.rejectUnknown(allowed: ["event", "name", "payload"])
                kind = .view(name: viewEvent, payload: payload)
            case "advance":
                let milliseconds = try reader.integer("ms")
                guard milliseconds >= 0 else { throw reader.error("ms", "expected a whole number of milliseconds >= 0, found \(milliseconds)") }
                let quiet = try reader.optionalBool("quiet") ?? false
                try reader.rejectUnknown(allowed: ["event", "ms", "quiet"])
                kind = .advance(milliseconds: milliseconds, quiet: quiet)
            case "respond":
                let request = try reader.integer("request")
                guard request >= 1 else { throw reader.error("request", "expected a request number >= 1, found \(request)") }
                var fields = reader.fields
                fields["event"] = nil
                fields["request"] = nil
                kind = .respond(request: request, fields: fields)
            default:
                throw reader.error(
                    "event",
                    "unknown event \(CanonicalRender.quote(name)); expected one of create, viewCreated, start, stop, "
                        + "viewDestroyed, destroy, view, advance, respond, restore")
            }
            events.append(ScenarioEvent(step: index, line: index + 1, kind: kind))
        }
        return Scenario(id: id, feature: feature, description: description, tags: tags, config: config, events: events, file: file)
    }

    /// Lowercase ASCII letters, digits and single dashes inside.
    static func isIdentifierPart(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
            first != "-", last != "-", !text.contains("--")
        else { return false }
        return text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}

/// Reads typed fields of one JSON object line, with errors that name the line and the field.
public struct FieldReader {
    public let fields: [String: JSONValue]
    public let file: String
    public let line: Int

    public func error(_ field: String?, _ message: String) -> ScenarioError {
        ScenarioError(file: file, line: line, field: field, message: message)
    }

    private func required(_ name: String, _ expected: String) throws(ScenarioError) -> JSONValue {
        guard let value = fields[name] else { throw error(name, "missing; expected \(expected)") }
        return value
    }

    public func string(_ name: String) throws(ScenarioError) -> String {
        let value = try required(name, "a string")
        guard case .string(let text) = value else { throw error(name, "expected a string, found \(value.typeName)") }
        return text
    }

    public func optionalString(_ name: String) throws(ScenarioError) -> String? {
        guard fields[name] != nil else { return nil }
        return try string(name)
    }

    public func integer(_ name: String) throws(ScenarioError) -> Int {
        let value = try required(name, "a whole number")
        guard case .number(let number) = value, number == number.rounded(), abs(number) <= 9_007_199_254_740_991 else {
            throw error(name, "expected a whole number, found \(value.typeName == "number" ? value.compactText : value.typeName)")
        }
        return Int(number)
    }

    public func optionalInteger(_ name: String) throws(ScenarioError) -> Int? {
        guard fields[name] != nil else { return nil }
        return try integer(name)
    }

    public func optionalBool(_ name: String) throws(ScenarioError) -> Bool? {
        guard let value = fields[name] else { return nil }
        guard case .bool(let flag) = value else { throw error(name, "expected true or false, found \(value.typeName)") }
        return flag
    }

    public func optionalStrings(_ name: String) throws(ScenarioError) -> [String]? {
        guard let value = fields[name] else { return nil }
        guard case .array(let items) = value else { throw error(name, "expected an array of strings, found \(value.typeName)") }
        var strings: [String] = []
        for (index, item) in items.enumerated() {
            guard case .string(let text) = item else {
                throw error(name, "element [\(index)]: expected a string, found \(item.typeName)")
            }
            strings.append(text)
        }
        return strings
    }

    public func optionalObject(_ name: String) throws(ScenarioError) -> [String: JSONValue]? {
        guard let value = fields[name] else { return nil }
        guard case .object(let object) = value else { throw error(name, "expected an object, found \(value.typeName)") }
        return object
    }

    /// Fails on the first field (in sorted order) that is not in `allowed`: typos never pass silently.
    public func rejectUnknown(allowed: Set<String>) throws(ScenarioError) {
        if let unknown = fields.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw error(unknown, "unknown field; expected only \(allowed.sorted().joined(separator: ", "))")
        }
    }
}
