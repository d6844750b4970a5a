import FixtureFormat
import Foundation

/// One run of scenarios against one implementation: who it was and how each scenario went. The
/// one report model: the console summary, the JSON report, the JUnit XML and the markdown table are
/// all written from it, for the reference and for ports alike (`run`, `run --adapter`, `report`).
public struct RunReport: Sendable {
    /// What the implementation said of itself; nil when it never answered a handshake.
    public var implementation: ImplementationInfo?
    /// The command that started a port; nil for the in-process reference.
    public var command: String?
    /// Which part of the scenarios the run replayed (`--shard I/N`).
    public var shard: Reports.Shard?
    public var results: [ScenarioResult]
    /// The file the report was read from (`conformance report`); nil for a run of this process.
    public var source: String?

    public init(
        implementation: ImplementationInfo?, command: String?, shard: Reports.Shard? = nil, results: [ScenarioResult],
        source: String? = nil
    ) {
        self.implementation = implementation
        self.command = command
        self.shard = shard
        self.results = results
        self.source = source
    }

    /// How an implementation is named in tables: its handshake's name and version, or its command.
    public var title: String {
        implementation.map { "\($0.name) \($0.version)" } ?? command ?? "(no implementation)"
    }

    /// The results that fail the run (see `ScenarioResult.failsTheRun`).
    public var failing: [ScenarioResult] { results.filter(\.failsTheRun) }

    /// Whether the run passes: nothing fails it and the implementation answered (a run of nothing is not a pass).
    public var passes: Bool { failing.isEmpty && implementation != nil && !results.isEmpty }

    /// The counts of all results, and of each feature's, features sorted by name.
    public var counts: Reports.Counts { Reports.Counts(results.map(\.outcome)) }

    public var features: [Reports.FeatureCounts] {
        Array(Set(results.map(\.feature))).sorted().map { feature in
            Reports.FeatureCounts(
                feature: feature, counts: Reports.Counts(results.filter { $0.feature == feature }.map(\.outcome)))
        }
    }

    /// The summary line: `121 passed, 0 failed`, then in brackets what else there was. `failed`
    /// counts everything that fails the run; an expected failure that passes is one of them.
    public var summary: String {
        var extras: [String] = []
        let skipped = counts.skipped
        if skipped > 0 { extras.append("\(skipped) skipped") }
        let expected = results.filter { $0.expectedFailure != nil && !$0.outcome.isPass }.count
        if expected > 0 { extras.append("\(expected) expected failure\(expected == 1 ? "" : "s")") }
        let unexpected = results.filter { $0.expectedFailure != nil && $0.outcome.isPass }.count
        if unexpected > 0 { extras.append("\(unexpected) unexpected pass\(unexpected == 1 ? "" : "es")") }
        let passed = results.filter { $0.outcome.isPass && $0.expectedFailure == nil }.count
        return "\(passed) passed, \(failing.count) failed"
            + (extras.isEmpty ? "" : " (\(extras.joined(separator: ", ")))")
    }
}

/// The machine-readable and table forms of run reports. Spec: docs/reports.md.
public enum Reports {
    /// How many scenarios ended each way.
    public struct Counts: Codable, Equatable, Sendable {
        public let passed: Int
        public let failed: Int
        public let recorded: Int
        public let skipped: Int
        public let errored: Int
        public let total: Int
        /// Passed scenarios in percent of those run (skipped ones left out), rounded down; nil when none ran.
        public var percent: Int? {
            let ran = total - skipped
            return ran == 0 ? nil : passed * 100 / ran
        }

        init(_ outcomes: [Outcome]) {
            var tally: [Outcome.Kind: Int] = [:]
            for outcome in outcomes { tally[outcome.kind, default: 0] += 1 }
            passed = tally[.passed] ?? 0
            failed = tally[.failed] ?? 0
            recorded = tally[.recorded] ?? 0
            skipped = tally[.skipped] ?? 0
            errored = tally[.errored] ?? 0
            total = outcomes.count
        }
    }

    /// One feature's counts.
    public struct FeatureCounts: Codable, Equatable, Sendable {
        public let feature: String
        public let counts: Counts
    }

    /// Which part of the scenarios a run replayed (`--shard I/N`).
    public struct Shard: Codable, Equatable, Sendable {
        public let index: Int
        public let count: Int

        public init(index: Int, count: Int) {
            self.index = index
            self.count = count
        }
    }

    // MARK: JSON

    /// The version of the JSON report's shape; it changes only when a member is removed or changes
    /// meaning. Version 2 is one report for the reference and ports alike.
    public static let jsonReportVersion = 2

    /// The JSON report: the shape of `JSONReport`, documented in docs/reports.md.
    public static func json(_ report: RunReport) -> String { encode(JSONReport(report)) }

