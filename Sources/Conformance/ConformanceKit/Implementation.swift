import CommandLineSupport
import FixtureFormat
import Foundation
import ReplaySeam

/// An implementation of the features under test, driven by the runner a scenario at a time and a
/// step at a time: the reference in process (`ReferenceImplementation`) or a port in a child process
/// speaking the adapter protocol (`AdapterImplementation`, docs/porting.md). The runner reads the
/// scenario, echoes each input, formats the transcript and judges it; an implementation only says
/// what it did in reaction to each event.
public protocol Implementation: AnyObject {
    /// How messages name it: `the reference`, `the port`.
    var role: String { get }
    /// Whether its transcripts are the goldens: only then may a run record them, and a failure
    /// says how to re-record.
    var definesGoldens: Bool { get }
    /// Starts it unless it is running, and returns what it says of itself.
    func start(_ deadline: Deadline) throws(AdapterError) -> ImplementationInfo
    /// Opens `scenario`: `ready`, or `skipped` or `errored`, which end it.
    func begin(_ scenario: Scenario, _ deadline: Deadline) throws(AdapterError) -> ImplementationReply
    /// Applies one event of the open scenario: its `outputs`, or `skipped` or `errored`, which end it.
    func step(_ event: ScenarioEvent, _ deadline: Deadline) throws(AdapterError) -> ImplementationReply
    /// What it wrote on the side since the scenario began (a port's standard error), for messages.
    func diagnostics() -> String
    /// The open scenario is over. After a broken conversation (`discard`), the next scenario
    /// starts it afresh.
    func end(discard: Bool)
    /// Stops it.
    func stop()
    /// What it says of itself without being started, when that is known (the reference in
    /// process): a run whose every scenario errored before a start still names it.
    var identity: ImplementationInfo? { get }
    /// Where its replays meet the feature's data: `.memory`, or `.wire` (docs/wire.md).
    var level: ReplayLevel { get }
    /// At the wire level, the open scenario's wire transcript (its exchanges with the mock server),
    /// once its last step is done; nil at the in-memory level.
    func wireTranscript(title: String) -> String?
}

extension Implementation {
    public var identity: ImplementationInfo? { nil }
    public var level: ReplayLevel { .memory }
    public func wireTranscript(title: String) -> String? { nil }
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
/// runs in a `ReplaySession` on virtual time; a rule the scenario breaks at run time (an unknown
/// request, `restore` with a view) is its `errored` answer, naming the file and line.
public final class ReferenceImplementation: Implementation {
    public let features: FeatureRegistry
    private var session: ReplaySession?
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

    public var role: String { "the reference" }
    public var definesGoldens: Bool { true }

    /// The reference's handshake: `reference`, `swift`, the package's version, its features, and
    /// its issues page (empty when it names none: reports then print no issues line), and the wire level.
    public var info: ImplementationInfo {
        ImplementationInfo(
            name: "reference", language: "swift", version: packageVersion, features: features.names,
            issues: issues ?? "", wire: true
        )
    }

    public func start(_ deadline: Deadline) -> ImplementationInfo { info }

    public var identity: ImplementationInfo? { info }

    public func begin(_ scenario: Scenario, _ deadline: Deadline) -> ImplementationReply {
        do {
            session = try ReplaySession(scenario, features: features, level: level)
            return .ready
        } catch {
            return .errored(message: error.description, details: nil)
        }
    }

    public func step(_ event: ScenarioEvent, _ deadline: Deadline) -> ImplementationReply {
        guard let session else { return .errored(message: "a step before the scenario began", details: nil) }
        do {
            let (outputs, omitted) = try session.apply(
                event, deadline: deadline.instant, timeLimit: .seconds(deadline.seconds))
            return .outputs(outputs, omitted: omitted)
        } catch {
            return .errored(message: error.description, details: nil)
        }
    }

    public func wireTranscript(title: String) -> String? { session?.wire?.transcript(title: title) }

    public func diagnostics() -> String { "" }
    public func end(discard: Bool) { session = nil }
    public func stop() { session = nil }
}
