import FixtureFormat
import ReplaySeam

/// The adapter protocol's messages (docs/porting.md): newline-delimited JSON between the runner
/// and a port. The runner sends `start`, then one `run` per scenario (its header and events), then
/// `stop`; every message but `stop` carries a `seq` the reply must repeat.
public enum AdapterProtocol {
    /// The protocol version this runner speaks; `start` sends it and the port must answer it.
    public static let version = 2

    /// Reads one reply line: a JSON object that repeats `seq` (the message it answers).
    public static func replyObject(_ line: String, seq: Int) throws(AdapterError) -> JSONObject {
        let value: JSONValue
        do {
            value = try JSONValue.parse(line)
        } catch {
            throw .notJSON(line: line, reason: error.message)
        }
        guard case .object(let reply) = value else { throw .notJSON(line: line, reason: "a JSON \(value.typeName)") }
        guard let got = reply["seq"]?.wholeNumber else {
            throw .malformed("seq", "the reply has no whole-number \"seq\"")
        }
        guard got == seq else { throw .wrongSeq(expected: seq, got: got) }
        return reply
    }

    /// `{"cmd": "start", "seq": n, "version": 2}`
    static func start(_ seq: Int) -> JSONValue {
        .object(JSONObject([("cmd", "start"), ("seq", .integer(seq)), ("version", .integer(version))]))
    }

