import CommandLineSupport
import FixtureFormat
import ReplaySeam

/// The reference features speaking the adapter protocol, as a port would (`conformance adapter`):
/// runs the protocol's own checks through a real child process, so the protocol cannot drift
/// from the reference. Each `run` is read as the runner reads a scenario file, walked through the
/// one scenario loop, and answered with every step's outputs.
public struct ReferenceAdapter {
    public let features: FeatureRegistry
    /// Where its issues are reported, as its handshake says; nil: `none given` (the protocol needs a word).
    public let issues: String?
    /// The level whose machinery serves a `run` message's `wire` object: `.wire` (the
    /// ConformanceWire target's) to serve the wire level, `.memory` to refuse it.
    public let level: ReplayLevel

    public init(
        features: FeatureRegistry, issues: String? = ReferenceImplementation.issues, level: ReplayLevel = .memory
    ) {
        self.features = features
        self.issues = issues
        self.level = level
    }

    /// Answers each line of `readLine` on `write` until `stop` or the end of input.
    public func serve(readLine: () -> String?, write: (String) -> Void) {
        // The last scenario's session: at the wire level its connections stay open until the next
        // message, since the runner reads the wire transcript after the answer.
        var last: ReplaySession?
        while let line = readLine() {
            withExtendedLifetime(last) {}
            last = nil
            guard case .object(let message)? = try? JSONValue.parse(line) else {
                write(
                    Self.errored(
                        seq: nil, step: 0,
                        "the runner sent a line that is not a JSON object: \(CanonicalRender.quote(String(line.prefix(200))))"
                    ))
                continue
            }
            let seq = message["seq"]?.wholeNumber
            switch message["cmd"] {
            case .string("stop"): return
            case .string("start"):
                guard message["version"]?.wholeNumber == AdapterProtocol.version else {
                    write(
                        Self.errored(
                            seq: seq, step: 0, "this adapter speaks protocol version \(AdapterProtocol.version)"))
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
            case .string("run"):
                let (answer, session) = run(message, seq: seq)
                last = session
                write(answer)
            default:
                write(
                    Self.errored(
                        seq: seq, step: 0,
                        "unknown cmd \(message["cmd"]?.compactText ?? "(none)"); expected start, run or stop"))
            }
        }
    }

    /// The answer to one `run` message: the scenario read line by line (a line the reader refuses
    /// stops it there), then walked through the one scenario loop.
    private func run(_ message: JSONObject, seq: Int?) -> (String, ReplaySession?) {
        let file = "(the runner's scenario)"
        guard case .object(let header)? = message["header"], case .array(let lines)? = message["events"] else {
            return (Self.errored(seq: seq, step: 0, "run needs a \"header\" object and an \"events\" array"), nil)
        }
        var events: [ScenarioEvent] = []
        var reader: ScenarioReader
        let remote: JSONObject?
        do throws(ScenarioError) {
            reader = try ScenarioReader(header: header, file: file, features: features)
            remote = try remoteWire(message["wire"], file: file)
        } catch {
            return (Self.errored(seq: seq, step: 0, error.description), nil)
        }
        for (index, line) in lines.enumerated() {
            do throws(ScenarioError) {
                guard case .object(let object) = line else {
                    throw ScenarioError(file: file, line: index + 2, message: "an event line must be a JSON object")
                }
                events.append(try reader.event(object))
            } catch {
                return (Self.errored(seq: seq, step: index + 1, error.description), nil)
            }
        }
        var steps: [JSONValue] = []
        steps.reserveCapacity(events.count)
        let walked = ReplaySession.walk(
            reader.scenario(events: events), features: features, level: remote == nil ? .memory : level,
            remote: remote, deadline: nil
        ) { event, step in
            steps.append(.array(Self.outputs(step.outputs, omitted: step.omitted, quiet: event.isQuiet)))
        }
        if let stop = walked.stop { return (Self.errored(seq: seq, step: stop.step, stop.error.description), nil) }
        return (Self.reply(seq, [("steps", .array(steps))]), walked.session)
    }

    /// The scenario message's `wire` object, checked: nil when it has none (the in-memory level).
    private func remoteWire(_ value: JSONValue?, file: String) throws(ScenarioError) -> JSONObject? {
        guard let value else { return nil }
        guard case .object(let object) = value else {
            throw ScenarioError(file: file, line: 1, field: "wire", message: "expected an object")
        }
        guard let machinery = level.machinery else {
            throw ScenarioError(
                file: file, line: 1, field: "wire", message: "this adapter was started without the wire level")
        }
        if let error = machinery.check(remote: object) { throw ScenarioError(file: file, line: 1, error) }
        return object
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

    private static func errored(seq: Int?, step: Int, _ message: String) -> String {
        reply(seq, [("errored", ["step": .integer(step), "message": .string(message)])])
    }
}
