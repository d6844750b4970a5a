import FixtureFormat
import ReplaySeam
import Foundation

/// How one scenario went for a port.
public enum PortOutcome: Equatable, Sendable {
    case passed
    /// The transcript differs from the golden; `step` is the first step whose lines differ.
    case failed(step: Int?, message: String)
    /// The port does not run this scenario (a feature it lacks, or its own `skipped` answer).
    case skipped(message: String, issue: String?)
    /// The scenario could not be run to the end: the port errored, crashed, hung or broke the protocol.
    case errored(message: String)

    /// `passed`, `failed`, `skipped` or `errored`.
    public var label: String {
        switch self {
        case .passed: "passed"
        case .failed: "failed"
        case .skipped: "skipped"
        case .errored: "errored"
        }
    }

    /// The explanation, empty for a pass.
    public var message: String {
        switch self {
        case .passed: ""
        case .failed(_, let text), .errored(let text): text
        case .skipped(let text, let issue): issue.map { "\(text) (\($0))" } ?? text
        }
    }
}

/// One scenario's result for a port.
public struct PortScenarioResult: Equatable, Sendable {
    public let id: String
    public let feature: String
    public let outcome: PortOutcome
    /// The reason given in the port's expected-failures file, when the scenario is listed there.
    public let expectedFailure: String?

    public init(id: String, feature: String, outcome: PortOutcome, expectedFailure: String? = nil) {
        self.id = id
        self.feature = feature
        self.outcome = outcome
        self.expectedFailure = expectedFailure
    }

    /// Whether this result fails the run: a new failure or error, or an expected failure that now passes.
    public var failsTheRun: Bool {
        switch outcome {
        case .passed: expectedFailure != nil
        case .skipped: false
        case .failed, .errored: expectedFailure == nil
        }
    }
}

/// A port's run: who it is and how each scenario went.
public struct PortRun: Equatable, Sendable {
    /// The port's handshake, or nil when it never answered one.
    public let port: PortInfo?
    /// The command that started it.
    public let command: String
    public let results: [PortScenarioResult]

    public init(port: PortInfo?, command: String, results: [PortScenarioResult]) {
        self.port = port
        self.command = command
        self.results = results
    }
}

/// Runs scenarios against a port through the adapter protocol, in lockstep, and compares the
/// transcripts (formatted here, by the reference's formatter) with the goldens.
public struct PortRunner {
    public let catalog: FixtureCatalog
    /// Reads the scenarios and echoes their inputs, as the reference does.
    public let replayer: Replayer
    public let command: String
    /// Seconds a whole scenario may take, handshake included.
    public let timeout: Double
    /// The folder the port runs in (nil: this process's).
    public let directory: URL?
    public let expectedFailures: ExpectedFailures

    /// The timeout when none is given.
    public static let defaultTimeout = 5.0

    public init(
        catalog: FixtureCatalog, replayer: Replayer, command: String, timeout: Double = defaultTimeout, directory: URL? = nil,
        expectedFailures: ExpectedFailures = ExpectedFailures()
    ) {
        self.catalog = catalog
        self.replayer = replayer
        self.command = command
        self.timeout = timeout
        self.directory = directory
        self.expectedFailures = expectedFailures
    }

    /// Runs `entries` in order; `progress` is told of each result as it comes.
    public func run(_ entries: [FixtureCatalog.Entry], progress: (PortScenarioResult) -> Void = { _ in }) -> PortRun {
        let session = PortSession(command: command, directory: directory)
        defer { session.stop() }
        var results: [PortScenarioResult] = []
        var port: PortInfo?
        for entry in entries {
            let outcome = run(entry, session: session, port: &port)
            let result = PortScenarioResult(id: entry.id, feature: entry.feature, outcome: outcome, expectedFailure: expectedFailures.reasons[entry.id])
            results.append(result)
            progress(result)
        }
        return PortRun(port: port, command: command, results: results)
    }

