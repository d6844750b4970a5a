import FixtureFormat
import CommandLineSupport
import ReplaySeam

/// The reference features speaking the adapter protocol, as a port would (`conformance adapter`):
/// runs the protocol's own checks through a real child process, so the protocol cannot drift
/// from the reference.
///
/// Each `step` replays the scenario's lines so far and answers that step's outputs. Replays are
/// deterministic, so the prefix gives the same outputs as the whole; simple over fast.
public struct ReferenceAdapter {
    public let replayer: Replayer
    /// Where the reference's issues are reported, for the handshake.
    public static let issues = "docs/porting.md#issues"

    public init(features: FeatureRegistry) { self.replayer = Replayer(features: features) }

    /// The conversation's state between messages.
    private struct Conversation {
        var header: JSONObject?
        var events: [JSONObject] = []
    }

    /// Answers each line of `readLine` on `write` until `stop` or the end of input.
    public func serve(readLine: () -> String?, write: (String) -> Void) {
        var conversation = Conversation()
        while let line = readLine() {
            guard case .object(let message)? = try? JSONValue.parse(line) else {
                write(Self.errored(seq: nil, "the runner sent a line that is not a JSON object: \(CanonicalRender.quote(String(line.prefix(200))))"))
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
                let info: JSONValue = [
                    "name": "reference", "language": "swift", "version": .string(packageVersion),
                    "features": .array(replayer.features.names.map(JSONValue.string)), "issues": .string(Self.issues),
                ]
                write(Self.reply(seq, [("version", .integer(AdapterProtocol.version)), ("implementation", info)]))
            case .string("scenario"):
                guard case .object(let header)? = message["header"] else {
                    write(Self.errored(seq: seq, "scenario needs a \"header\" object"))
                    continue
                }
                conversation = Conversation(header: header)
                write(Self.reply(seq, [("ready", true)]))
            case .string("step"):
                guard case .object(let event)? = message["event"], let header = conversation.header else {
                    write(Self.errored(seq: seq, "step needs an \"event\" object, after a scenario"))
                    continue
                }
                conversation.events.append(event)
                write(answer(header: header, events: conversation.events, seq: seq))
            default:
                write(Self.errored(seq: seq, "unknown cmd \(message["cmd"]?.compactText ?? "(none)"); expected start, scenario, step or stop"))
            }
        }
    }

    /// Replays the header and `events`, and answers the last event's outputs.
    private func answer(header: JSONObject, events: [JSONObject], seq: Int?) -> String {
        let text = ([JSONValue.object(header)] + events.map(JSONValue.object)).map { $0.compactText + "\n" }.joined()
        do {
            let scenario = try replayer.read(text, file: "(the runner's scenario)")
            let result = try replayer.replay(scenario)
            guard let step = result.steps.last else { return Self.reply(seq, [("outputs", [])]) }
            return Self.reply(seq, [("outputs", .array(Self.outputs(step)))])
        } catch {
            return Self.errored(seq: seq, error.description)
        }
    }

    /// A step's outputs as JSON; a quiet step sends its last render only, with `{"omitted": k}` for the others.
    public static func outputs(_ step: ReplayStep) -> [JSONValue] {
        func isRender(_ output: ReplayOutput) -> Bool { if case .render = output { true } else { false } }
        guard step.quiet, let last = step.outputs.lastIndex(where: isRender) else { return step.outputs.map(AdapterValues.json) }
        let kept = step.outputs.enumerated().filter { !isRender($0.element) || $0.offset == last }.map(\.element)
        // The replay itself keeps only a count of a quiet step's earlier renders (`omittedRenders`).
        let omitted = step.omittedRenders + step.outputs.count - kept.count
        return (omitted > 0 ? [["omitted": .integer(omitted)]] : []) + kept.map(AdapterValues.json)
    }

    private static func reply(_ seq: Int?, _ members: [(String, JSONValue)]) -> String {
        JSONValue.object(JSONObject([("seq", seq.map(JSONValue.integer) ?? .null)] + members)).compactText
    }

    private static func errored(seq: Int?, _ message: String) -> String {
        reply(seq, [("errored", ["message": .string(message)])])
    }
}