    /// The JSON report, version 2.
    public struct JSONReport: Codable, Equatable, Sendable {
        public struct Scenario: Codable, Equatable, Sendable {
            public let id: String
            public let feature: String
            /// `passed`, `failed`, `recorded`, `skipped` or `errored`.
            public let outcome: String
            public let steps: Int
            public let durationSeconds: Double
            /// Empty for a pass.
            public let message: String
            /// For a transcript that differs from its golden: where first. Absent otherwise.
            public let firstDifference: FirstDifference?
            /// The reason from the expected-failures file, when the scenario is listed there.
            public let expectedFailure: String?
            /// Whether this scenario fails the run (see docs/reports.md).
            public let failsTheRun: Bool
            /// The scenario file as the run named it (under the fixtures folder in use); absent in
            /// reports written before it was recorded.
            public let file: String?
        }

        public let version: Int
        /// What the implementation said of itself; absent when it never answered.
        public let implementation: ImplementationInfo?
        /// The command that started a port; absent for the in-process reference.
        public let command: String?
        public let counts: Counts
        public let features: [FeatureCounts]
        public let durationSeconds: Double
        /// Absent when the run was not sharded.
        public let shard: Shard?
        public let scenarios: [Scenario]

        init(_ report: RunReport) {
            version = jsonReportVersion
            implementation = report.implementation
            command = report.command
            counts = report.counts
            features = report.features
            durationSeconds = rounded(report.results.reduce(0) { $0 + $1.duration })
            shard = report.shard
            scenarios = report.results.map {
                Scenario(
                    id: $0.id, feature: $0.feature, outcome: $0.outcome.label, steps: $0.steps,
                    durationSeconds: rounded($0.duration),
                    message: $0.outcome.message, firstDifference: $0.firstDifference,
                    expectedFailure: $0.expectedFailure,
                    failsTheRun: $0.failsTheRun, file: $0.file)
            }
        }
    }

    /// What a table names each report by: its title, and when two reports share one (two runs of
    /// the reference) the file it was read from, or its place in the list.
    public static func columnTitles(_ reports: [RunReport]) -> [String] {
        let titles = reports.map(\.title)
        return reports.enumerated().map { index, report in
            titles.filter { $0 == report.title }.count > 1
                ? "\(report.title) (\(report.source ?? "#\(index + 1)"))" : report.title
        }
    }

    // MARK: JUnit

