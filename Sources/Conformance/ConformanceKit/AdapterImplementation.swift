import FixtureFormat
import Foundation
import ReplaySeam

/// A port in a child process, speaking the adapter protocol (docs/porting.md): started and shaken
/// hands with on first use, each message numbered and each reply's `seq` checked, restarted for the
/// next scenario after it crashed, hung or broke the protocol.
public final class AdapterImplementation: Implementation {
    /// The shell command that starts the port.
    public let command: String
    /// The folder the port runs in (nil: this process's).
    public let directory: URL?
    private var process: PortProcess?
    private var seq = 0
    private var info: ImplementationInfo?

    public init(command: String, directory: URL? = nil) {
        self.command = command
        self.directory = directory
    }

    public var role: String { "the port" }
    public var definesGoldens: Bool { false }

    public func start(_ deadline: Deadline) throws(AdapterError) -> ImplementationInfo {
        if let process, process.isRunning, let info { return info }
        end(discard: true)
        process = try PortProcess(command: command, directory: directory)
        let reply = try request(AdapterProtocol.start, deadline)
        guard reply["version"]?.wholeNumber == AdapterProtocol.version else {
            throw .version(got: reply["version"]?.compactText ?? "(none)")
        }
        let info = try ImplementationInfo.read(reply["implementation"])
        self.info = info
        return info
    }

    public func begin(_ scenario: Scenario, _ deadline: Deadline) throws(AdapterError) -> ImplementationReply {
        process?.clearStandardError()
        let reply = try ImplementationReply.read(try request({ AdapterProtocol.scenario(seq: $0, header: scenario.header) }, deadline))
        if case .outputs = reply { throw .malformed("ready", "the answer to scenario must be ready, skipped or errored") }
        return reply
    }

    public func step(_ event: ScenarioEvent, _ deadline: Deadline) throws(AdapterError) -> ImplementationReply {
        let reply = try ImplementationReply.read(
            try request({ AdapterProtocol.step(seq: $0, step: event.step, event: event.object) }, deadline))
        switch reply {
        case .ready: throw .malformed("outputs", "the answer to step must hold outputs, skipped or errored")
        case .outputs(_, let omitted) where omitted > 0 && !event.isQuiet:
            throw .malformed("outputs", "{\"omitted\": k} is allowed only in the answer to a quiet advance")
        default: return reply
        }
    }

    public func diagnostics() -> String { process?.standardError ?? "" }

    public func end(discard: Bool) {
        guard discard else { return }
        process?.terminate()
        process = nil
        info = nil
    }

    /// Sends `stop`, gives the port a moment to exit, then makes sure it has.
    public func stop() {
        guard let process else { return }
        try? process.send(AdapterProtocol.stop.compactText)
        process.finish(grace: 2)
        self.process = nil
        info = nil
    }

    /// Sends the message made with the next `seq` and returns the reply, after checking that it repeats `seq`.
    private func request(_ message: (Int) -> JSONValue, _ deadline: Deadline) throws(AdapterError) -> JSONObject {
        guard let process else { throw .exited("not started") }
        seq += 1
        try process.send(message(seq).compactText)
        let line = try process.readLine(until: deadline.date, timeout: deadline.seconds)
        let value: JSONValue
        do {
            value = try JSONValue.parse(line)
        } catch {
            throw .notJSON(line: line, reason: error.message)
        }
        guard case .object(let reply) = value else { throw .notJSON(line: line, reason: "a JSON \(value.typeName)") }
        try ImplementationReply.checkSeq(reply, expected: seq)
        return reply
    }
}
