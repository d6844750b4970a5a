import CommandLineSupport
import FixtureFormat
import Foundation
import ReplaySeam

/// An implementation of the features under test, given a scenario at a time by the runner: the
/// reference in process (`ReferenceImplementation`) or a port in a child process speaking the
/// adapter protocol (`AdapterImplementation`, docs/porting.md). The runner reads the scenario,
/// echoes each input, formats the transcript and judges it; an implementation only says what it
/// did in reaction to each event.
public protocol Implementation: AnyObject {
    /// What it is, before it runs anything.
    var identity: ImplementationIdentity { get }
    /// Runs `scenario` to its end, starting the implementation unless it is running: each step's
    /// outputs, or why there are none. A conversation that broke is started afresh next time.
    func run(_ scenario: Scenario, _ deadline: Deadline) -> ScenarioRun
    /// What it wrote on the side during the last scenario (a port's standard error), for messages.
    func diagnostics() -> String
    /// Stops it.
    func stop()
}

/// What an implementation is, before it runs anything.
public struct ImplementationIdentity: Sendable {
    /// How messages name it: `the reference`, `the port`.
    public let role: String
    /// Whether its transcripts are the goldens: only then may a run record them, and a failure
    /// says how to re-record.
    public let definesGoldens: Bool
    /// Where its replays meet the feature's data: `.memory`, or `.wire` (docs/wire.md).
    public let level: ReplayLevel
    /// What it says of itself without being started, when that is known (the reference in
    /// process): a run whose every scenario errored before a start still names it.
    public let info: ImplementationInfo?

    public init(role: String, definesGoldens: Bool, level: ReplayLevel, info: ImplementationInfo? = nil) {
        self.role = role
        self.definesGoldens = definesGoldens
        self.level = level
        self.info = info
    }
}

/// One scenario on an implementation: what it said of itself, and its answer.
public struct ScenarioRun: Sendable {
    /// Its handshake; nil when it did not start.
    public var info: ImplementationInfo?
    public var answer: ScenarioAnswer
    /// At the wire level, the scenario's wire transcript (its exchanges with the mock server),
    /// when it ran to its end; nil in memory.
    public var wire: String?

    public init(info: ImplementationInfo?, answer: ScenarioAnswer, wire: String? = nil) {
        self.info = info
        self.answer = answer
        self.wire = wire
    }

    /// Why `scenario` is not given to an implementation that said `info` at `level` (a feature
    /// it lacks, a level it lacks or the scenario cannot run at): a skip that does not fail the
    /// run. Nil: it runs.
    static func refusal(
        of scenario: Scenario, info: ImplementationInfo, role: String, level: ReplayLevel, features: FeatureRegistry
    ) -> String? {
        guard info.features.contains(scenario.feature) else {
            return "\(info.name) does not implement the feature \(scenario.feature)"
        }
        if level.machinery != nil, !info.wire {
            return "not run at the wire level: \(role) has no wire level (its start answer "
                + "has no \"wire\": true; docs/porting.md, \"The wire level\")"
        }
        return level.refusal(of: scenario, module: features[scenario.feature])
    }
}

/// How a scenario went on an implementation.
public enum ScenarioAnswer: Equatable, Sendable {
    /// Every step's outputs, one entry per event.
    case steps([StepOutputs])
    /// Not given to the implementation (`ScenarioRun.refusal`): skipped, not declared.
    case notRun(String)
    /// The implementation does not support something this scenario needs.
    case skipped(message: String, issue: String?)
    /// The implementation stopped at `step` (0: the header) with this message.
    case errored(step: Int, message: String, details: String?)
    /// The conversation with it broke (a port that hung, crashed or broke the protocol): the whole message.
    case broken(String)
}

/// When a scenario must be over: the runner gives each scenario the same wall-clock budget,
/// whichever implementation runs it.
public struct Deadline: Sendable {
    /// The budget in seconds, for messages.
    public let seconds: Double
    /// The moment it runs out.
    public let instant: ContinuousClock.Instant

