import FixtureFormat
import Foundation
import MVIEssentials
import ReplaySeam

/// When goldens are written, as snapshot libraries do it.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Never write; a missing golden fails.
    case never
    /// Write goldens that do not exist yet (the default outside CI).
    case missing
    /// Write missing goldens and rewrite those that differ.
    case failed
    /// Rewrite every golden.
    case all

    /// The environment variable that sets the mode.
    public static let environmentVariable = "CONFORMANCE_RECORD"

    /// The mode from `$CONFORMANCE_RECORD`, or `missing`. Throws a message for an unknown value.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(CatalogError) -> RecordMode
    {
        guard let raw = environment[environmentVariable], !raw.isEmpty else { return .missing }
        guard let mode = RecordMode(rawValue: raw) else {
            throw .notARecordMode(variable: environmentVariable, value: raw)
        }
        return mode
    }
}

/// How one scenario went, for any implementation.
public enum Outcome: Equatable, Sendable {
    case passed
    /// The transcript differs from the golden, or the golden is missing and was not recorded.
    case failed(String)
    /// A golden was written. This fails the run, so that a re-record is never mistaken for a pass.
    case recorded(String)
    /// The implementation does not run this scenario. `declared` when it declares the scenario's
    /// feature: such a skip fails the run unless the scenario is an expected failure.
    case skipped(String, declared: Bool)
    /// The scenario could not be run to the end: it cannot be read, breaks a rule of the format at
    /// run time, or the implementation errored, crashed, hung or broke the protocol.
    case errored(String)

    public var isPass: Bool { self == .passed }

    /// How a scenario ended, without its explanation: what reports count and name.
    public enum Kind: String, CaseIterable, Sendable {
        case passed, failed, recorded, skipped, errored
    }

    /// The case, without its explanation.
    public var kind: Kind {
        switch self {
        case .passed: .passed
        case .failed: .failed
        case .recorded: .recorded
        case .skipped: .skipped
        case .errored: .errored
        }
    }

    /// `passed`, `failed`, `recorded`, `skipped` or `errored`: the kind's name in reports.
    public var label: String { kind.rawValue }

    /// The explanation, empty for a pass.
    public var message: String {
        switch self {
        case .passed: ""
        case .failed(let text), .recorded(let text), .skipped(let text, _), .errored(let text): text
        }
    }
}

/// One scenario's result.
public struct ScenarioResult: Sendable {
    public let id: String
    public let feature: String
    public let outcome: Outcome
    /// The number of events replayed (0 when the scenario could not be read).
    public var steps: Int = 0
    /// The transcript produced, when the implementation ran the whole scenario.
    public var transcript: String?
    /// Wall-clock seconds the scenario took, reading and comparing included.
    public var duration: Double = 0
    /// Where a failed transcript first differs from its golden.
    public var firstDifference: FirstDifference?
    /// The golden's path relative to the fixtures folder (`kittens/x.golden.txt`): where `--artifacts` puts the transcript.
    public var goldenPath: String?
    /// The scenario file as messages name it (`Fixtures/kittens/x.jsonl`).
    public var file: String?
    /// The reason given in the expected-failures file, when the scenario is listed there.
    public var expectedFailure: String?

    public init(id: String, feature: String, outcome: Outcome) {
        self.id = id
        self.feature = feature
        self.outcome = outcome
    }

    /// Whether this result fails the run: a failure, error or recording (unless listed as an
    /// expected failure), a skip of a declared feature (unless listed), or a listed scenario that passes.
    public var failsTheRun: Bool {
        switch outcome {
        case .passed: expectedFailure != nil
        case .recorded: true
        case .skipped(_, let declared): declared && expectedFailure == nil
        case .failed, .errored: expectedFailure == nil
        }
    }
}

