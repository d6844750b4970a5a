import ConformanceKit
import FixtureFormat
import Foundation
import ReplaySeam
import Testing

/// A fixtures folder in a temporary directory, with one scenario.
struct TemporaryFixtures {
    let root: URL
    let catalog: FixtureCatalog

    init(
        scenarioText: String = scenario(#"{"event": "create"}"#, #"{"event": "viewCreated"}"#, #"{"event": "start"}"#),
        golden: String? = nil
    ) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("fixtures-\(UUID().uuidString)/Fixtures")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("kittens"), withIntermediateDirectories: true)
        try scenarioText.write(to: root.appendingPathComponent("kittens/x.jsonl"), atomically: true, encoding: .utf8)
        catalog = FixtureCatalog(root: root)
        if let golden { try golden.write(to: goldenURL, atomically: true, encoding: .utf8) }
    }

    var goldenURL: URL { root.appendingPathComponent("kittens/x.golden.txt") }
    var golden: String? { try? String(contentsOf: goldenURL, encoding: .utf8) }

    func run(_ mode: RecordMode, ci: Bool = false, commandName: String? = nil) throws -> Outcome {
        let entry = try #require(try catalog.entries().first)
        return TestFeatures.runner(catalog, mode, ci: ci, commandName: commandName).run(
            entry, on: TestFeatures.reference
        ).outcome
    }

    func folderContents() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("kittens").path).sorted())
            ?? []
    }

    static let expected = """
        # kittens/x
        # d
        > 1 create
          request #1 load(limit: 50, page: 0)
        > 2 viewCreated
        > 3 start
          render KittenViewModel
            isLoading: true
            isError: false
            imageUrls: [0]

        """
}

@Suite struct RunnerTests {
    @Test func missingGoldenIsRecordedAndTheRunFails() throws {
        let fixtures = try TemporaryFixtures()
        let outcome = try fixtures.run(.missing)
        #expect(outcome.label == "recorded")
        #expect(!outcome.isPass)
        #expect(fixtures.golden == TemporaryFixtures.expected)
        #expect(try fixtures.run(.missing) == .passed)
        #expect(fixtures.folderContents() == ["x.golden.txt", "x.jsonl"], "no temporary file is left behind")
    }

    @Test func neverModeFailsOnAMissingGoldenAndWritesNothing() throws {
        let fixtures = try TemporaryFixtures()
        let outcome = try fixtures.run(.never)
        #expect(outcome.label == "failed")
        #expect(outcome.message.contains("Fixtures/kittens/x.golden.txt is missing"))
        #expect(fixtures.golden == nil)
    }

