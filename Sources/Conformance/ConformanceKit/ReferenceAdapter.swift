import CommandLineSupport
import FixtureFormat
import ReplaySeam

/// The reference features speaking the adapter protocol, as a port would (`conformance adapter`):
/// runs the protocol's own checks through a real child process, so the protocol cannot drift
/// from the reference. Each `step` is applied to the scenario's live `ReplaySession` and answered
/// with that step's outputs: one pass over the scenario, as the in-process reference makes.
public struct ReferenceAdapter {
    public let features: FeatureRegistry
    /// Where its issues are reported, as its handshake says; nil: `none given` (the protocol needs a word).
    public let issues: String?

    public init(features: FeatureRegistry, issues: String? = ReferenceImplementation.issues) {
        self.features = features
        self.issues = issues
    }

    /// The open scenario: its reader (which decodes each event as it comes) and its session.
    private struct Conversation {
        var reader: ScenarioReader
        let session: ReplaySession
    }

    /// Answers each line of `readLine` on `write` until `stop` or the end of input.
    public func serve(readLine: () -> String?, write: (String) -> Void) {
        let file = "(the runner's scenario)"
        var conversation: Conversation?
        while let line = readLine() {
            guard case .object(let message)? = try? JSONValue.parse(line) else {
                write(
                    Self.errored(
                        seq: nil,
                        "the runner sent a line that is not a JSON object: \(CanonicalRender.quote(String(line.prefix(200))))"
                    ))
                continue
            }
            let seq = message["seq"]?.wholeNumber
            switch message["cmd"] {
            case .string("stop"): return
            case .string("start"):
                guard message["version"]?.wholeNumber == AdapterProtocol.version else {
                    write(Self.errored(seq: seq, "this adapter speaks protocol version \(AdapterProtocol.version)"))
                    continue
                }
                let info = ReferenceImplementation(features: features, issues: issues).info
                let json: JSONValue = [
                    "name": .string(info.name), "language": .string(info.language), "version": .string(info.version),
                    "features": .array(info.features.map(JSONValue.string)),
                    "issues": .string(info.issues.isEmpty ? "none given" : info.issues),
                    // Its data sources can be pointed at the runner's server (docs/porting.md, "The wire level").
                    "wire": true,
                ]
                write(Self.reply(seq, [("version", .integer(AdapterProtocol.version)), ("implementation", json)]))
            case .string("scenario"):
                conversation = nil
                guard case .object(let header)? = message["header"] else {
                    write(Self.errored(seq: seq, "scenario needs a \"header\" object"))
                    continue
                }
                do {
                    let reader = try ScenarioReader(header: header, file: file, features: features)
                    let remote = try Self.remoteWire(message["wire"], file: file)
                    let session = try ReplaySession(
                        reader.scenario(events: []), features: features, level: remote == nil ? .memory : .wire,
                        remote: remote)
                    conversation = Conversation(reader: reader, session: session)
                    write(Self.reply(seq, [("ready", true)]))
                } catch {
                    write(Self.errored(seq: seq, error.description))
                }
            case .string("step"):
                guard case .object(let object)? = message["event"], var current = conversation else {
                    write(Self.errored(seq: seq, "step needs an \"event\" object, after a scenario"))
                    continue
                }
                do {
                    let event = try current.reader.event(object)
                    conversation = current
                    let (outputs, omitted) = try current.session.apply(event)
                    write(
                        Self.reply(
                            seq, [("outputs", .array(Self.outputs(outputs, omitted: omitted, quiet: event.isQuiet)))]))
                } catch {
                    // The scenario cannot go on; the runner ends it on an errored answer.
                    conversation = nil
                    write(Self.errored(seq: seq, error.description))
                }
            default:
                write(
                    Self.errored(
                        seq: seq,
                        "unknown cmd \(message["cmd"]?.compactText ?? "(none)"); expected start, scenario, step or stop"
                    ))
            }
        }
    }

    /// The scenario message's `wire` object, read: nil when it has none (the in-memory level).
    private static func remoteWire(_ value: JSONValue?, file: String) throws(ScenarioError) -> RemoteWire? {
        guard let value else { return nil }
        guard case .object(let object) = value else {
            throw ScenarioError(file: file, line: 1, field: "wire", message: "expected an object")
        }
        do throws(FieldError) {
            return try RemoteWire(object)
        } catch {
            throw ScenarioError(file: file, line: 1, error)
        }
    }

    /// A step's outputs as JSON; a quiet step sends its last render only, with `{"omitted": k}` for the others.
    public static func outputs(_ outputs: [ReplayOutput], omitted omittedRenders: Int, quiet: Bool) -> [JSONValue] {
        func isRender(_ output: ReplayOutput) -> Bool { if case .render = output { true } else { false } }
        guard quiet, let last = outputs.lastIndex(where: isRender) else { return outputs.map(AdapterValues.json) }
        let kept = outputs.enumerated().filter { !isRender($0.element) || $0.offset == last }.map(\.element)
        // The replay itself keeps only a count of a quiet step's earlier renders.
        let omitted = omittedRenders + outputs.count - kept.count
        return (omitted > 0 ? [["omitted": .integer(omitted)]] : []) + kept.map(AdapterValues.json)
    }

    private static func reply(_ seq: Int?, _ members: [(String, JSONValue)]) -> String {
        JSONValue.object(JSONObject([("seq", seq.map(JSONValue.integer) ?? .null)] + members)).compactText
    }

    private static func errored(seq: Int?, _ message: String) -> String {
        reply(seq, [("errored", ["message": .string(message)])])
    }
}
