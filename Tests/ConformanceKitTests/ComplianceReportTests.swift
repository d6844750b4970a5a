import ConformanceKit
import Foundation
import Testing

/// A result for the report tests.
private func result(_ id: String, _ outcome: Outcome, step: Int? = nil, expected: String? = nil) -> ScenarioResult {
    var result = ScenarioResult(id: id, feature: String(id.prefix { $0 != "/" }), outcome: outcome)
    result.firstDifference = step.map { FirstDifference(step: $0, scenarioLine: $0 + 1, goldenLine: 9) }
    result.expectedFailure = expected
    return result
}

/// The one report model and its writers (JSON, JUnit, markdown), expected-failure files and the
/// port options of the command.
@Suite struct ComplianceReportTests {
    static let python = RunReport(
        implementation: ImplementationInfo(
            name: "python-port", language: "python", version: "0.1.0", features: ["kittens"],
            issues: "https://example.test/issues"),
        command: "python3 port.py",
        results: [
            result("kittens/a", .passed),
            result("kittens/b", .failed("kittens/b: the transcript differs"), step: 4),
            result("kittens/c", .errored("step 2: no reply"), expected: "hangs"),
            result("timer/a", .skipped("python-port does not implement the feature timer", declared: false)),
        ])
    static let reference = RunReport(
        implementation: ImplementationInfo(
            name: "reference", language: "swift", version: "0.1.0", features: ["kittens", "timer"],
            issues: "https://example.test/issues"),
        command: nil,
        results: ["kittens/a", "kittens/b", "kittens/c", "timer/a"].map { result($0, .passed) })