    /// A deadline `seconds` from now.
    public init(seconds: Double) {
        self.seconds = seconds
        instant = ContinuousClock.now.advanced(by: .milliseconds(Int64((seconds * 1000).rounded(.up))))
    }

    /// The same moment on the wall clock, for waiting on a pipe.
    var date: Date {
        let left = ContinuousClock.now.duration(to: instant)
        return Date().addingTimeInterval(Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18)
    }
}

/// The reference features in this process: no child process and no JSON round trip. Each scenario
/// runs through the one scenario loop (`ReplaySession.walk`) on virtual time; a rule the scenario
/// breaks at run time (an unknown request, `restore` with a view) is its `errored` answer, naming
/// the file and line.
public final class ReferenceImplementation: Implementation, Sendable {
    public let features: FeatureRegistry
    /// Where this package's reference features take issues: its `conformance`'s default.
    public static let issues = "docs/porting.md#issues"
    /// Where this reference's issues are reported, for its handshake and reports; nil for an
    /// app's features that name no such page.
    public let issues: String?

    /// Where the replays meet the features' data: in memory, or at the wire (docs/wire.md).
    public let level: ReplayLevel

    public init(
        features: FeatureRegistry, issues: String? = ReferenceImplementation.issues, level: ReplayLevel = .memory
    ) {
        self.features = features
        self.issues = issues
        self.level = level
    }

    /// The reference's handshake: `reference`, `swift`, the package's version, its features, and
    /// its issues page (empty when it names none: reports then print no issues line), and the wire level.
    public var info: ImplementationInfo {
        ImplementationInfo(
            name: "reference", language: "swift", version: packageVersion, features: features.names,
            issues: issues ?? "", wire: true
        )
    }

    public var identity: ImplementationIdentity {
        ImplementationIdentity(role: "the reference", definesGoldens: true, level: level, info: info)
    }

    public func run(_ scenario: Scenario, _ deadline: Deadline) -> ScenarioRun {
        let info = info
        if let refusal = ScenarioRun.refusal(
            of: scenario, info: info, role: "the reference", level: level, features: features)
        {
            return ScenarioRun(info: info, answer: .notRun(refusal))
        }
        var steps: [StepOutputs] = []
        steps.reserveCapacity(scenario.events.count)
        let walked = ReplaySession.walk(scenario, features: features, level: level, deadline: deadline) {
            steps.append($1)
        }
        if let stop = walked.stop {
            return ScenarioRun(
                info: info, answer: .errored(step: stop.step, message: stop.error.description, details: nil))
        }
        return ScenarioRun(info: info, answer: .steps(steps), wire: walked.wire)
    }

    /// Replays `scenario` in memory through the one scenario loop: its steps with their echoes.
    /// A rule broken at run time throws with its file and line; the feature never crashes the run.
    ///
    /// - Parameter timeLimit: the wall-clock time the replay may take; past it, the replay stops
    ///   between two virtual seconds' work and throws, naming the step it was on.
    public func replay(_ scenario: Scenario, timeLimit: Duration? = nil) throws(ScenarioError) -> ReplayResult {
        var steps: [StepOutputs] = []
        steps.reserveCapacity(scenario.events.count)
        let deadline = timeLimit.map {
            Deadline(seconds: Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18)
        }
        let walked = ReplaySession.walk(scenario, features: features, level: .memory, deadline: deadline) {
            steps.append($1)
        }
        if let stop = walked.stop { throw stop.error }
        return ReplayResult(scenario: scenario, outputs: steps)
    }

    /// Reads `text` with these features (see `Scenario.parse`).
    public func read(_ text: String, file: String, expectedID: String? = nil) throws(ScenarioError) -> Scenario {
        try Scenario.parse(text, file: file, expectedID: expectedID, features: features)
    }

    public func diagnostics() -> String { "" }
    public func stop() {}
}
