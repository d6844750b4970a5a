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
    /// Steps sent ahead of their turn, oldest first: their `seq`, their step and their line's size.
    private var unanswered: [(seq: Int, step: Int, bytes: Int)] = []
    /// The bytes of the lines in `unanswered`.
    private var unansweredBytes = 0
    /// The scenario's events not sent yet, in order (empty when `begin` was given none, as the
    /// fuzzer's scenarios are made step by step).
    private var ahead: ArraySlice<ScenarioEvent> = []
    /// Where the port's replays meet the features' data: in memory, or at the wire, its own HTTP
    /// client against the open scenario's `WireServer` (docs/porting.md, "The wire level").
    public let level: ReplayLevel
    /// The features whose wire headers the wire transcripts show.
    private let features: FeatureRegistry
    /// At the wire level, the open scenario's server and what the wire transcript needs.
    private var wire: (server: WireServer, headers: [String], cancelled: Set<Int>)?

    /// At most this many steps are sent before their replies are read, and at most `windowBytes`
    /// of them: each step's reply would otherwise wait for the port to be woken, and a window of
    /// unanswered lines no bigger than half a pipe's buffer never blocks a write while the port
    /// blocks on its own (docs/porting.md, "The protocol").
    static let window = 8
    static let windowBytes = 32 << 10

    /// - Parameters:
    ///   - level: `.wire` runs each scenario against a mock server of its own, which the port's
    ///     HTTP client talks to, and compares the wire transcripts too.
    ///   - features: the features whose wire headers the wire transcripts show (at the wire level).
    public init(
        command: String, directory: URL? = nil, level: ReplayLevel = .memory, features: FeatureRegistry = .init([])
    ) {
        self.command = command
        self.directory = directory
        self.level = level
        self.features = features
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
        try dropUnanswered(deadline)
        guard let process else { throw .exited("not started") }
        process.clearStandardError()
        closeWire()
        if level == .wire {
            do {
                let server = try WireServer(waitsOutTimeout: scenario.waitsOutTimeout)
                wire = (server, features[scenario.feature]?.wireHeaders ?? [], [])
            } catch {
                return .errored(message: "the wire level's mock server: \(error)", details: nil)
            }
        }
        seq += 1
        let scenarioSeq = seq
        try process.send(
            AdapterProtocol.scenario(seq: scenarioSeq, header: scenario.header, wire: wire?.server).compactText)
        // The first steps go with it; should the answer not be ready, `end` drops their replies. At
        // the wire level none do: a `respond` step's answer is sent to the server just before the
        // step, once the port has reported every step before it (a cancel among them).
        ahead = level == .wire ? [] : scenario.events[...]
        sendAhead(to: process)
        let reply = try ImplementationReply.read(try readReply(from: process, seq: scenarioSeq, deadline))
        if case .outputs = reply {
            throw .malformed("ready", "the answer to scenario must be ready, skipped or errored")
        }
        if case .ready = reply {} else { ahead = [] }
        return reply
    }

    public func step(_ event: ScenarioEvent, _ deadline: Deadline) throws(AdapterError) -> ImplementationReply {
        guard let process else { throw .exited("not started") }
        if unanswered.first?.step != event.step {
            try dropUnanswered(deadline)
            if ahead.first?.step == event.step {
                ahead.removeFirst()  // the scenario's next step, in order
            } else {
                ahead = []  // a step made on the spot (the fuzzer's), or one out of the scenario's order
            }
            if let refusal = answerAtTheWire(event) { return .errored(message: refusal, details: nil) }
            try send(Self.stepLine(seq: seq + 1, event), step: event.step, to: process)
        }
        sendAhead(to: process)
        let expected = takeUnanswered()
        let reply = try ImplementationReply.read(try readReply(from: process, seq: expected.seq, deadline))
        if case .outputs(let outputs, _) = reply, var open = wire {
            // The transcript waits for a cancelled request's connection to close.
            for case .cancel(let id) in outputs where open.cancelled.insert(id).inserted { open.server.cancelled(id) }
            wire = open
        }
        switch reply {
        case .ready: throw .malformed("outputs", "the answer to step must hold outputs, skipped or errored")
        case .outputs(_, let omitted) where omitted > 0 && !event.isQuiet:
            throw .malformed("outputs", "{\"omitted\": k} is allowed only in the answer to a quiet advance")
        default: return reply
        }
    }

    public func diagnostics() -> String { process?.standardError ?? "" }

    public func wireTranscript(title: String) -> String? {
        wire.map { $0.server.transcript(title: title, headers: $0.headers) }
    }

    /// At the wire level, answers the request a `respond` step names, before the step is sent:
    /// the server's exchange `#n` is the port's `request #n`. A cancelled request is not answered
    /// (its connection is gone), and `timeout` is no answer at all. Returns why the answer cannot
    /// be sent: the runner refuses a scenario with such an answer before it begins, but a step
    /// made on the spot may still have one.
    private func answerAtTheWire(_ event: ScenarioEvent) -> String? {
        guard let open = wire, case .respond(let request, _) = event.kind, !open.cancelled.contains(request),
            let answer = event.answer
        else { return nil }
        return open.server.send(answer.wire, to: request).map { "respond #\(request) has no wire form: \($0)" }
    }

    /// Stops the open scenario's server: no port and no connection outlive the scenario.
    private func closeWire() {
        wire?.server.close()
        wire = nil
    }

    public func end(discard: Bool) {
        closeWire()
        ahead = []
        if !discard {
            // A scenario ended early (skipped, errored) leaves steps sent ahead: their replies are
            // read and dropped; a port that cannot give them is started afresh for the next one.
            do throws(AdapterError) {
                try dropUnanswered(Deadline(seconds: 10))
                return
            } catch {}
        }
        unanswered = []
        unansweredBytes = 0
        process?.terminate()
        process = nil
        info = nil
    }

    /// Sends `stop`, gives the port a moment to exit, then makes sure it has.
    public func stop() {
        closeWire()
        guard let process else { return }
        try? process.send(AdapterProtocol.stop.compactText)
        process.finish(grace: 2)
        self.process = nil
        info = nil
    }

    /// Sends the scenario's next steps while the window has room.
    private func sendAhead(to process: PortProcess) {
        while unanswered.count < Self.window, let next = ahead.first {
            let line = Self.stepLine(seq: seq + 1, next)
            guard unansweredBytes + line.utf8.count + 1 <= Self.windowBytes else { return }
            // A port that is gone fails at the step whose reply is missing, not at this one.
            do { try send(line, step: next.step, to: process) } catch { return }
            ahead.removeFirst()
        }
    }

    /// The step message for `event` with `seq`.
    private static func stepLine(seq: Int, _ event: ScenarioEvent) -> String {
        AdapterProtocol.step(seq: seq, step: event.step, event: event.object).compactText
    }

    /// Sends `line`, the step message made with the next `seq`, noting it as unanswered.
    private func send(_ line: String, step: Int, to process: PortProcess) throws(AdapterError) {
        try process.send(line)
        seq += 1
        unanswered.append((seq, step, line.utf8.count + 1))
        unansweredBytes += line.utf8.count + 1
    }

    /// The oldest step sent and not answered yet, no longer counted as unanswered.
    private func takeUnanswered() -> (seq: Int, step: Int, bytes: Int) {
        let oldest = unanswered.removeFirst()
        unansweredBytes -= oldest.bytes
        return oldest
    }

    /// Reads and drops the replies of the steps sent ahead and not asked for.
    private func dropUnanswered(_ deadline: Deadline) throws(AdapterError) {
        guard let process else {
            unanswered = []
            unansweredBytes = 0
            return
        }
        while !unanswered.isEmpty {
            _ = try readReply(from: process, seq: takeUnanswered().seq, deadline)
        }
    }

    /// Sends the message made with the next `seq` and returns the reply, after checking that it repeats `seq`.
    private func request(_ message: (Int) -> JSONValue, _ deadline: Deadline) throws(AdapterError) -> JSONObject {
        guard let process else { throw .exited("not started") }
        seq += 1
        try process.send(message(seq).compactText)
        return try readReply(from: process, seq: seq, deadline)
    }

    /// The next reply, which must repeat `seq`.
    private func readReply(from process: PortProcess, seq: Int, _ deadline: Deadline) throws(AdapterError) -> JSONObject
    {
        try AdapterProtocol.replyObject(try process.readLine(until: deadline.date, timeout: deadline.seconds), seq: seq)
    }
}