    @Test func countsTallyEachOutcomeAndThePercentLeavesSkippedOut() {
        let kittens = Self.python.features[0]
        #expect(kittens.feature == "kittens")
        #expect(
            (
                kittens.counts.passed, kittens.counts.failed, kittens.counts.errored, kittens.counts.skipped,
                kittens.counts.total
            ) == (1, 1, 1, 0, 3))
        #expect(kittens.counts.percent == 33)
        #expect(Self.python.features[1].counts.percent == nil, "nothing of the timer ran")
        #expect(
            Self.python.failing.map(\.id) == ["kittens/b"],
            "an expected failure and an undeclared feature's skip do not fail the run")
        #expect(Self.python.summary == "1 passed, 1 failed (1 skipped, 1 expected failure)")
    }

    @Test func aSkipOfADeclaredFeatureFailsTheRunUnlessExpected() {
        #expect(result("kittens/a", .skipped("not yet", declared: true)).failsTheRun)
        #expect(!result("kittens/a", .skipped("not yet", declared: true), expected: "no restore yet").failsTheRun)
        #expect(
            !result("kittens/a", .skipped("python-port does not implement the feature kittens", declared: false))
                .failsTheRun)
        #expect(result("kittens/a", .passed, expected: "thought broken").failsTheRun, "an expected failure that passes")
        #expect(result("kittens/a", .recorded("recorded"), expected: "r").failsTheRun, "a recording proves nothing yet")
    }

    @Test func markdownTableIsReadyForAREADME() {
        #expect(
            Reports.markdown([Self.python]) == """
                ### python-port 0.1.0

                python · issues: https://example.test/issues

                | feature | passed | failed | skipped | errored | compliance |
                | --- | ---: | ---: | ---: | ---: | ---: |
                | kittens | 1 | 1 | 0 | 1 | 33% |
                | timer | 0 | 0 | 1 | 0 | – |


                """)
    }

    @Test func twoImplementationsSideBySideShowWhereTheyDiffer() {
        let text = Reports.markdown([Self.reference, Self.python])
        #expect(
            text.contains(
                """
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
        let xml = Reports.junit([Self.python])
        #expect(
            xml.contains(#"<testsuite name="kittens" tests="3" failures="1" errors="1" skipped="0" time="0.000">"#),
            "\(xml)")
        #expect(xml.contains(#"<failure type="failed" message="kittens/b: the transcript differs">"#))
        #expect(xml.contains(#"<error type="errored" message="step 2: no reply">"#))
        #expect(xml.contains(#"<skipped message="python-port does not implement the feature timer">"#))
        let two = Reports.junit([Self.reference, Self.python])
        #expect(
            two.contains(#"<testsuite name="python-port 0.1.0: kittens" tests="3""#),
            "several reports name their suites by implementation")
    }

    @Test func jsonReportReadsBackAsWritten() throws {
        let text = Reports.json(Self.python)
        let read = try Reports.read(Data(text.utf8), file: "r.json")
        #expect(Reports.json(read) == text)
        #expect(text.contains(#""version" : 2"#))
        #expect(text.contains(#""percent""#) == false, "the percent is derived, not stored")
    }

    @Test func fileThatIsNotAReportIsRefusedWithItsName() {
        let error = #expect(throws: CatalogError.self) { try Reports.read(Data("{}".utf8), file: "bad.json") }
        #expect(error?.message.hasPrefix("bad.json is not a JSON report written by `conformance run --json`") == true)
    }

    /// An outcome the report format does not have, and one that is not a string, are refused with
    /// the file, the line, the member and the outcomes there are, not counted as errored.
    @Test(arguments: [
        (#""maybe""#, #""maybe" is not an outcome; expected one of "#),
        ("7", "expected a string, one of "),
    ])
    func anUnknownOutcomeIsRefusedWithTheOutcomesThereAre(value: String, says: String) throws {
        let text = Reports.json(Self.python).replacingOccurrences(
            of: #""outcome" : "failed""#, with: #""outcome" : "# + value)
        let line = try #require(text.split(separator: "\n").firstIndex { $0.contains(#""outcome" : "# + value) }) + 1
        let error = #expect(throws: CatalogError.self) { try Reports.read(Data(text.utf8), file: "r.json") }
        #expect(
            error?.message
                == "r.json is not a JSON report written by `conformance run --json`: line \(line): scenarios[1].outcome: "
                + says + #""passed", "failed", "recorded", "skipped", "errored""#, "\(error?.message ?? "")")
    }

    /// A member of the wrong type is told what it should be, in JSON's words, not Swift's.
    @Test func aMemberOfTheWrongTypeIsToldInJSONsWords() throws {
        let text = Reports.json(Self.python).replacing(/"steps" : (\d+)/, maxReplacements: 1) {
            #""steps" : "\#($0.output.1)""#
        }
        let error = #expect(throws: CatalogError.self) { try Reports.read(Data(text.utf8), file: "r.json") }
        #expect(
            error?.message.hasSuffix(": scenarios[0].steps: expected a whole number") == true, "\(error?.message ?? "")"
        )
        #expect(error?.message.contains("Expected to decode") == false)
    }

    @Test func aReportOfAnotherVersionIsRefusedWithWhatToDo() throws {
        var text = Reports.json(Self.python)
        text = text.replacingOccurrences(of: #""version" : 2"#, with: #""version" : 1"#)
        let error = #expect(throws: CatalogError.self) { try Reports.read(Data(text.utf8), file: "old.json") }
        #expect(
            error?.message
                == "old.json is a version 1 report; this conformance reads version 2: run it again to rewrite it")
    }

    @Test func expectedFailuresFileReadsIdsAndReasons() throws {
        let text = "# comment\n\nkittens/a   hangs on reload\ntimer/b\tno restore yet\n"
        #expect(
            try ExpectedFailures.parse(text, file: "x.txt").reasons == [
                "kittens/a": "hangs on reload", "timer/b": "no restore yet",
            ])
        #expect(ExpectedFailures(reasons: ["kittens/gone": "r"]).unknown(among: ["kittens/a"]) == ["kittens/gone"])
    }

    @Test(arguments: [
        ("kittens/a\n", "x.txt:1: kittens/a has no reason; write why the port fails it after the id"),
        (
            "\nkittens reason\n",
            "x.txt:2: expected a scenario id such as kittens/refresh-while-loading, found \"kittens\""
        ),
        ("kittens/a r\nkittens/a s\n", "x.txt:2: kittens/a is listed twice"),
    ])
    func badExpectedFailuresLineNamesFileAndLine(text: String, message: String) {
        #expect(throws: CatalogError(message: message)) { try ExpectedFailures.parse(text, file: "x.txt") }
    }

    @Test(arguments: [
        (["--timeout", "0", "--adapter", "x"], "--timeout 0: expected a number of seconds above 0 and at most 86400"),
        (
            ["--timeout", "soon", "--adapter", "x"],
            "--timeout soon: expected a number of seconds above 0 and at most 86400"
        ),
        (["--adapter", " "], "--adapter needs a command"),
        (
            ["--adapter", "x", "--record", "all"],
            "--record does not apply to a port: its transcripts are only compared with the reference's goldens"
        ),
        (["report"], "report needs one or more JSON reports written by 'run --json FILE'"),
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
        try Reports.json(Self.reference).write(to: first, atomically: true, encoding: .utf8)
        try Reports.json(Self.python).write(to: second, atomically: true, encoding: .utf8)
        let markdown = folder.appendingPathComponent("out.md")
        let run = CommandRun(["report", first.path, second.path, "--markdown", markdown.path])
        #expect(run.status == 1, "python.json has a failure")
        #expect(run.out.contains("| kittens/b | passed | failed (step 4) |"))
        #expect(try String(contentsOf: markdown, encoding: .utf8) == run.out)
        let missing = CommandRun(["report", folder.appendingPathComponent("none.json").path])
        #expect(missing.status == 2, "a report that cannot be read is bad input")
        #expect(
            missing.err.contains("cannot read \(folder.appendingPathComponent("none.json").path): "), "\(missing.err)")
        #expect(missing.err.contains("there is no such file"), "the reason is given: \(missing.err)")
        let folderGiven = CommandRun(["report", folder.path])
        #expect(folderGiven.status == 2)
        #expect(folderGiven.err == "conformance: cannot read \(folder.path): it is a folder, not a JSON report\n")
    }

    /// Writes `reports` as JSON files in a fresh folder and returns their paths.
    private func files(_ reports: [(String, RunReport)]) throws -> [String] {
        let folder = try PortFixtures.temporaryDirectory()
        return try reports.map { name, report in
            let url = folder.appendingPathComponent(name)
            try Reports.json(report).write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
    }

    /// Two runs of the reference were both titled `reference 0.1.0`: each is followed by its file.
    @Test func reportsOfTheSameImplementationAreTitledByTheirFiles() throws {
        let paths = try files([("before.json", Self.reference), ("after.json", Self.reference)])
        let run = CommandRun(["report"] + paths)
        #expect(run.status == 0)
        #expect(run.out.contains("### reference 0.1.0 (\(paths[0]))\n"), "\(run.out)")
        #expect(run.out.contains("| feature | reference 0.1.0 (\(paths[0])) | reference 0.1.0 (\(paths[1])) |"))
        let xml = Reports.junit([Self.reference, Self.reference])
        #expect(
            xml.contains(#"<testsuite name="reference 0.1.0 (#1): kittens""#), "two suites, not one name twice: \(xml)")
        #expect(xml.contains(#"<testsuite name="reference 0.1.0 (#2): kittens""#))
        #expect(
            Reports.junit([Self.reference, Self.python]).contains(#"<testsuite name="python-port 0.1.0: kittens""#),
            "distinct titles stay as they are")
    }

    /// A shard or a run of some scenarios is compared only on what it ran.
    @Test func scenariosMissingFromAPartialRunAreNoDifferences() {
        var partial = Self.reference
        partial.results = partial.results.filter { $0.id == "kittens/a" || $0.id == "kittens/b" }
        partial.results[1] = result("kittens/b", .failed("differs"), step: 2)
        let text = Reports.markdown([Self.reference, partial])
        #expect(!text.contains("| kittens/c |"), "\(text)")
        #expect(!text.contains("| timer/a |"))
        #expect(text.contains("| kittens/b | passed | failed (step 2) |"))
        #expect(
            text.contains(
                "2 scenarios were not run in every report (a shard or a filtered run) and are not compared.\n"))
        var passing = partial
        passing.results = [result("kittens/a", .passed)]
        #expect(
            Reports.markdown([Self.reference, passing]).hasSuffix(
                "The scenarios every report ran have the same outcome in each.\n"))
    }

    /// `report` exits as the runs did: 1 when any report has something that fails its run.
    @Test func reportExitsOneWhenAnyReportFails() throws {
        let paths = try files([("reference.json", Self.reference), ("python.json", Self.python)])
        let both = CommandRun(["report"] + paths)
        #expect(both.status == 1, "python.json has a failure")
        #expect(
            both.err.contains("conformance: python-port 0.1.0: 1 passed, 1 failed (1 skipped, 1 expected failure)\n"),
            "\(both.err)")
        #expect(CommandRun(["report", paths[0]]).status == 0)
        var empty = Self.reference
        empty.results = []
        let nothing = try files([("empty.json", empty)])
        #expect(CommandRun(["report", nothing[0]]).status == 1, "a run of nothing is not a pass")
    }

    /// The JSON report keeps each scenario's file, so `report --junit` writes the attribute
    /// reports.md promises.
    @Test func reportJUnitHasTheScenarioFile() throws {
        var report = Self.reference
        report.results[0].file = "../elsewhere/Fixtures/kittens/a.jsonl"
        let paths = try files([("reference.json", report)])
        let junit = URL(fileURLWithPath: paths[0] + ".xml")
        #expect(CommandRun(["report", paths[0], "--junit", junit.path]).status == 0)
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(
            xml.contains(#"name="kittens/a" time="0.000" file="../elsewhere/Fixtures/kittens/a.jsonl"/>"#), "\(xml)")
    }

    /// A report as version 1 wrote it (a `format` and `results`, none of version 2's members) is
    /// told its version, not given a decoding error.
    @Test func aVersionOneReportIsToldItsVersion() throws {
        let old =
            #"{"version": 1, "format": 1, "implementation": "reference", "results": [{"id": "kittens/a", "outcome": "passed"}]}"#
        let error = #expect(throws: CatalogError.self) { try Reports.read(Data(old.utf8), file: "old.json") }
        #expect(
            error?.message
                == "old.json is a version 1 report; this conformance reads version 2: run it again to rewrite it")
        let broken = #"{"version": 2, "counts": {}}"#
        let second = #expect(throws: CatalogError.self) { try Reports.read(Data(broken.utf8), file: "b.json") }
        #expect(second?.message.hasPrefix("b.json is not a JSON report written by `conformance run --json`: ") == true)
        #expect(second?.message.contains("DecodingError") == false, "\(second?.message ?? "")")
        let paths = try files([("old.json", Self.reference)])
        try old.write(toFile: paths[0], atomically: true, encoding: .utf8)
        let run = CommandRun(["report", paths[0]])
        #expect(run.status == 2)
        #expect(
            run.err
                == "conformance: \(paths[0]) is a version 1 report; this conformance reads version 2: run it again to rewrite it\n"
        )
    }

    /// A reference run whose every scenario errored before the reference started was headed
    /// `### (no implementation)`.
    @Test func aRunWhoseScenariosAllErroredStillNamesTheReference() throws {
        let fixtures = try TemporaryFixtures(scenarioText: "not a scenario\n")
        let report = TestFeatures.runner(fixtures.catalog, .never, ci: false).run(
            try fixtures.catalog.entries(), on: TestFeatures.reference)
        #expect(report.counts.errored == 1)
        #expect(report.title == "reference 0.2.0")
        #expect(Reports.markdown([report]).hasPrefix("### reference 0.2.0\n"))
        #expect(!report.passes)
    }
}
