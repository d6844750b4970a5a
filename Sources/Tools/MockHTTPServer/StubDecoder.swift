import CommandLineSupport
import Foundation
import MVIJSON

/// Why a stub (admin API body or stub file) was refused; every case names the field.
public indirect enum StubError: Error, Equatable, CustomStringConvertible {
    /// The text is not JSON: what the strict reader found, and at which column.
    case notJSON(JSONReadError)
    /// The text is JSON, but not an object.
    case notAnObject
    /// A field is missing, unknown, of the wrong type, out of range, or in conflict with another.
    case invalidField(field: String, problem: String)
    /// A field that is not one of `expected`, with the nearest of them when one is close (`pth`: `path`).
    case unknownField(field: String, expected: [String], suggestion: String?)
    /// A stub file was refused.
    case file(path: String, StubError)
    /// A stub folder or file could not be read.
    case unreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case .notJSON(let error): "the body is \(error)"
        case .notAnObject: "the body must be a JSON object"
        case .invalidField(let field, let problem): "\(field): \(problem)"
        case .unknownField(let field, let expected, let suggestion):
            "\(field): unknown field; expected \(expected.joined(separator: ", "))"
                + (suggestion.map { "; did you mean \($0)?" } ?? "")
        case .file(let path, let error): "\(path): \(error)"
        case .unreadable(let path, let reason): "\(path): \(reason)"
        }
    }

    /// The same error, its field named within `place` (`mappings[2]` + `pth` is `mappings[2].pth`).
    func within(_ place: String) -> StubError {
        func join(_ field: String) -> String { field.hasPrefix("[") ? place + field : place + "." + field }
        switch self {
        case .invalidField(let field, let problem): return .invalidField(field: join(field), problem: problem)
        case .unknownField(let field, let expected, let suggestion):
            return .unknownField(field: join(field), expected: expected, suggestion: suggestion)
        default: return self
        }
    }

    /// The admin API's answer to a refused body: `message`, and for a typo the nearest valid name
    /// also apart, as `didYouMean`, for a client that offers it.
    var adminAnswer: JSONValue {
        guard case .unknownField(_, _, let suggestion) = self else {
            return ["message": .string(description)]
        }
        var fields: JSONObject = ["message": .string(description)]
        fields["didYouMean"] = suggestion.map(JSONValue.string)
        return .object(fields)
    }
}

/// Reads stubs and request patterns from their JSON form (docs/mock-server.md), checking every
/// field's type, refusing unknown fields at every depth, and refusing responses the server could
/// not send faithfully (header injection, bodies where HTTP allows none, a stub's own framing).
enum StubDecoder {
    static let stubFields: Set<String> = [
        "method", "path", "pathPattern", "query", "headers", "body", "scenarioName", "requiredScenarioState",
        "newScenarioState", "response", "responses",
    ]
    static let patternFields: Set<String> = ["method", "path", "pathPattern", "query", "headers", "body"]
    static let responseFields: Set<String> = [
        "status", "headers", "body", "bodyBase64", "chunked", "chunkSize", "delayMs", "throttle", "fault",
    ]
    /// The ways a query parameter or header can be matched, besides a plain string (equal to it).
    static let valueMatchFields: Set<String> = ["equalTo", "present", "absent"]
    static let bodyMatchFields: Set<String> = ["equalToJSON", "containsJSON"]
    /// Headers the server writes itself.
    static let framingHeaders: Set<String> = ["content-length", "transfer-encoding", "connection"]

    static func stub(_ data: Data) throws(StubError) -> Stub {
        try stub(try object(data))
    }

    /// The stubs of a stub file: one stub, or `{"mappings": [stub, ...]}` (WireMock's form for
    /// several); a stub of the list that is wrong is named by its index (`mappings[2].pth`).
    static func stubs(_ data: Data) throws(StubError) -> [Stub] {
        let fields = try object(data)
        guard let list = fields["mappings"] else { return [try stub(fields)] }
        try refuseUnknown(fields, allowed: ["mappings"], at: "")
        guard case .array(let items) = list, !items.isEmpty else {
            throw .invalidField(field: "mappings", problem: "expected a non-empty array of stubs")
        }
        var stubs: [Stub] = []
        for (index, item) in items.enumerated() {
            let place = "mappings[\(index)]"
            guard case .object(let object) = item else { throw .invalidField(field: place, problem: "expected a stub") }
            do { stubs.append(try stub(object)) } catch { throw error.within(place) }
        }
        return stubs
    }