/// The first place a transcript differs from its golden.
public struct FirstDifference: Codable, Equatable, Sendable {
    /// The step (1 for the first event after the header) whose output differs, 0 for the title lines.
    public let step: Int
    /// That step's line in the scenario file, nil for the title lines.
    public let scenarioLine: Int?
    /// The first differing line of the golden file (1-based; one past its end when the golden is a prefix).
    public let goldenLine: Int

    public init(step: Int, scenarioLine: Int?, goldenLine: Int) {
        self.step = step
        self.scenarioLine = scenarioLine
        self.goldenLine = goldenLine
    }
}

/// The one runner: reads each scenario (through `ScenarioText`, with every limit), gives it to an
/// implementation whole, writes the echoes and the transcript from each step's outputs, compares
/// it with the golden and decides. The reference and every port are judged the same way.
public struct ConformanceRunner: Sendable {
    public let catalog: FixtureCatalog
    /// The features the scenarios are read with (their codecs).
    public let features: FeatureRegistry
    /// The command running the scenarios (`conformance`, an app's own), named by the re-record
    /// hint (`swift run <name> record <id>`); nil when a `swift test` runner runs them, whose hint
    /// is `CONFORMANCE_RECORD=failed swift test`.
    public let commandName: String?
    /// When goldens are written; only an implementation that defines the goldens records.
    public let recordMode: RecordMode
    /// Under CI (`CI=true`) nothing is ever written: recording is refused with a message.
    public let isCI: Bool
    /// The wall-clock seconds one scenario may take, the port's start included.
    public let timeout: Double
    public let expectedFailures: ExpectedFailures

    public init(
        catalog: FixtureCatalog, features: FeatureRegistry, commandName: String? = nil, recordMode: RecordMode = .never,
        isCI: Bool,
        timeout: Double = Double(HarnessLimits.defaultScenarioSeconds),
        expectedFailures: ExpectedFailures = ExpectedFailures()
    ) {
        self.catalog = catalog
        self.features = features
        self.commandName = commandName
        self.recordMode = recordMode
        self.isCI = isCI
        self.timeout = timeout
        self.expectedFailures = expectedFailures
    }

    /// Whether `environment` says this is CI (`CI` set to anything but empty, `0` or `false`).
    public static func isCI(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        ContinuousIntegration.isActive(environment)
    }

    /// Runs `entries` in order on `implementation`, then stops it; `progress` is told of each
    /// result as it comes.
    public func run(
        _ entries: [FixtureCatalog.Entry], on implementation: some Implementation, command: String? = nil,
        progress: (ScenarioResult) -> Void = { _ in }
    ) -> RunReport {
        defer { implementation.stop() }
        var lane = Lane()
        var results: [ScenarioResult] = []
        for entry in entries {
            let result = run(entry, on: implementation, lane: &lane)
            results.append(result)
            progress(result)
        }
        return RunReport(implementation: lane.info ?? implementation.identity.info, command: command, results: results)
    }

    /// What one implementation has said in a run: what it is, and the scenario it did not start for.
    struct Lane {
        var info: ImplementationInfo?
        var notStarted: String?
    }

    /// An entry's scenario as read and parsed, or why it could not be, and how long that took.
    struct ReadEntry: Sendable {
        enum Contents: Sendable {
            case scenario(Scenario)
            case unreadable(String)
        }
        let contents: Contents
        let took: Duration
    }

    /// Reads and parses `entry`'s scenario. Never throws and never crashes on bad input.
    func read(_ entry: FixtureCatalog.Entry) -> ReadEntry {
        let started = ContinuousClock.now
        let contents: ReadEntry.Contents
        do {
            let path = catalog.displayPath(entry.scenarioURL)
            let text = try ScenarioText.read(entry.scenarioURL, path: path)
            contents = .scenario(try Scenario.parse(text, file: path, expectedID: entry.id, features: features))
        } catch {
            contents = .unreadable(String(describing: error))
        }
        return ReadEntry(contents: contents, took: ContinuousClock.now - started)
    }

