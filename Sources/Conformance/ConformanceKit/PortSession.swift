import FixtureFormat
import Foundation

/// One port process and its conversation: starts it and shakes hands on first use, numbers the
/// messages, checks each reply's `seq`, and restarts the port after it crashed, hung or broke the protocol.
final class PortSession {
    let command: String
    let directory: URL?
    private var process: PortProcess?
    private var seq = 0
    /// What the port said about itself in its last handshake.
    private(set) var info: PortInfo?

    init(command: String, directory: URL?) {
        self.command = command
        self.directory = directory
    }

    /// Starts the port and shakes hands, unless it is already running.
    func ensureStarted(deadline: Date, timeout: Double) throws(AdapterError) -> PortInfo {
        if let process, process.isRunning, let info { return info }
        discard()
        let started = try PortProcess(command: command, directory: directory)
        process = started
        let seq = nextSeq()
        let reply = try request(AdapterProtocol.start(seq: seq), seq: seq, deadline: deadline, timeout: timeout)
        guard reply["version"]?.wholeNumber == AdapterProtocol.version else {
            throw .version(got: reply["version"]?.compactText ?? "(none)")
        }
        let info = try PortInfo.read(reply["implementation"])
        self.info = info
        return info
    }

    /// Sends `message` (which carries `seq`) and returns the reply, after checking that it repeats `seq`.
    func request(_ message: JSONValue, seq: Int, deadline: Date, timeout: Double) throws(AdapterError) -> JSONObject {
        guard let process else { throw .exited("not started") }
        try process.send(message.compactText)
        let line = try process.readLine(until: deadline, timeout: timeout)
        let value: JSONValue
        do {
            value = try JSONValue.parse(line)
        } catch {
            throw .notJSON(line: line, reason: error.message)
        }
        guard case .object(let reply) = value else { throw .notJSON(line: line, reason: "a JSON \(value.typeName)") }
        try PortReply.checkSeq(reply, expected: seq)
        return reply
    }

    /// The next sequence number.
    func nextSeq() -> Int {
        seq += 1
        return seq
    }

    /// The tail of the port's standard error since the last `clearStandardError()`.
    var standardError: String { process?.standardError ?? "" }

    func clearStandardError() { process?.clearStandardError() }

    /// Kills the port; the next scenario starts a new one.
    func discard() {
        process?.terminate()
        process = nil
        info = nil
    }

    /// Sends `stop`, gives the port a moment to exit, then makes sure it has.
    func stop() {
        guard let process else { return }
        try? process.send(AdapterProtocol.stop.compactText)
        process.finish(grace: 2)
        self.process = nil
    }
}
