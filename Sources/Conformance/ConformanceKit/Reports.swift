import FixtureFormat
import Foundation

/// Machine-readable reports.
public enum Reports {
    /// JUnit XML in the shape of the Jenkins/Surefire `junit-10.xsd`: one testsuite per feature
    /// with `tests`, `failures`, `errors`, `skipped` and `time`; one testcase per scenario with
    /// `classname`, `name`, `time` and `file`. A differing or missing golden and a recorded one are
    /// a `<failure>`, a scenario that could not be replayed an `<error>`. Spec: docs/reports.md.
    public static func junit(_ reports: [ScenarioReport]) -> String {
        let features = Array(Set(reports.map(\.feature))).sorted()
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let all = Counts(reports)
        xml += "<testsuites name=\"conformance\" tests=\"\(all.total)\" failures=\"\(all.failed + all.recorded)\" "
            + "errors=\"\(all.errored)\" time=\"\(seconds(reports))\">\n"
        for feature in features {
            let mine = reports.filter { $0.feature == feature }
            let counts = Counts(mine)
            xml += "  <testsuite name=\"\(escape(feature))\" tests=\"\(counts.total)\" failures=\"\(counts.failed + counts.recorded)\" "
                + "errors=\"\(counts.errored)\" skipped=\"0\" time=\"\(seconds(mine))\">\n"
            for report in mine {
                xml += "    <testcase classname=\"\(escape(feature))\" name=\"\(escape(report.id))\" time=\"\(seconds([report]))\""
                if let file = report.file { xml += " file=\"\(escape(file))\"" }
                if report.outcome.isPass {
                    xml += "/>\n"
                } else {
                    let element = report.outcome.label == "error" ? "error" : "failure"
                    xml += ">\n      <\(element) type=\"\(report.outcome.label)\" message=\"\(escape(firstLine(report.outcome.message)))\">"
                    xml += escape(report.outcome.message) + "</\(element)>\n    </testcase>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    /// Seconds with millisecond precision, as JUnit's `time` is written.
    private static func seconds(_ reports: [ScenarioReport]) -> String {
        String(format: "%.3f", reports.reduce(0) { $0 + $1.duration })
    }

    /// How many scenarios ended each way.
    public struct Counts: Codable, Equatable, Sendable {
        public let passed: Int
        public let failed: Int
        public let errored: Int
        public let recorded: Int
        public let total: Int

        init(_ reports: [ScenarioReport]) {
            func count(_ label: String) -> Int { reports.filter { $0.outcome.label == label }.count }
            passed = count("passed")
            failed = count("failed")
            errored = count("error")
            recorded = count("recorded")
            total = reports.count
        }
    }

    /// The version of the JSON report's shape (`JSONReport.version`); it changes only when a member
    /// is removed or changes meaning. Spec: docs/reports.md.
    public static let jsonReportVersion = 1

    /// JSON: the shape of `JSONReport`, documented in docs/reports.md.
    public static func json(_ reports: [ScenarioReport], shard: Shard? = nil) -> String {
        encode(JSONReport(
            version: jsonReportVersion, counts: Counts(reports), durationSeconds: rounded(reports.reduce(0) { $0 + $1.duration }),
            shard: shard,
            scenarios: reports.map {
                JSONReport.Scenario(
                    id: $0.id, feature: $0.feature, outcome: $0.outcome.label, steps: $0.steps, durationSeconds: rounded($0.duration),
                    message: $0.outcome.message, firstDifference: $0.firstDifference)
            }))
    }

    private static func rounded(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }

    /// Which part of the scenarios a run replayed (`--shard I/N`).
    public struct Shard: Codable, Equatable, Sendable {
        public let index: Int
        public let count: Int

        public init(index: Int, count: Int) {
            self.index = index
            self.count = count
        }
    }

    /// The JSON report, version 1: counts, duration, shard, then one entry per scenario in the
    /// order they ran.
    public struct JSONReport: Codable, Equatable, Sendable {
        public struct Scenario: Codable, Equatable, Sendable {
            public let id: String
            public let feature: String
            /// `passed`, `failed`, `recorded` or `error`.
            public let outcome: String
            public let steps: Int
            public let durationSeconds: Double
            /// Empty for a pass.
            public let message: String
            /// For a transcript that differs from its golden: where first. Absent otherwise.
            public let firstDifference: FirstDifference?
        }

        public let version: Int
        public let counts: Counts
        public let durationSeconds: Double
        /// Absent when the run was not sharded.
        public let shard: Shard?
        public let scenarios: [Scenario]
    }

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
    static func encode(_ value: some Encodable) -> String {
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
