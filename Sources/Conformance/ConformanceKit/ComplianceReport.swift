import FixtureFormat
import Foundation

/// A port's compliance: per feature, how many scenarios passed, failed, were skipped or errored.
/// Written by `conformance run --adapter ... --json FILE`; read back by `conformance report`, which
/// prints it as a markdown table or JUnit, and sets several side by side.
public struct ComplianceReport: Codable, Equatable, Sendable {
    /// One feature's counts.
    public struct Tally: Codable, Equatable, Sendable {
        public let feature: String
        public let passed: Int
        public let failed: Int
        public let skipped: Int
        public let errored: Int
        public var total: Int { passed + failed + skipped + errored }
        /// Passed scenarios in percent of those run (skipped ones left out), rounded down; nil when none ran.
        public var percent: Int? {
            let ran = passed + failed + errored
            return ran == 0 ? nil : passed * 100 / ran
        }

        private enum CodingKeys: String, CodingKey { case feature, passed, failed, skipped, errored, total, percent }

        init(feature: String, passed: Int, failed: Int, skipped: Int, errored: Int) {
            self.feature = feature
            self.passed = passed
            self.failed = failed
            self.skipped = skipped
            self.errored = errored
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                feature: try container.decode(String.self, forKey: .feature), passed: try container.decode(Int.self, forKey: .passed),
                failed: try container.decode(Int.self, forKey: .failed), skipped: try container.decode(Int.self, forKey: .skipped),
                errored: try container.decode(Int.self, forKey: .errored))
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(feature, forKey: .feature)
            try container.encode(passed, forKey: .passed)
            try container.encode(failed, forKey: .failed)
            try container.encode(skipped, forKey: .skipped)
            try container.encode(errored, forKey: .errored)
            try container.encode(total, forKey: .total)
            try container.encode(percent, forKey: .percent)
        }
    }

    /// One scenario's line.
    public struct Scenario: Codable, Equatable, Sendable {
        public let id: String
        public let feature: String
        /// `passed`, `failed`, `skipped` or `errored`.
        public let outcome: String
        /// The first diverging step of a failure.
        public let step: Int?
        public let message: String
        /// The reason from the expected-failures file, when listed there.
        public let expectedFailure: String?
    }

    /// The report format's version.
    public let format: Int
    /// The port's handshake; nil when it never completed one.
    public let port: PortInfo?
    public let command: String
    public let features: [Tally]
    public let scenarios: [Scenario]

    /// The report of a run.
    public init(_ run: PortRun) {
        format = 1
        port = run.port
        command = run.command
        let scenarios = run.results.map { result in
            let step: Int? = if case .failed(let step, _) = result.outcome { step } else { nil }
            return Scenario(
                id: result.id, feature: result.feature, outcome: result.outcome.label, step: step, message: result.outcome.message,
                expectedFailure: result.expectedFailure)
        }
        self.scenarios = scenarios
        features = Array(Set(scenarios.map(\.feature))).sorted().map { feature in
            let mine = scenarios.filter { $0.feature == feature }
            func count(_ label: String) -> Int { mine.filter { $0.outcome == label }.count }
            return Tally(feature: feature, passed: count("passed"), failed: count("failed"), skipped: count("skipped"), errored: count("errored"))
        }
    }

    /// The port's name for tables: its handshake name and version, or its command.
    public var title: String { port.map { "\($0.name) \($0.version)" } ?? command }

    /// Pretty JSON with a final newline.
    public var json: String { Reports.encode(self) }

    /// Reads a report written by `json`; `file` names it in errors.
    public static func read(_ data: Data, file: String) throws(CatalogError) -> ComplianceReport {
        do {
            return try JSONDecoder().decode(ComplianceReport.self, from: data)
        } catch {
            throw CatalogError(message: "\(file) is not a compliance report written by `conformance run --adapter ... --json`: \(error)")
        }
    }
}

