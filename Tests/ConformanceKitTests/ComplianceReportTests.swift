import ConformanceKit
import Foundation
import Testing

/// Compliance reports, expected-failure files and the port options of the command.
@Suite struct ComplianceReportTests {
    static let python = PortRun(
        port: PortInfo(name: "python-port", language: "python", version: "0.1.0", features: ["kittens"], issues: "https://example.test/issues"),
        command: "python3 port.py",
        results: [
            PortScenarioResult(id: "kittens/a", feature: "kittens", outcome: .passed),
            PortScenarioResult(id: "kittens/b", feature: "kittens", outcome: .failed(step: 4, message: "first diverging step: 4")),
            PortScenarioResult(id: "kittens/c", feature: "kittens", outcome: .errored(message: "step 2: no reply"), expectedFailure: "hangs"),
            PortScenarioResult(id: "timer/a", feature: "timer", outcome: .skipped(message: "python-port does not implement the feature timer", issue: nil)),
        ])
    static let reference = PortRun(
        port: PortInfo(name: "reference", language: "swift", version: "0.1.0", features: ["kittens", "timer"], issues: "https://example.test/issues"),
        command: "conformance adapter",
        results: ["kittens/a", "kittens/b", "kittens/c", "timer/a"].map {
            PortScenarioResult(id: $0, feature: String($0.prefix { $0 != "/" }), outcome: .passed)
        })

    @Test func tallyCountsEachOutcomeAndThePercentLeavesSkippedOut() {
        let report = ComplianceReport(Self.python)
        let kittens = report.features[0]
        #expect((kittens.feature, kittens.passed, kittens.failed, kittens.errored, kittens.skipped, kittens.total) == ("kittens", 1, 1, 1, 0, 3))
        #expect(kittens.percent == 33)
        #expect(report.features[1].percent == nil, "nothing of the timer ran")
        #expect(report.scenarios[1].step == 4)
        #expect(report.scenarios[2].expectedFailure == "hangs")
    }

    @Test func markdownTableIsReadyForAREADME() {
        #expect(ComplianceFormat.markdown([ComplianceReport(Self.python)]) == """
            ### python-port 0.1.0

            python · issues: https://example.test/issues

            | feature | passed | failed | skipped | errored | compliance |
            | --- | ---: | ---: | ---: | ---: | ---: |
            | kittens | 1 | 1 | 0 | 1 | 33% |
            | timer | 0 | 0 | 1 | 0 | – |


            """)
    }

    @Test func twoAdaptersSideBySideShowWhereTheyDiffer() {
        let text = ComplianceFormat.markdown([ComplianceReport(Self.reference), ComplianceReport(Self.python)])
        #expect(text.contains("""
            ### Side by side

            | feature | reference 0.1.0 | python-port 0.1.0 |
            | --- | ---: | ---: |
            | kittens | 3/3 (100%) | 1/3 (33%) |
            | timer | 1/1 (100%) | 0/1 (–) |

            Where they differ:

            | scenario | reference 0.1.0 | python-port 0.1.0 |
            | --- | --- | --- |
            | kittens/b | passed | failed (step 4) |
            | kittens/c | passed | errored |
            | timer/a | passed | skipped |

            """))
    }

    @Test func junitHasASuitePerFeatureWithFailuresErrorsAndSkips() {
        let xml = ComplianceFormat.junit([ComplianceReport(Self.python)])
        #expect(xml.contains(#"<testsuite name="python-port 0.1.0: kittens" tests="3" failures="1" errors="1" skipped="0">"#))
        #expect(xml.contains(#"<failure message="first diverging step: 4">"#))
        #expect(xml.contains(#"<error message="step 2: no reply">"#))
        #expect(xml.contains(#"<skipped message="python-port does not implement the feature timer">"#))
    }

    @Test func jsonReportReadsBackAsWritten() throws {
        let report = ComplianceReport(Self.python)
        #expect(try ComplianceReport.read(Data(report.json.utf8), file: "r.json") == report)
        #expect(report.json.contains(#""percent" : 33"#))
    }

    @Test func fileThatIsNotAReportIsRefusedWithItsName() {
        let error = #expect(throws: CatalogError.self) { try ComplianceReport.read(Data("{}".utf8), file: "bad.json") }
        #expect(error?.message.hasPrefix("bad.json is not a compliance report written by `conformance run --adapter ... --json`") == true)
    }

    @Test func expectedFailuresFileReadsIdsAndReasons() throws {
        let text = "# comment\n\nkittens/a   hangs on reload\ntimer/b\tno restore yet\n"
        #expect(try ExpectedFailures.parse(text, file: "x.txt").reasons == ["kittens/a": "hangs on reload", "timer/b": "no restore yet"])
        #expect(ExpectedFailures(reasons: ["kittens/gone": "r"]).unknown(among: ["kittens/a"]) == ["kittens/gone"])
    }

    @Test(arguments: [
        ("kittens/a\n", "x.txt:1: kittens/a has no reason; write why the port fails it after the id"),
        ("\nkittens reason\n", "x.txt:2: expected a scenario id such as kittens/refresh-while-loading, found \"kittens\""),
        ("kittens/a r\nkittens/a s\n", "x.txt:2: kittens/a is listed twice"),
    ])
    func badExpectedFailuresLineNamesFileAndLine(text: String, message: String) {
        #expect(throws: CatalogError(message: message)) { try ExpectedFailures.parse(text, file: "x.txt") }
    }

    @Test(arguments: [
        (["--timeout", "0", "--adapter", "x"], "--timeout 0: expected a number of seconds above 0 and at most 86400"),
        (["--timeout", "soon", "--adapter", "x"], "--timeout soon: expected a number of seconds above 0 and at most 86400"),
        (["--expected-failures", "f.txt"], "--expected-failures needs --adapter"),
        (["--adapter", " "], "--adapter needs a command"),
        (["--adapter", "x", "--record", "all"], "--record does not apply to a port: its transcripts are only compared with the reference's goldens"),
        (["report"], "report needs one or more JSON reports written by 'run --adapter ... --json FILE'"),
    ])
    func portOptionMistakesAreUsageErrors(arguments: [String], message: String) {
        let run = CommandRun(arguments)
        #expect(run.status == 2)
        #expect(run.err.contains(message), "\(run.err)")
    }

    @Test func reportCommandPrintsTablesFromReportFiles() throws {
        let folder = try PortFixtures.temporaryDirectory()
        let first = folder.appendingPathComponent("reference.json")
        let second = folder.appendingPathComponent("python.json")
        try ComplianceReport(Self.reference).json.write(to: first, atomically: true, encoding: .utf8)
        try ComplianceReport(Self.python).json.write(to: second, atomically: true, encoding: .utf8)
        let markdown = folder.appendingPathComponent("out.md")
        let run = CommandRun(["report", first.path, second.path, "--markdown", markdown.path])
        #expect(run.status == 0)
        #expect(run.out.contains("| kittens/b | passed | failed (step 4) |"))
        #expect(try String(contentsOf: markdown, encoding: .utf8) == run.out)
        let missing = CommandRun(["report", folder.appendingPathComponent("none.json").path])
        #expect(missing.status == 1)
        #expect(missing.err.contains("cannot read"))
    }
}