    /// One entry of a run on `implementation`, which `lane` has followed so far; `read` is its
    /// scenario when it was read beforehand.
    func run(
        _ entry: FixtureCatalog.Entry, read: ReadEntry? = nil, on implementation: some Implementation,
        lane: inout Lane
    ) -> ScenarioResult {
        if let first = lane.notStarted {
            // A port that never started (a misspelt command) would fail the same way, with the
            // same standard error, once per scenario: it is tried once.
            var result = ScenarioResult(
                id: entry.id, feature: entry.feature,
                outcome: .errored(
                    "not run: \(implementation.identity.role) did not start for \(first), the first scenario (its error says why)"
                ))
            result.goldenPath = catalog.relativePath(entry.goldenURL)
            result.file = catalog.displayPath(entry.scenarioURL)
            result.expectedFailure = expectedFailures.reasons[entry.id]
            return result
        }
        var failedToStart = false
        let result = run(
            entry, read: read ?? self.read(entry), on: implementation, info: &lane.info, failedToStart: &failedToStart)
        if failedToStart, lane.info == nil { lane.notStarted = entry.id }
        return result
    }

    /// Runs one entry. Never throws and never crashes on bad input.
    public func run(_ entry: FixtureCatalog.Entry, on implementation: some Implementation) -> ScenarioResult {
        var info: ImplementationInfo?
        var failedToStart = false
        return run(entry, read: read(entry), on: implementation, info: &info, failedToStart: &failedToStart)
    }

    /// `failedToStart`: set when the implementation could not be started (or shaken hands with).
    private func run(
        _ entry: FixtureCatalog.Entry, read: ReadEntry, on implementation: some Implementation,
        info: inout ImplementationInfo?, failedToStart: inout Bool
    ) -> ScenarioResult {
        let started = ContinuousClock.now - read.took
        let scenarioPath = catalog.displayPath(entry.scenarioURL)
        func result(_ outcome: Outcome, steps: Int = 0, transcript: String? = nil, difference: FirstDifference? = nil)
            -> ScenarioResult
        {
            let elapsed = ContinuousClock.now - started
            var result = ScenarioResult(id: entry.id, feature: entry.feature, outcome: outcome)
            result.steps = steps
            result.transcript = transcript
            result.duration = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            result.firstDifference = difference
            result.goldenPath = catalog.relativePath(entry.goldenURL)
            result.file = scenarioPath
            result.expectedFailure = expectedFailures.reasons[entry.id]
            return result
        }

        let scenario: Scenario
        switch read.contents {
        case .scenario(let read): scenario = read
        case .unreadable(let message): return result(.errored(message))
        }

        let identity = implementation.identity
        let run = implementation.run(scenario, Deadline(seconds: timeout))
        info = run.info
        failedToStart = run.info == nil
        let outputs: [StepOutputs]
        switch run.answer {
        case .steps(let steps): outputs = steps
        case .notRun(let message): return result(.skipped(message, declared: false))
        case .skipped(let message, let issue):
            return result(.skipped(message + (issue.map { " (\($0))" } ?? ""), declared: true))
        case .errored(let step, let message, let details):
            var text = message
            if !identity.definesGoldens {
                let place =
                    step == 0 || step > scenario.events.count
                    ? "the scenario's header (\(scenarioPath):1)"
                    : "step \(step) (\(scenarioPath):\(scenario.events[step - 1].line))"
                text = "\(identity.role) errored at \(place): \(message)"
            }
            let diagnostics = Self.quoted(standardError: implementation.diagnostics())
            return result(.errored(text + (details.map { "\n" + $0 } ?? "") + diagnostics), steps: max(0, step - 1))
        case .broken(let message):
            return result(.errored(message + Self.quoted(standardError: implementation.diagnostics())))
        }
        let actual = TranscriptFormatter.text(ReplayResult(scenario: scenario, outputs: outputs))
        let golden = GoldenFile(
            url: entry.goldenURL, displayPath: catalog.displayPath(entry.goldenURL),
            recordMode: identity.definesGoldens ? recordMode : .never, isCI: isCI, root: catalog.root)
        let wire = run.wire
        // At the wire level only `record --wire` writes the `.wire.txt` beside the golden.
        let level = wire == nil ? "" : " --wire"
        let rerecord =
            !identity.definesGoldens
            ? nil
            : commandName.map { "swift run \($0) record\(level) \(entry.id)\(catalog.fixturesOption)" }
                ?? "\(RecordMode.environmentVariable)=failed swift test"
        var (outcome, goldenBytes) = golden.compare(actual, rerecordCommand: rerecord, label: entry.id)
        var difference: FirstDifference?
        if case .failed(let message) = outcome, let goldenBytes,
            let goldenLine = LineDiff.firstDifferingLine(golden: goldenBytes, actual: Data(actual.utf8))
        {
            let step =
                Self.firstDivergingStep(golden: String(decoding: goldenBytes, as: UTF8.self), actual: actual) ?? 0
            let line = step > 0 && step <= scenario.events.count ? scenario.events[step - 1].line : nil
            difference = FirstDifference(step: step, scenarioLine: line, goldenLine: goldenLine)
            // A port's standard error is read only for a failure: waiting for its pipe to drain costs time.
            outcome = .failed(message + Self.quoted(standardError: implementation.diagnostics()))
        }
        if let wire, outcome == .passed || outcome.kind == .recorded {
            // The transcript is judged first: a wire transcript only counts beside a right one.
            let wireGolden = GoldenFile(
                url: entry.wireURL, displayPath: catalog.displayPath(entry.wireURL), recordMode: golden.recordMode,
                isCI: isCI, root: catalog.root)
            let (wireOutcome, _) = wireGolden.compare(wire, rerecordCommand: rerecord, label: entry.id + " (wire)")
            outcome = Self.joined(outcome, wire: wireOutcome)
        }
        return result(outcome, steps: scenario.events.count, transcript: actual, difference: difference)
    }

    /// A right transcript's outcome with its wire transcript's: a pass takes the wire's outcome,
    /// and a recorded golden also says what became of the `.wire.txt` (rewritten, or why not).
    static func joined(_ outcome: Outcome, wire: Outcome) -> Outcome {
        switch (outcome, wire) {
        case (.passed, _): wire
        case (.recorded(let golden), .recorded(let written)):
            .recorded(golden.replacingOccurrences(of: "\nrun again to verify it", with: "") + "\n" + written)
        case (.recorded(let golden), .errored(let why)), (.recorded(let golden), .failed(let why)):
            .errored(golden + "\n" + why)
        default: outcome
        }
    }

    /// The step whose block holds the first line where the transcripts differ (nil: the header lines).
    /// A missing or extra reaction belongs to the step above it; a different echo to its own step.
    public static func firstDivergingStep(golden: String, actual: String) -> Int? {
        let old = LineDiff.splitLines(Data(golden.utf8)).map(\.text)
        let new = LineDiff.splitLines(Data(actual.utf8)).map(\.text)
        func step(_ line: String) -> Int? { line.hasPrefix("> ") ? Int(line.dropFirst(2).prefix { $0 != " " }) : nil }
        var index = 0
        while index < old.count, index < new.count, old[index].utf8.elementsEqual(new[index].utf8) { index += 1 }
        let oldEcho = index < old.count ? step(old[index]) : nil
        let newEcho = index < new.count ? step(new[index]) : nil
        if oldEcho != nil, newEcho != nil || index >= new.count { return oldEcho }
        if newEcho != nil, index >= old.count { return newEcho }
        return old[..<min(index, old.count)].reversed().lazy.compactMap(step).first
    }

    /// A port's standard error, each line behind `  | `, for a message; empty when it wrote none.
    static func quoted(standardError text: String) -> String {
        guard !text.isEmpty else { return "" }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        return "\nthe port's standard error:\n" + lines.map { "  | \($0)" }.joined(separator: "\n")
    }
}