    private static func stub(_ fields: JSONObject) throws(StubError) -> Stub {
        try refuseUnknown(fields, allowed: stubFields, at: "")
        let pattern = try self.pattern(fields, requirePath: true)
        let rawResponses: [JSONValue]
        switch (fields["responses"], fields["response"]) {
        case (.some, .some):
            throw .invalidField(field: "responses", problem: "give responses (an array) or response (one), not both")
        case (.some(let list), nil):
            guard case .array(let array) = list, !array.isEmpty else {
                throw .invalidField(field: "responses", problem: "expected a non-empty array")
            }
            rawResponses = array
        case (nil, .some(let single)): rawResponses = [single]
        case (nil, nil):
            throw .invalidField(field: "responses", problem: "missing; give responses (an array) or response (one)")
        }
        // A single `response` is named `responses[0]` in errors too.
        var responses: [StubResponse] = []
        for (index, raw) in rawResponses.enumerated() {
            responses.append(try response(raw, at: "responses[\(index)]", method: pattern.method))
        }
        let scenario = try name(fields["scenarioName"], at: "scenarioName")
        let required = try name(fields["requiredScenarioState"], at: "requiredScenarioState")
        let next = try name(fields["newScenarioState"], at: "newScenarioState")
        if scenario == nil {
            for (field, value) in [("requiredScenarioState", required), ("newScenarioState", next)] where value != nil {
                throw .invalidField(field: field, problem: "needs scenarioName, the scenario whose state it names")
            }
        }
        return Stub(pattern: pattern, scenario: scenario, requiredState: required, newState: next, responses: responses)
    }

    /// A request pattern for journal searches: `{"method", "path", "pathPattern", "query", "headers",
    /// "body"}`, every part optional.
    static func requestPattern(_ data: Data) throws(StubError) -> RequestPattern {
        let fields = try object(data)
        try refuseUnknown(fields, allowed: patternFields, at: "")
        var pattern = try self.pattern(fields, requirePath: false)
        if fields["method"] == nil { pattern.method = nil }
        return pattern
    }

    private static func object(_ data: Data) throws(StubError) -> JSONObject {
        let value: JSONValue
        do throws(JSONReadError) { value = try JSONValue.parse(String(decoding: data, as: UTF8.self)) } catch {
            throw .notJSON(error)
        }
        guard case .object(let object) = value else { throw .notAnObject }
        return object
    }

    private static func pattern(_ fields: JSONObject, requirePath: Bool) throws(StubError) -> RequestPattern {
        var pattern = RequestPattern(method: "GET")
        switch (fields["path"], fields["pathPattern"]) {
        case (.some, .some):
            throw .invalidField(
                field: "pathPattern", problem: "give path (exact) or pathPattern (a regular expression), not both")
        case (.some(let raw), nil):
            guard case .string(let path) = raw, path.hasPrefix("/") else {
                throw .invalidField(field: "path", problem: "expected a string starting with /")
            }
            pattern.path = path
        case (nil, .some(let raw)):
            guard case .string(let source) = raw, !source.isEmpty else {
                throw .invalidField(field: "pathPattern", problem: "expected a regular expression, as a string")
            }
            pattern.pathPattern = try PathPattern(source)
        case (nil, nil):
            if requirePath {
                throw .invalidField(
                    field: "path",
                    problem: "missing; expected a string starting with /")
            }
        }
        if let raw = fields["method"] {
            if raw == .null {
                pattern.method = nil
            } else {
                guard case .string(let text) = raw, !text.isEmpty, text.allSatisfy(isTokenCharacter) else {
                    throw .invalidField(
                        field: "method", problem: "expected a method name such as GET, or null (any method)")
                }
                pattern.method = text.uppercased()
            }
        }
        (pattern.query, pattern.queryPresence) = try valueMatches(fields["query"], at: "query")
        (pattern.headers, pattern.headerPresence) = try valueMatches(fields["headers"], at: "headers")
        for name in (Array(pattern.headers.keys) + Array(pattern.headerPresence.keys)).sorted() where !isToken(name) {
            throw .invalidField(
                field: "headers.\(name)", problem: "a header name must be a token (letters, digits, !#$%&'*+-.^_`|~)")
        }
        if let raw = fields["body"] { pattern.body = try bodyPattern(raw) }
        return pattern
    }