    @Test func aDifferenceFailsWithADiffAndHowToReRecord() throws {
        let wrong = TemporaryFixtures.expected.replacingOccurrences(of: "isLoading: true", with: "isLoading: false")
        let fixtures = try TemporaryFixtures(golden: wrong)
        let outcome = try fixtures.run(.missing, commandName: "conformance")
        #expect(outcome.label == "failed")
        #expect(outcome.message.contains("kittens/x: the transcript differs from Fixtures/kittens/x.golden.txt"))
        #expect(outcome.message.contains("-  8 |     isLoading: false\n+    |     isLoading: true"))
        #expect(
            outcome.message.contains(
                "re-record with `swift run conformance record kittens/x --fixtures Fixtures` once the change is intended"
            ))
        #expect(fixtures.golden == wrong, "a failure in missing mode never rewrites the golden")
    }

    @Test func theReRecordHintNamesTheCommandRunning() throws {
        let wrong = TemporaryFixtures.expected.replacingOccurrences(of: "isLoading: true", with: "isLoading: false")
        let fixtures = try TemporaryFixtures(golden: wrong)
        let app = try fixtures.run(.never, commandName: "login-conformance").message
        #expect(
            app.contains(
                "re-record with `swift run login-conformance record kittens/x --fixtures Fixtures` once the change is intended"
            ), "\(app)")
        #expect(!app.contains("swift test"), "\(app)")
        let tests = try fixtures.run(.never).message
        #expect(
            tests.contains("re-record with `CONFORMANCE_RECORD=failed swift test` once the change is intended"),
            "\(tests)")
        #expect(!tests.contains("swift run"), "\(tests)")
    }

    @Test func failedModeRewritesADifferingGoldenAndFails() throws {
        let fixtures = try TemporaryFixtures(golden: "stale\n")
        #expect(try fixtures.run(.failed).label == "recorded")
        #expect(fixtures.golden == TemporaryFixtures.expected)
        #expect(try fixtures.run(.failed) == .passed, "a matching golden is left alone in failed mode")
    }

    @Test func allModeRewritesEvenAMatchingGoldenAndFails() throws {
        let fixtures = try TemporaryFixtures(golden: TemporaryFixtures.expected)
        let outcome = try fixtures.run(.all)
        #expect(outcome.label == "recorded")
        #expect(outcome.message.contains("unchanged"))
    }

    @Test(arguments: [RecordMode.missing, .failed, .all])
    func recordingIsRefusedUnderCI(mode: RecordMode) throws {
        let fixtures = try TemporaryFixtures(golden: mode == .missing ? nil : "stale\n")
        let outcome = try fixtures.run(mode, ci: true)
        #expect(outcome.label == "failed")
        #expect(outcome.message.contains("recording refused because CI=true"))
        #expect(fixtures.golden == (mode == .missing ? nil : "stale\n"))
    }

    @Test func aMalformedScenarioIsAnErrorAndNeverTouchesTheGolden() throws {
        let fixtures = try TemporaryFixtures(scenarioText: scenario(#"{"event": "jump"}"#), golden: "keep\n")
        let outcome = try fixtures.run(.all)
        #expect(outcome.label == "errored")
        #expect(outcome.message.hasPrefix("Fixtures/kittens/x.jsonl:2: field \"event\": unknown event \"jump\""))
        #expect(fixtures.golden == "keep\n")
    }

    @Test func orphanedGoldensAreReported() throws {
        let fixtures = try TemporaryFixtures()
        try "x\n".write(
            to: fixtures.root.appendingPathComponent("kittens/gone.golden.txt"), atomically: true, encoding: .utf8)
        #expect(
            throws: CatalogError(
                message: "orphaned golden files: kittens/gone.golden.txt has no scenario kittens/gone.jsonl")
        ) {
            try fixtures.catalog.entries()
        }
    }

    @Test func recordModeFromTheEnvironment() throws {
        #expect(try RecordMode.fromEnvironment([:]) == .missing)
        #expect(try RecordMode.fromEnvironment(["CONFORMANCE_RECORD": "failed"]) == .failed)
        #expect(
            throws: CatalogError(
                message: "CONFORMANCE_RECORD=sometimes is not a record mode; use one of never, missing, failed, all")
        ) {
            try RecordMode.fromEnvironment(["CONFORMANCE_RECORD": "sometimes"])
        }
        #expect(ConformanceRunner.isCI(["CI": "true"]))
        #expect(!ConformanceRunner.isCI(["CI": "false"]))
        #expect(!ConformanceRunner.isCI([:]))
    }
}

@Suite struct LineDiffTests {
    @Test func equalTextsHaveNoDiff() {
        #expect(LineDiff.unified(golden: "a\n", actual: "a\n", goldenName: "g") == nil)
    }

    @Test func hunksCarryGoldenLineNumbersAndContext() {
        let golden = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let actual = golden.replacingOccurrences(of: "line 5\n", with: "line five\nextra\n")
        #expect(
            LineDiff.unified(golden: golden, actual: actual, goldenName: "g.txt") == """
                --- g.txt (golden)
                +++ actual transcript
                @@ -2,7 +2,8 @@
                   2 | line 2
                   3 | line 3
                   4 | line 4
                -  5 | line 5
                +    | line five
                +    | extra
                   6 | line 6
                   7 | line 7
                   8 | line 8

                """)
    }

    /// A hunk's header names the step its first change belongs to, as `git diff` names a
    /// function: the nearest `> ` line at or before the change, the changed line itself included.
    @Test func aHunkNamesTheStepOfItsFirstChange() {
        let golden =
            "# k/x\n# d\n> 1 create\n  request #1 load()\n> 2 start\n  render A\n    n: 1\n    m: 2\n    o: 3\n    p: 4\n    q: 5\n> 3 stop\n"
        let actual = golden.replacingOccurrences(of: "    q: 5\n", with: "    q: 6\n")
        let diff = LineDiff.unified(golden: golden, actual: actual, goldenName: "g", context: 1) ?? ""
        #expect(diff.contains("\n@@ -10,3 +10,3 @@ > 2 start\n"), "\(diff)")
        let echo = golden.replacingOccurrences(of: "> 3 stop", with: "> 3 destroy")
        let own = LineDiff.unified(golden: golden, actual: echo, goldenName: "g", context: 1) ?? ""
        #expect(own.contains("\n@@ -11,2 +11,2 @@ > 3 stop\n"), "a step line that changes is its own step: \(own)")
        let plain = LineDiff.unified(golden: "a\nb\n", actual: "a\nc\n", goldenName: "g") ?? ""
        #expect(plain.contains("\n@@ -1,2 +1,2 @@\n"), "no step line, no name: \(plain)")
    }

    @Test func aMissingFinalNewlineIsNamedAsGitDoes() {
        #expect(
            LineDiff.unified(golden: "a", actual: "a\n", goldenName: "g") == """
                --- g (golden)
                +++ actual transcript
                @@ -1,1 +1,1 @@
                - 1 | a
                \\ No newline at end of file
                +   | a

                """)
    }
}
