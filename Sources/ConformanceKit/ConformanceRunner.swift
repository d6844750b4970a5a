import CanonicalRender
import FeatureKit
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
}

/// Replays catalog entries and compares them with their goldens.
public struct ConformanceRunner {
    public let catalog: FixtureCatalog
    public let replayer: Replayer
    public let recordMode: RecordMode
    /// Under CI (`CI=true`) nothing is ever written: recording is refused with a message.
    public let isCI: Bool

    public init(catalog: FixtureCatalog, replayer: Replayer, recordMode: RecordMode, isCI: Bool) {
        self.catalog = catalog
        self.replayer = replayer
        self.recordMode = recordMode
        self.isCI = isCI
    }

    /// Whether `environment` says this is CI (`CI` set to anything but empty, `0` or `false`).
    public static func isCI(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard let value = environment["CI"]?.lowercased() else { return false }
        return !(value.isEmpty || value == "0" || value == "false")
    }

    /// Replays one entry and returns its report. Never throws and never crashes on bad input.
    public func run(_ entry: FixtureCatalog.Entry) -> ScenarioReport {
        let scenarioPath = catalog.displayPath(entry.scenarioURL)
        let goldenPath = catalog.displayPath(entry.goldenURL)
        func report(_ outcome: ScenarioOutcome, steps: Int = 0, transcript: String? = nil) -> ScenarioReport {
            ScenarioReport(id: entry.id, feature: entry.feature, outcome: outcome, steps: steps, transcript: transcript)
        }

        let scenario: Scenario
        let result: ReplayResult
        do {
            let text = try readText(entry.scenarioURL, path: scenarioPath)
            scenario = try replayer.read(text, file: scenarioPath, expectedID: entry.id)
            result = try replayer.replay(scenario)
        } catch let error as ScenarioError {
            return report(.error(error.description))
        } catch {
            return report(.error(String(describing: error)))
        }
        let actual = TranscriptFormatter.text(result)
        let steps = scenario.events.count

        let golden = GoldenFile(url: entry.goldenURL, displayPath: goldenPath, recordMode: recordMode, isCI: isCI)
        let rerecord = "swift run conformance record \(entry.id)"
        return report(golden.check(actual, rerecordCommand: rerecord, label: entry.id), steps: steps, transcript: actual)
    }

    func readText(_ url: URL, path: String) throws -> String {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ScenarioError(file: path, line: nil, message: "cannot read the file: \(error.localizedDescription)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ScenarioError(file: path, line: nil, message: "the file is not valid UTF-8")
        }
        return text
    }
}

/// One golden file and the rules for comparing and recording it.
public struct GoldenFile {
    public let url: URL
    /// The path to show in messages.
    public let displayPath: String
    public let recordMode: RecordMode
    public let isCI: Bool

    public init(url: URL, displayPath: String, recordMode: RecordMode, isCI: Bool) {
        self.url = url
        self.displayPath = displayPath
        self.recordMode = recordMode
        self.isCI = isCI
    }

    /// Compares `actual` with the golden, recording it when the mode says so (never under CI).
    ///
    /// - Parameters:
    ///   - rerecordCommand: the command that re-records this golden, for messages.
    ///   - label: what the golden is of (a scenario id), for messages.
    public func check(_ actual: String, rerecordCommand: String, label: String) -> ScenarioOutcome {
        let golden: String?
        if FileManager.default.fileExists(atPath: url.path) {
            guard let data = try? Data(contentsOf: url) else { return .error("cannot read \(displayPath)") }
            guard let text = String(data: data, encoding: .utf8) else { return .error("\(displayPath) is not valid UTF-8") }
            golden = text
        } else {
            golden = nil
        }
        guard let golden else {
            guard recordMode != .never else {
                return .failed("\(displayPath) is missing (record mode never); record it with `\(rerecordCommand)`")
            }
            return write(actual, reason: "recorded the missing golden \(displayPath)")
        }
        if golden == actual {
            return recordMode == .all ? write(actual, reason: "re-recorded \(displayPath) (record mode all; unchanged)") : .passed
        }
        let diff = LineDiff.unified(golden: golden, actual: actual, goldenName: displayPath) ?? ""
        if recordMode == .failed || recordMode == .all {
            return write(actual, reason: "re-recorded \(displayPath); it differed:\n\(diff)")
        }
        return .failed(
            "\(label): the transcript differs from \(displayPath)\n\(diff)"
                + "re-record with `\(rerecordCommand)` (or \(RecordMode.environmentVariable)=failed swift test) once the change is intended")
    }

    private func write(_ text: String, reason: String) -> ScenarioOutcome {
        if isCI {
            return .failed("recording refused because CI=true (would have \(reason)); record locally and commit the golden")
        }
        do {
            try Self.writeAtomically(text, to: url)
        } catch {
            return .error("could not write \(displayPath): \(error)")
        }
        return .recorded("\(reason)\nrun again to verify it")
    }

    /// Writes to a temporary file beside `url`, then renames it over `url`: a reader never sees half a file.
    public static func writeAtomically(_ text: String, to url: URL) throws {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        try Data(text.utf8).write(to: temporary)
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw CatalogError(message: "rename to \(url.path) failed: \(String(cString: strerror(code)))")
        }
    }
}