    /// `{"name": "value"}` (equal to), or `{"name": {"equalTo": "value"}}`, `{"present": true}`,
    /// `{"absent": true}`: the values to equal, and the names that must be present or absent.
    private static func valueMatches(_ value: JSONValue?, at field: String) throws(StubError) -> (
        [String: String], [String: Bool]
    ) {
        guard let value else { return ([:], [:]) }
        guard case .object(let map) = value else {
            throw .invalidField(
                field: field, problem: "expected an object of strings or {\"equalTo\"}, {\"present\"}, {\"absent\"}")
        }
        var equal: [String: String] = [:]
        var presence: [String: Bool] = [:]
        for key in map.keys.sorted() {
            let place = "\(field).\(key)"
            switch map[key]! {
            case .string(let text): equal[key] = text
            case .object(let rule):
                try refuseUnknown(rule, allowed: valueMatchFields, at: place + ".")
                guard rule.count == 1, let member = rule.members.first else {
                    throw .invalidField(field: place, problem: "give one of equalTo, present, absent")
                }
                switch (member.key, member.value) {
                case ("equalTo", .string(let text)): equal[key] = text
                case ("equalTo", _): throw .invalidField(field: place + ".equalTo", problem: "expected a string")
                case (let name, .bool(true)): presence[key] = name == "present"
                default:
                    throw .invalidField(
                        field: "\(place).\(member.key)",
                        problem:
                            "expected true (\(member.key == "present" ? "absent" : "present"): true says the opposite)")
                }
            default:
                throw .invalidField(field: place, problem: "expected a string")
            }
        }
        return (equal, presence)
    }

    private static func bodyPattern(_ raw: JSONValue) throws(StubError) -> BodyPattern {
        guard case .object(let fields) = raw, !fields.isEmpty else {
            throw .invalidField(
                field: "body", problem: "expected {\"equalToJSON\": value} and/or {\"containsJSON\": value}")
        }
        try refuseUnknown(fields, allowed: bodyMatchFields, at: "body.")
        return BodyPattern(equalToJSON: fields["equalToJSON"], containsJSON: fields["containsJSON"])
    }

    /// A scenario's or a state's name: a non-empty string.
    private static func name(_ value: JSONValue?, at field: String) throws(StubError) -> String? {
        guard let value else { return nil }
        guard case .string(let text) = value, !text.isEmpty else {
            throw .invalidField(field: field, problem: "expected a non-empty string")
        }
        return text
    }

