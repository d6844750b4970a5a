import CanonicalRender
import Foundation

/// Machine-readable reports.
public enum Reports {
    /// JUnit XML: one testsuite per feature, one testcase per scenario.
    public static func junit(_ reports: [ScenarioReport]) -> String {
        let features = Array(Set(reports.map(\.feature))).sorted()
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let failures = reports.filter { !$0.outcome.isPass }.count
        xml += "<testsuites name=\"conformance\" tests=\"\(reports.count)\" failures=\"\(failures)\">\n"
        for feature in features {
            let mine = reports.filter { $0.feature == feature }
            xml += "  <testsuite name=\"\(escape(feature))\" tests=\"\(mine.count)\" failures=\"\(mine.filter { !$0.outcome.isPass }.count)\">\n"
            for report in mine {
                xml += "    <testcase classname=\"\(escape(feature))\" name=\"\(escape(report.id))\""
                if report.outcome.isPass {
                    xml += "/>\n"
                } else {
                    xml += ">\n      <failure type=\"\(report.outcome.label)\" message=\"\(escape(firstLine(report.outcome.message)))\">"
                    xml += escape(report.outcome.message) + "</failure>\n    </testcase>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    /// JSON: totals and one object per scenario (the shape of `JSONReport`).
    public static func json(_ reports: [ScenarioReport]) -> String {
        let passed = reports.filter { $0.outcome.isPass }.count
        return encode(JSONReport(
            passed: passed, failed: reports.count - passed,
            scenarios: reports.map { JSONReport.Scenario(id: $0.id, feature: $0.feature, outcome: $0.outcome.label, steps: $0.steps, message: $0.outcome.message) }))
    }

    /// The JSON report: counts, then one entry per scenario in the order they ran.
    public struct JSONReport: Codable, Equatable, Sendable {
        public struct Scenario: Codable, Equatable, Sendable {
            public let id: String
            public let feature: String
            /// `passed`, `failed`, `recorded` or `error`.
            public let outcome: String
            public let steps: Int
            /// Empty for a pass.
            public let message: String
        }

        public let passed: Int
        public let failed: Int
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
