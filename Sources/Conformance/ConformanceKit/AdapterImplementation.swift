import FixtureFormat
import Foundation
import ReplaySeam

/// A port in a child process, speaking the adapter protocol (docs/porting.md): started and shaken
/// hands with on first use, then one round trip per scenario (`run`, answered with every step's
/// outputs), each reply's `seq` checked; restarted for the next scenario after it crashed, hung or
/// broke the protocol.
public final class AdapterImplementation: Implementation {
    /// The shell command that starts the port.
    public let command: String
    /// The folder the port runs in (nil: this process's).
    public let directory: URL?
    private var process: PortProcess?
    private var seq = 0
    private var info: ImplementationInfo?
    /// Where the port's replays meet the features' data: in memory, or at the wire, its own HTTP
    /// client against the scenario's mock server (docs/porting.md, "The wire level").
    public let level: ReplayLevel
    /// The features whose wire headers the wire transcripts show, and whose levels refuse scenarios.
    private let features: FeatureRegistry

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

    public var identity: ImplementationIdentity {
        ImplementationIdentity(role: "the port", definesGoldens: false, level: level)
    }

    public func run(_ scenario: Scenario, _ deadline: Deadline) -> ScenarioRun {
        let info: ImplementationInfo
        do throws(AdapterError) {
            info = try start(deadline)
        } catch {
            discard()
            return ScenarioRun(info: nil, answer: .broken("the handshake: \(error)"))
        }
        if let refusal = ScenarioRun.refusal(
            of: scenario, info: info, role: "the port", level: level, features: features)
        {
            return ScenarioRun(info: info, answer: .notRun(refusal))
        }
        guard let process else { return ScenarioRun(info: info, answer: .broken("the port is not running")) }
        process.clearStandardError()
        var server: (any WirePortServer)?
        if let machinery = level.machinery {
            do {
                server = try machinery.server(for: scenario)
            } catch {
                return ScenarioRun(info: info, answer: .broken("the wire level's mock server: \(error)"))
            }
        }
        // No port and no connection outlive the scenario.
        defer { server?.close() }
        if let server, let refusal = server.stage(scenario) {
            return ScenarioRun(info: info, answer: .notRun(refusal))
        }
        do throws(AdapterError) {
            seq += 1
            try process.send(
                AdapterProtocol.run(seq: seq, scenario, wire: server), until: deadline.date,
                timeout: deadline.seconds)
            let reply = try AdapterProtocol.replyObject(
                try process.readLine(until: deadline.date, timeout: deadline.seconds), seq: seq)
            let answer = try AdapterProtocol.answer(reply, events: scenario.events)
            guard case .steps(let steps) = answer, let server else { return ScenarioRun(info: info, answer: answer) }
            // The wire transcript waits for each cancelled request's connection to close.
            for step in steps { for case .cancel(let id) in step.outputs { server.cancelled(id) } }
            return ScenarioRun(
                info: info, answer: answer,
                wire: server.transcript(
                    title: "wire \(scenario.id)", headers: features[scenario.feature]?.wireHeaders ?? []))
        } catch {
            discard()
            return ScenarioRun(info: info, answer: .broken("\(scenario.file): \(error)"))
        }
    }

    public func diagnostics() -> String { process?.standardError ?? "" }

    /// Sends `stop`, gives the port a moment to exit, then makes sure it has.
    public func stop() {
        guard let process else { return }
        try? process.send(AdapterProtocol.stop.compactText, until: Date().addingTimeInterval(2), timeout: 2)
        process.finish(grace: 2)
        self.process = nil
        info = nil
    }

    /// Starts the port unless it is running, and returns its handshake.
    private func start(_ deadline: Deadline) throws(AdapterError) -> ImplementationInfo {
        if let process, process.isRunning, let info { return info }
        discard()
        let process = try PortProcess(command: command, directory: directory)
        self.process = process
        seq += 1
        try process.send(AdapterProtocol.start(seq).compactText, until: deadline.date, timeout: deadline.seconds)
        let reply = try AdapterProtocol.replyObject(
            try process.readLine(until: deadline.date, timeout: deadline.seconds), seq: seq)
        guard reply["version"]?.wholeNumber == AdapterProtocol.version else {
            throw .version(got: reply["version"]?.compactText ?? "(none)")
        }
        let info = try ImplementationInfo.read(reply["implementation"])
        self.info = info
        return info
    }

    /// Kills the port after a broken conversation (it keeps its standard error for the message):
    /// the next scenario starts it afresh.
    private func discard() {
        if let process, process.isRunning { process.terminate() }
        info = nil
    }
}