/// The text forms of compliance reports.
public enum ComplianceFormat {
    /// A markdown table per report, for a port's README; with two or more reports, the features
    /// side by side and the scenarios whose outcomes differ.
    public static func markdown(_ reports: [ComplianceReport]) -> String {
        var text = ""
        for report in reports {
            text += "### \(cell(report.title))\n\n"
            if let port = report.port { text += "\(cell(port.language)) · issues: \(port.issues)\n\n" }
            text += "| feature | passed | failed | skipped | errored | compliance |\n| --- | ---: | ---: | ---: | ---: | ---: |\n"
            for tally in report.features {
                text += "| \(tally.feature) | \(tally.passed) | \(tally.failed) | \(tally.skipped) | \(tally.errored) | \(percent(tally)) |\n"
            }
            text += "\n"
        }
        guard reports.count > 1 else { return text }
        text += "### Side by side\n\n| feature | " + reports.map { cell($0.title) }.joined(separator: " | ") + " |\n"
        text += "| --- |" + String(repeating: " ---: |", count: reports.count) + "\n"
        let features = Array(Set(reports.flatMap { $0.features.map(\.feature) })).sorted()
        for feature in features {
            let cells = reports.map { report -> String in
                guard let tally = report.features.first(where: { $0.feature == feature }) else { return "–" }
                return "\(tally.passed)/\(tally.total) (\(percent(tally)))"
            }
            text += "| \(feature) | " + cells.joined(separator: " | ") + " |\n"
        }
        let ids = Array(Set(reports.flatMap { $0.scenarios.map(\.id) })).sorted()
        let differing = ids.filter { id in Set(reports.map { outcome($0, id) }).count > 1 }
        text += "\n"
        guard !differing.isEmpty else { return text + "Every scenario has the same outcome in each.\n" }
        text += "Where they differ:\n\n| scenario | " + reports.map { cell($0.title) }.joined(separator: " | ") + " |\n"
        text += "| --- |" + String(repeating: " --- |", count: reports.count) + "\n"
        for id in differing { text += "| \(id) | " + reports.map { outcome($0, id) }.joined(separator: " | ") + " |\n" }
        return text
    }

    /// JUnit XML: a testsuite per report and feature, a testcase per scenario.
    public static func junit(_ reports: [ComplianceReport]) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"conformance ports\">\n"
        for report in reports {
            for tally in report.features {
                let suite = Reports.escape("\(report.title): \(tally.feature)")
                xml += "  <testsuite name=\"\(suite)\" tests=\"\(tally.total)\" failures=\"\(tally.failed)\" errors=\"\(tally.errored)\" skipped=\"\(tally.skipped)\">\n"
                for scenario in report.scenarios where scenario.feature == tally.feature {
                    xml += "    <testcase classname=\"\(suite)\" name=\"\(Reports.escape(scenario.id))\""
                    let element: String? =
                        switch scenario.outcome {
                        case "failed": "failure"
                        case "errored": "error"
                        case "skipped": "skipped"
                        default: nil
                        }
                    guard let element else {
                        xml += "/>\n"
                        continue
                    }
                    let first = String(scenario.message.split(separator: "\n", maxSplits: 1).first ?? "")
                    xml += ">\n      <\(element) message=\"\(Reports.escape(first))\">\(Reports.escape(scenario.message))</\(element)>\n    </testcase>\n"
                }
                xml += "  </testsuite>\n"
            }
        }
        return xml + "</testsuites>\n"
    }

    private static func percent(_ tally: ComplianceReport.Tally) -> String {
        tally.percent.map { "\($0)%" } ?? "–"
    }

    private static func outcome(_ report: ComplianceReport, _ id: String) -> String {
        guard let scenario = report.scenarios.first(where: { $0.id == id }) else { return "–" }
        return scenario.step.map { "\(scenario.outcome) (step \($0))" } ?? scenario.outcome
    }

    /// Text safe inside a markdown table cell.
    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