    private static func response(_ raw: JSONValue, at place: String, method: String?) throws(StubError) -> StubResponse
    {
        guard case .object(let fields) = raw else { throw .invalidField(field: place, problem: "expected an object") }
        try refuseUnknown(fields, allowed: responseFields, at: place + ".")
        var response = StubResponse()
        if let status = try int(fields["status"], at: "\(place).status", in: 100...599) { response.status = status }
        let headers = try strings(fields["headers"], at: "\(place).headers")
        for name in headers.keys.sorted() {
            let field = "\(place).headers.\(name)"
            guard isToken(name) else {
                throw .invalidField(
                    field: field, problem: "a header name must be a token (letters, digits, !#$%&'*+-.^_`|~)")
            }
            guard !framingHeaders.contains(name.lowercased()) else {
                throw .invalidField(
                    field: field,
                    problem:
                        "the server writes Content-Length, Transfer-Encoding and Connection itself; use chunked for chunked bodies"
                )
            }
            guard !headers[name]!.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) else {
                throw .invalidField(field: field, problem: "a header value must not contain CR, LF or NUL")
            }
            response.headers.append((name, headers[name]!))
        }
        switch (fields["body"], fields["bodyBase64"]) {
        case (.some, .some):
            throw .invalidField(field: "\(place).bodyBase64", problem: "give body or bodyBase64, not both")
        case (.some(let body), nil):
            guard case .string(let text) = body else {
                throw .invalidField(field: "\(place).body", problem: "expected a string")
            }
            response.body = Data(text.utf8)
        case (nil, .some(let encoded)):
            guard case .string(let text) = encoded, let data = Data(base64Encoded: text) else {
                throw .invalidField(field: "\(place).bodyBase64", problem: "expected a base64 string")
            }
            response.body = data
        case (nil, nil): break
        }
        if !response.body.isEmpty {
            let field = fields["body"] != nil ? "\(place).body" : "\(place).bodyBase64"
            if response.status < 200 || response.status == 204 || response.status == 304 {
                throw .invalidField(field: field, problem: "a \(response.status) response has no body")
            }
            if method == "HEAD" { throw .invalidField(field: field, problem: "a response to HEAD has no body") }
        }
        if let chunked = try bool(fields["chunked"], at: "\(place).chunked") { response.chunked = chunked }
        if let size = try int(fields["chunkSize"], at: "\(place).chunkSize", in: 1...Int(Int32.max)) {
            response.chunkSize = size
        }
        if let delay = try int(fields["delayMs"], at: "\(place).delayMs", in: 0...600_000) {
            response.delayMilliseconds = delay
        }
        if let raw = fields["throttle"] {
            guard case .object(let throttle) = raw else {
                throw .invalidField(
                    field: "\(place).throttle", problem: "expected {\"bytes\": n >= 1, \"everyMs\": n >= 0}")
            }
            try refuseUnknown(throttle, allowed: ["bytes", "everyMs"], at: "\(place).throttle.")
            guard let bytes = try int(throttle["bytes"], at: "\(place).throttle.bytes", in: 1...Int(Int32.max)) else {
                throw .invalidField(field: "\(place).throttle.bytes", problem: "missing; expected a whole number >= 1")
            }
            guard let every = try int(throttle["everyMs"], at: "\(place).throttle.everyMs", in: 0...600_000) else {
                throw .invalidField(
                    field: "\(place).throttle.everyMs", problem: "missing; expected a whole number from 0 to 600000")
            }
            response.throttleBytes = bytes
            response.throttleMilliseconds = every
        }
        if let raw = fields["fault"] {
            guard case .string(let name) = raw, let fault = Fault(rawValue: name) else {
                let names = Fault.allCases.map(\.rawValue)
                var hint = ""
                if case .string(let name) = raw { hint = Suggestion.didYouMean(name, among: names) }
                throw .invalidField(
                    field: "\(place).fault", problem: "expected one of \(names.joined(separator: ", "))\(hint)")
            }
            response.fault = fault
        }
        return response
    }

    // MARK: Typed fields

    private static func refuseUnknown(_ fields: JSONObject, allowed: Set<String>, at place: String) throws(StubError) {
        if let unknown = fields.keys.sorted().first(where: { !allowed.contains($0) }) {
            let names = allowed.sorted()
            throw .unknownField(
                field: place + unknown, expected: names, suggestion: Suggestion.closest(to: unknown, among: names))
        }
    }

    /// A whole number written as one (`200`; not `200.0`, `2e2`, `true` or `"200"`) within `range`.
    private static func int(_ value: JSONValue?, at field: String, in range: ClosedRange<Int>) throws(StubError) -> Int?
    {
        guard let value else { return nil }
        let problem = "expected a whole number from \(range.lowerBound) to \(range.upperBound)"
        guard case .integer(let number) = value else { throw .invalidField(field: field, problem: problem) }
        guard range.contains(number) else { throw .invalidField(field: field, problem: problem + ", got \(number)") }
        return number
    }

    private static func bool(_ value: JSONValue?, at field: String) throws(StubError) -> Bool? {
        guard let value else { return nil }
        guard case .bool(let flag) = value else { throw .invalidField(field: field, problem: "expected true or false") }
        return flag
    }

    private static func strings(_ value: JSONValue?, at field: String) throws(StubError) -> [String: String] {
        guard let value else { return [:] }
        guard case .object(let map) = value else {
            throw .invalidField(field: field, problem: "expected an object of strings")
        }
        var result: [String: String] = [:]
        for key in map.keys.sorted() {
            guard case .string(let text)? = map[key] else {
                throw .invalidField(field: "\(field).\(key)", problem: "expected a string")
            }
            result[key] = text
        }
        return result
    }

    static func isTokenCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || "!#$%&'*+-.^_`|~".contains(character))
    }

    static func isToken(_ text: String) -> Bool { !text.isEmpty && text.allSatisfy(isTokenCharacter) }
}