    private func run(_ entry: FixtureCatalog.Entry, session: PortSession, port: inout PortInfo?) -> PortOutcome {
        let path = catalog.displayPath(entry.scenarioURL)
        let scenario: Scenario
        let reference: ReplayResult
        let lines: [JSONObject]
        do {
            guard let data = try? Data(contentsOf: entry.scenarioURL), let text = String(data: data, encoding: .utf8) else {
                return .errored(message: "\(path) cannot be read as UTF-8 text")
            }
            scenario = try replayer.read(text, file: path, expectedID: entry.id)
            reference = try replayer.replay(scenario)
            lines = try Self.objects(text, file: path)
        } catch {
            return .errored(message: "the scenario cannot be replayed: \(error)")
        }

        let deadline = Date().addingTimeInterval(timeout)
        var steps: [ReplayStep] = []
        var cancelled = Set<Int>()
        var step = 0
        func place() -> String { step == 0 ? "the scenario's header" : "step \(step) (\(path):\(step + 1))" }
        do {
            session.clearStandardError()
            let info = try session.ensureStarted(deadline: deadline, timeout: timeout)
            port = info
            guard info.features.contains(scenario.feature) else {
                return .skipped(message: "\(info.name) does not implement the feature \(scenario.feature)", issue: nil)
            }
            let seq = session.nextSeq()
            switch try reply(session, AdapterProtocol.scenario(seq: seq, header: lines[0]), seq: seq, deadline: deadline) {
            case .ready: break
            case .outputs: throw AdapterError.malformed("ready", "the answer to scenario must be ready, skipped or errored")
            case .skipped(let message, let issue): return .skipped(message: message, issue: issue)
            case .errored(let message, let details): return .errored(message: Self.errored(message, details, at: place()))
            }
            for referenceStep in reference.steps {
                step = referenceStep.step
                let seq = session.nextSeq()
                switch try reply(session, AdapterProtocol.step(seq: seq, step: step, event: lines[step]), seq: seq, deadline: deadline) {
                case .ready: throw AdapterError.malformed("outputs", "the answer to step must hold outputs, skipped or errored")
                case .skipped(let message, let issue): return .skipped(message: message, issue: issue)
                case .errored(let message, let details): return .errored(message: Self.errored(message, details, at: place()))
                case .outputs(var outputs, let omitted):
                    if omitted > 0 {
                        guard referenceStep.quiet else {
                            throw AdapterError.malformed("outputs", "{\"omitted\": k} is allowed only in the answer to a quiet advance")
                        }
                        // Only the number of earlier renders of a quiet step reaches the transcript, not their values.
                        outputs.insert(contentsOf: Array(repeating: .render(.null), count: omitted), at: 0)
                    }
                    for case .cancel(let id) in outputs { cancelled.insert(id) }
                    let input = Self.echo(referenceStep.input, event: scenario.events[step - 1].kind, cancelled: cancelled)
                    steps.append(ReplayStep(step: step, line: referenceStep.line, input: input, outputs: outputs, quiet: referenceStep.quiet))
                }
            }
        } catch {
            let stderr = session.standardError
            session.discard()
            return .errored(message: "\(place()): \(error)" + Self.quoted(standardError: stderr))
        }
        let outcome = compare(TranscriptFormatter.text(ReplayResult(scenario: scenario, steps: steps)), entry: entry)
        if case .failed(let step, let message) = outcome {
            return .failed(step: step, message: message + Self.quoted(standardError: session.standardError))
        }
        return outcome
    }

    private func reply(_ session: PortSession, _ message: JSONValue, seq: Int, deadline: Date) throws(AdapterError) -> PortReply {
        try PortReply.read(try session.request(message, seq: seq, deadline: deadline, timeout: timeout))
    }

    /// The reference's echo of a step's input, with ` (after cancel)` on a `respond` only when the port cancelled that request.
    static func echo(_ input: String, event: ScenarioEvent.Kind, cancelled: Set<Int>) -> String {
        guard case .respond(let request, _) = event else { return input }
        let suffix = " (after cancel)"
        let bare = input.hasSuffix(suffix) ? String(input.dropLast(suffix.count)) : input
        return cancelled.contains(request) ? bare + suffix : bare
    }

    /// The port's standard error, each line behind `  | `, for a message; empty when it wrote none.
    private static func quoted(standardError text: String) -> String {
        guard !text.isEmpty else { return "" }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        return "\nthe port's standard error:\n" + lines.map { "  | \($0)" }.joined(separator: "\n")
    }

    private static func errored(_ message: String, _ details: String?, at place: String) -> String {
        "the port errored at \(place): \(message)" + (details.map { "\n" + $0 } ?? "")
    }

    /// Compares the port's transcript with the golden and names the first step that differs.
    private func compare(_ actual: String, entry: FixtureCatalog.Entry) -> PortOutcome {
        let goldenPath = catalog.displayPath(entry.goldenURL)
        let file = GoldenFile(url: entry.goldenURL, displayPath: goldenPath, recordMode: .never, isCI: true, root: catalog.root)
        let golden: Data
        switch file.contents() {
        case .success(let data?): golden = data
        case .success(nil): return .errored(message: "\(goldenPath) is missing; record it against the reference first")
        case .failure(let refusal): return .errored(message: refusal.message)
        }
        // Byte for byte, as the reference's verdict: canonically equivalent text is not equal here.
        let actualBytes = Data(actual.utf8)
        guard golden != actualBytes else { return .passed }
        let step = Self.firstDivergingStep(golden: String(decoding: golden, as: UTF8.self), actual: actual)
        let diff = LineDiff.unified(golden: golden, actual: actualBytes, goldenName: goldenPath) ?? ""
        let head = step.map { "first diverging step: \($0)" } ?? "the transcript's header differs"
        return .failed(step: step, message: "\(head)\n\(diff)")
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

    /// The scenario's lines as JSON objects, to send to the port as written.
    static func objects(_ text: String, file: String) throws(ScenarioError) -> [JSONObject] {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(String.init)
        if lines.last == "" { lines.removeLast() }
        var objects: [JSONObject] = []
        for (index, line) in lines.enumerated() {
            guard case .object(let object)? = try? JSONValue.parse(line.hasSuffix("\r") ? String(line.dropLast()) : line) else {
                throw ScenarioError(file: file, line: index + 1, message: "expected a JSON object")
            }
            objects.append(object)
        }
        return objects
    }
}