    /// JUnit XML in the shape of the Jenkins/Surefire `junit-10.xsd`: one testsuite per report and
    /// feature (named by the feature alone when there is one report) with `tests`, `failures`,
    /// `errors`, `skipped` and `time`; one testcase per scenario with `classname`, `name`, `time`
    /// and `file`. A differing or missing golden and a recorded one are a `<failure>`, a scenario
    /// that could not be run an `<error>`, a skipped one `<skipped>`. Spec: docs/reports.md.
    public static func junit(_ reports: [RunReport]) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let all = Counts(reports.flatMap { $0.results.map(\.outcome) })
        xml +=
            "<testsuites name=\"conformance\" tests=\"\(all.total)\" failures=\"\(all.failed + all.recorded)\" "
            + "errors=\"\(all.errored)\" time=\"\(seconds(reports.flatMap(\.results)))\">\n"
        for (report, title) in zip(reports, columnTitles(reports)) {
            for feature in report.features {
                let suite = escape(reports.count == 1 ? feature.feature : "\(title): \(feature.feature)")
                let mine = report.results.filter { $0.feature == feature.feature }
                let counts = feature.counts
                xml +=
                    "  <testsuite name=\"\(suite)\" tests=\"\(counts.total)\" failures=\"\(counts.failed + counts.recorded)\" "
                    + "errors=\"\(counts.errored)\" skipped=\"\(counts.skipped)\" time=\"\(seconds(mine))\">\n"
                for result in mine {
                    xml +=
                        "    <testcase classname=\"\(suite)\" name=\"\(escape(result.id))\" time=\"\(seconds([result]))\""
                    if let file = result.file { xml += " file=\"\(escape(file))\"" }
                    let element: String? =
                        switch result.outcome {
                        case .passed: nil
                        case .errored: "error"
                        case .skipped: "skipped"
                        case .failed, .recorded: "failure"
                        }
                    guard let element else {
                        xml += "/>\n"
                        continue
                    }
                    let message = result.outcome.message
                    let type = element == "skipped" ? "" : " type=\"\(result.outcome.label)\""
                    xml += ">\n      <\(element)\(type) message=\"\(escape(firstLine(message)))\">"
                    xml += escape(message) + "</\(element)>\n    </testcase>\n"
                }
                xml += "  </testsuite>\n"
            }
        }
        return xml + "</testsuites>\n"
    }

    /// Seconds with millisecond precision, as JUnit's `time` is written.
    private static func seconds(_ results: [ScenarioResult]) -> String {
        String(format: "%.3f", results.reduce(0) { $0 + $1.duration })
    }

    // MARK: Markdown

    /// A markdown table per report (for a port's README and for the console); with two or more
    /// reports, the features side by side and the scenarios whose outcomes differ.
    public static func markdown(_ reports: [RunReport]) -> String {
        var text = ""
        let titles = columnTitles(reports)
        for (report, title) in zip(reports, titles) {
            text += "### \(cell(title))\n\n"
            if let port = report.implementation {
                // The in-process reference of an app that names no issues page has none to show.
                text += cell(port.language) + (port.issues.isEmpty ? "" : " · issues: \(port.issues)") + "\n\n"
            }
            text += table(report)
            text += "\n"
        }
        guard reports.count > 1 else { return text }
        text += "### Side by side\n\n| feature | " + titles.map(cell).joined(separator: " | ") + " |\n"
        text += "| --- |" + String(repeating: " ---: |", count: reports.count) + "\n"
        let features = Array(Set(reports.flatMap { $0.features.map(\.feature) })).sorted()
        for feature in features {
            let cells = reports.map { report -> String in
                guard let tally = report.features.first(where: { $0.feature == feature })?.counts else { return "–" }
                return "\(tally.passed)/\(tally.total) (\(percent(tally)))"
            }
            text += "| \(feature) | " + cells.joined(separator: " | ") + " |\n"
        }
        // A scenario that a report did not run (a shard, a filtered run) is no difference: only
        // the scenarios every report ran are compared.
        let ids = Array(Set(reports.flatMap { $0.results.map(\.id) })).sorted()
        let inEvery = ids.filter { id in reports.allSatisfy { $0.results.contains { $0.id == id } } }
        let differing = inEvery.filter { id in Set(reports.map { outcome($0, id) }).count > 1 }
        text += "\n"
        let notCompared = ids.count - inEvery.count
        if notCompared > 0 {
            text +=
                "\(notCompared) scenario\(notCompared == 1 ? " was" : "s were") not run in every report (a shard or a filtered run) "
                + "and \(notCompared == 1 ? "is" : "are") not compared.\n\n"
        }
        guard !differing.isEmpty else {
            return text
                + (notCompared > 0
                    ? "The scenarios every report ran have the same outcome in each.\n"
                    : "Every scenario has the same outcome in each.\n")
        }
        text += "Where they differ:\n\n| scenario | " + titles.map(cell).joined(separator: " | ") + " |\n"
        text += "| --- |" + String(repeating: " --- |", count: reports.count) + "\n"
        for id in differing { text += "| \(id) | " + reports.map { outcome($0, id) }.joined(separator: " | ") + " |\n" }
        return text
    }

    /// One report's table: a row per feature and, with more than one feature, a row for all.
    public static func table(_ report: RunReport) -> String {
        var text =
            "| feature | passed | failed | skipped | errored | compliance |\n| --- | ---: | ---: | ---: | ---: | ---: |\n"
        func row(_ name: String, _ tally: Counts) -> String {
            "| \(name) | \(tally.passed) | \(tally.failed + tally.recorded) | \(tally.skipped) | \(tally.errored) | \(percent(tally)) |\n"
        }
        for feature in report.features { text += row(feature.feature, feature.counts) }
        return text
    }

    private static func percent(_ tally: Counts) -> String {
        tally.percent.map { "\($0)%" } ?? "–"
    }

    private static func outcome(_ report: RunReport, _ id: String) -> String {
        guard let result = report.results.first(where: { $0.id == id }) else { return "–" }
        return result.firstDifference.map { "\(result.outcome.label) (step \($0.step))" } ?? result.outcome.label
    }

    /// Text safe inside a markdown table cell.
    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    // MARK: Lists

    /// `conformance list --json FILE`: the scenarios selected, with their descriptions.
    public struct ScenarioList: Codable, Equatable, Sendable {
        public let scenarios: [ListedScenario]

        public init(scenarios: [ListedScenario]) { self.scenarios = scenarios }
    }

    /// One scenario of a list; `description` is nil when the scenario cannot be read.
    public struct ListedScenario: Codable, Equatable, Sendable {
        public let id: String
        public let feature: String
        public let description: String?

        public init(id: String, feature: String, description: String?) {
            self.id = id
            self.feature = feature
            self.description = description
        }
    }

    /// Pretty, key-sorted JSON with a final newline.
    public static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private static func firstLine(_ text: String) -> String {
        String(text.split(separator: "\n", maxSplits: 1).first ?? "")
    }

    static func escape(_ text: String) -> String { TextEscaping.xmlEscaped(text) }
}

private func rounded(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }
