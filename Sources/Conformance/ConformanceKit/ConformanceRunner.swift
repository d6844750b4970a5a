import FixtureFormat
import ReplaySeam
import Foundation
import MVIEssentials

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
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws(CatalogError) -> RecordMode {
        guard let raw = environment[environmentVariable], !raw.isEmpty else { return .missing }
        guard let mode = RecordMode(rawValue: raw) else {
            throw CatalogError(message: "\(environmentVariable)=\(raw) is not a record mode; use one of never, missing, failed, all")
        }
        return mode
    }
}

/// The outcome of one scenario.
public enum ScenarioOutcome: Equatable, Sendable {
    case passed
    /// The transcript differs from the golden, or the golden is missing and was not recorded.
    case failed(String)
    /// A golden was written. This fails the run, so that a re-record is never mistaken for a pass.
    case recorded(String)
    /// The scenario could not be replayed (malformed, unknown feature...). Nothing was written.
    case error(String)

    public var isPass: Bool { self == .passed }

    /// `passed`, `failed`, `recorded` or `error`.
    public var label: String {
        switch self {
        case .passed: "passed"
        case .failed: "failed"
        case .recorded: "recorded"
        case .error: "error"
        }
    }

    /// The explanation, empty for a pass.
    public var message: String {
        switch self {
        case .passed: ""
        case .failed(let text), .recorded(let text), .error(let text): text
        }
    }
}

/// One scenario's report.
public struct ScenarioReport: Sendable {
    public let id: String
    public let feature: String
    public let outcome: ScenarioOutcome
    /// The number of events replayed (0 when the scenario could not be read).
    public let steps: Int
    /// The transcript produced, when the replay ran.
    public let transcript: String?
    /// Wall-clock seconds the scenario took, reading and comparing included.
    public var duration: Double = 0
    /// Where a failed transcript first differs from its golden, when it does.
    public var firstDifference: FirstDifference?
    /// The golden's path relative to the fixtures folder (`kittens/x.golden.txt`): where `--artifacts` puts the transcript.
    public var goldenPath: String?
    /// The scenario file as messages name it (`Fixtures/kittens/x.jsonl`).
    public var file: String?
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

/// Replays catalog entries and compares them with their goldens.
public struct ConformanceRunner {
    public let catalog: FixtureCatalog
    public let replayer: Replayer
    public let recordMode: RecordMode
    /// Under CI (`CI=true`) nothing is ever written: recording is refused with a message.
    public let isCI: Bool

    /// The wall-clock time one scenario may take (see `HarnessLimits.defaultScenarioSeconds`).
    public let timeLimit: Duration

    public init(
        catalog: FixtureCatalog, replayer: Replayer, recordMode: RecordMode, isCI: Bool,
        timeLimit: Duration = .seconds(HarnessLimits.defaultScenarioSeconds)
    ) {
        self.catalog = catalog
        self.replayer = replayer
        self.recordMode = recordMode
        self.isCI = isCI
        self.timeLimit = timeLimit
    }

    /// Whether `environment` says this is CI (`CI` set to anything but empty, `0` or `false`).
    public static func isCI(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        ContinuousIntegration.isActive(environment)
    }

    /// Replays one entry and returns its report. Never throws and never crashes on bad input.
    public func run(_ entry: FixtureCatalog.Entry) -> ScenarioReport {
        let clock = ContinuousClock()
        let started = clock.now
        let scenarioPath = catalog.displayPath(entry.scenarioURL)
        let goldenPath = catalog.displayPath(entry.goldenURL)
        func report(_ outcome: ScenarioOutcome, steps: Int = 0, transcript: String? = nil, firstDifference: FirstDifference? = nil) -> ScenarioReport {
            let elapsed = clock.now - started
            return ScenarioReport(
                id: entry.id, feature: entry.feature, outcome: outcome, steps: steps, transcript: transcript,
                duration: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
                firstDifference: firstDifference, goldenPath: catalog.relativePath(entry.goldenURL), file: scenarioPath)
        }

        let scenario: Scenario
        let result: ReplayResult
        do {
            let text = try ScenarioText.read(entry.scenarioURL, path: scenarioPath)
            scenario = try replayer.read(text, file: scenarioPath, expectedID: entry.id)
            result = try replayer.replay(scenario, timeLimit: timeLimit)
        } catch {
            return report(.error(String(describing: error)))
        }
        let actual = TranscriptFormatter.text(result)
        let steps = scenario.events.count

        let golden = GoldenFile(url: entry.goldenURL, displayPath: goldenPath, recordMode: recordMode, isCI: isCI, root: catalog.root)
        let rerecord = "swift run conformance record \(entry.id)"
        let outcome = golden.check(actual, rerecordCommand: rerecord, label: entry.id)
        var difference: FirstDifference?
        if case .failed = outcome, let line = golden.firstDifferingLine(actual) {
            difference = Self.firstDifference(atGoldenLine: line, transcript: actual, result: result)
        }
        return report(outcome, steps: steps, transcript: actual, firstDifference: difference)
    }

    /// The step of `transcript` that holds line `goldenLine` (the step lines start with `> `).
    static func firstDifference(atGoldenLine goldenLine: Int, transcript: String, result: ReplayResult) -> FirstDifference {
        var stepsSeen = 0
        for (index, line) in transcript.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where index < goldenLine {
            if line.hasPrefix("> ") { stepsSeen += 1 }
        }
        let step = stepsSeen > 0 && stepsSeen <= result.steps.count ? result.steps[stepsSeen - 1] : nil
        return FirstDifference(step: step?.step ?? 0, scenarioLine: step?.line, goldenLine: goldenLine)
    }
}