    /// `{"cmd": "run", "seq": n, "header": <line 1>, "events": [<lines 2...>]}`, and at the wire
    /// level `"wire": {"baseURL": "http://127.0.0.1:<port>", "apiKey": ..., "timeoutSeconds": 1 or 20}`:
    /// the scenario's lines as they were read when it was read from text, else as JSON writes them.
    static func run(seq: Int, _ scenario: Scenario, wire: (any WirePortServer)? = nil) -> [UInt8] {
        var wireMember: [UInt8] = []
        if let wire {
            let object = JSONValue.object(
                JSONObject([
                    ("baseURL", .string(wire.baseURL.absoluteString)), ("apiKey", .string(wire.apiKey)),
                    ("timeoutSeconds", .integer(Int(wire.clientTimeout.rounded(.up)))),
                ]))
            wireMember = Array(#","wire":"#.utf8) + Array(object.compactText.utf8)
        }
        let lines =
            scenario.lines
            ?? ([scenario.header] + scenario.events.map(\.object)).map {
                ArraySlice(JSONValue.object($0).compactText.utf8)
            }
        var message = Array(#"{"cmd":"run","seq":\#(seq),"header":"#.utf8)
        message.reserveCapacity(lines.reduce(64) { $0 + $1.count + 1 } + wireMember.count)
        message.append(contentsOf: lines[0])
        message.append(contentsOf: #","events":["#.utf8)
        for (index, line) in lines.dropFirst().enumerated() {
            if index > 0 { message.append(UInt8(ascii: ",")) }
            message.append(contentsOf: line)
        }
        message.append(UInt8(ascii: "]"))
        message.append(contentsOf: wireMember)
        message.append(UInt8(ascii: "}"))
        return message
    }

    /// `{"cmd": "stop"}`: no reply; the port exits.
    static let stop: JSONValue = .object(JSONObject([("cmd", "stop")]))

    /// Reads the answer to `run` for `events` (its `seq` already checked): `steps`, one array of
    /// outputs per event, or `skipped`, or `errored` with the step it stopped at.
    static func answer(_ object: JSONObject, events: [ScenarioEvent]) throws(AdapterError) -> ScenarioAnswer {
        try answer(object, quiet: events.map(\.isQuiet))
    }

    /// Reads the answer to `run` for a scenario whose events are quiet advances where `quiet` says
    /// so, one flag per event (`answer(_:events:)`).
    public static func answer(_ object: JSONObject, quiet: [Bool]) throws(AdapterError) -> ScenarioAnswer {
        let count = quiet.count
        if let kind = object.keys.first(where: { ["skipped", "errored"].contains($0) }) {
            guard case .object(let body)? = object[kind] else {
                throw .malformed(kind, "expected an object with a message")
            }
            guard case .string(let message)? = body["message"] else {
                throw .malformed("\(kind).message", "expected a string")
            }
            let extra: String? =
                if case .string(let text)? = body[kind == "skipped" ? "issue" : "details"] { text } else { nil }
            if kind == "skipped" { return .skipped(message: message, issue: extra) }
            guard let step = body["step"]?.wholeNumber, (0...count).contains(step) else {
                throw .malformed("errored.step", "expected the step it stopped at, 0 (the header) to \(count)")
            }
            return .errored(step: step, message: message, details: extra)
        }
        guard case .array(let items)? = object["steps"] else {
            throw .malformed("steps", "a reply holds \"steps\" (an array), \"skipped\" or \"errored\"")
        }
        guard items.count == count else {
            throw .malformed(
                "steps", "expected one array of outputs for each of the \(count) events, got \(items.count)")
        }
        var steps: [StepOutputs] = []
        steps.reserveCapacity(items.count)
        for (index, (item, isQuiet)) in zip(items, quiet).enumerated() {
            guard case .array(let entries) = item else {
                throw .malformed("steps[\(index)]", "expected an array of outputs")
            }
            var outputs: [ReplayOutput] = []
            var omitted = 0
            for (place, entry) in entries.enumerated() {
                let path = "steps[\(index)][\(place)]"
                if case .object(let fields) = entry, let count = fields["omitted"] {
                    guard fields.count == 1, let count = count.wholeNumber, count >= 1 else {
                        throw .malformed(path, "{\"omitted\": k} takes a whole number k >= 1 and nothing else")
                    }
                    guard isQuiet else {
                        throw .malformed(path, "{\"omitted\": k} is allowed only in the outputs of a quiet advance")
                    }
                    omitted += count
                } else {
                    outputs.append(try AdapterValues.output(entry, at: path))
                }
            }
            steps.append(StepOutputs(outputs, omitted: omitted))
        }
        return .steps(steps)
    }
}

/// What an implementation says about itself: a port in its answer to `start`, the reference in process.
public struct ImplementationInfo: Equatable, Sendable, Codable {
    public let name: String
    public let language: String
    public let version: String
    /// The features it implements; scenarios of other features are skipped.
    public let features: [String]
    /// Where to report its issues (a URL).
    public let issues: String
    public let homepage: String?
    /// Whether it runs scenarios at the wire level (`"wire": true`; docs/porting.md, "The wire
    /// level"). Not written in reports.
    public var wire = false

    private enum CodingKeys: String, CodingKey {
        case name, language, version, features, issues, homepage
    }

    public init(
        name: String, language: String, version: String, features: [String], issues: String, homepage: String? = nil,
        wire: Bool = false
    ) {
        self.name = name
        self.language = language
        self.version = version
        self.features = features
        self.issues = issues
        self.homepage = homepage
        self.wire = wire
    }

    /// Reads the `implementation` object of a `start` reply.
    public static func read(_ json: JSONValue?) throws(AdapterError) -> ImplementationInfo {
        guard case .object(let object)? = json else { throw .malformed("implementation", "expected an object") }
        func string(_ key: String) throws(AdapterError) -> String {
            guard case .string(let text)? = object[key], !text.isEmpty else {
                throw .malformed("implementation.\(key)", "expected a non-empty string")
            }
            return text
        }
        guard case .array(let items)? = object["features"] else {
            throw .malformed("implementation.features", "expected an array of feature names")
        }
        var features: [String] = []
        for (index, item) in items.enumerated() {
            guard case .string(let name) = item else {
                throw .malformed("implementation.features[\(index)]", "expected a string")
            }
            features.append(name)
        }
        let homepage: String? = object["homepage"] == nil ? nil : try string("homepage")
        var wire = false
        switch object["wire"] {
        case nil: break
        case .bool(let value)?: wire = value
        case .some: throw .malformed("implementation.wire", "expected true or false")
        }
        return ImplementationInfo(
            name: try string("name"), language: try string("language"), version: try string("version"),
            features: features,
            issues: try string("issues"), homepage: homepage, wire: wire)
    }
}

/// Something wrong with a port or its messages. Each message names what was wrong and where.
public enum AdapterError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A field of a reply is missing or has the wrong form: the field's path and what was expected.
    case malformed(String, String)
    /// A reply line is not a JSON object.
    case notJSON(line: String, reason: String)
    /// A reply answers another message.
    case wrongSeq(expected: Int, got: Int)
    /// The port speaks another protocol version.
    case version(got: String)
    /// No reply came in time from the port started with `command`.
    case timedOut(seconds: Double, command: String)
    /// The port's standard output closed (it exited or crashed).
    case exited(String)
    /// The command could not be started.
    case launch(String)
    /// A reply line is longer than the runner accepts.
    case lineTooLong(bytes: Int)

    public var description: String {
        switch self {
        case .malformed(let path, let what): "malformed reply: field \"\(path)\": \(what)"
        case .notJSON(let line, let reason):
            "the port wrote a line that is not a JSON object (\(reason)): \(CanonicalRender.quote(String(line.prefix(200))))"
        case .wrongSeq(let expected, let got):
            "wrong sequence number: expected seq \(expected), the reply has seq \(got)"
        case .version(let got):
            "the port speaks protocol version \(got); this runner speaks version \(AdapterProtocol.version)"
        case .timedOut(let seconds, let command):
            "no reply within the scenario's timeout of \(Self.seconds(seconds)): the port \(CanonicalRender.quote(command)) "
                + "was stopped and is restarted for the next scenario"
        case .exited(let status): "the port exited before replying (\(status))"
        case .launch(let reason): "the port could not be started: \(reason)"
        case .lineTooLong(let bytes): "the port wrote a line longer than \(bytes) bytes without a newline"
        }
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
