import ConformanceKit
import Foundation
import MVITestSupport
import Testing

/// Subject: real child processes speaking the adapter protocol. Timeouts are generous (a loaded
/// 2-core machine, the thread sanitizer), except where the timeout itself is tested; nothing sleeps here.
@Suite(.requires(PortFixtures.python != nil, "the Python port needs python3 on PATH"))
struct PortProtocolTests {
    static let target = "kittens/reload-while-loading"
    static let after = "timer/set-and-start"

    @Test func pythonPortPassesEveryScenarioOfItsFeatures() throws {
        let run = try PortFixtures.run(
            PortFixtures.portCommand, try PortFixtures.corpus.entries().map(\.id), catalog: PortFixtures.corpus)
        #expect(run.implementation?.name == "python-port")
        // Every feature the runner knows, every scenario passed: no skips, no expected failures.
        let features = Set(try PortFixtures.corpus.entries().map(\.feature))
        #expect(run.implementation?.features == features.sorted())
        #expect(features == ["images", "kittens", "news", "news-app", "timer"])
        let notPassed = run.results.filter { $0.outcome != .passed }
        #expect(notPassed.isEmpty, "\(notPassed.map { "\($0.id): \($0.outcome.message)" })")
        #expect(run.results.count >= 121)
    }

    /// Each misbehaviour happens in answer to `target`'s `run`; the message names the scenario's file.
    @Test(arguments: [
        // A hang waits out the timeout under test, so it is short here; the other cases never wait for it.
        ("hang", 5.0, ["no reply within the scenario's timeout of 5 s: the port \"python3 -B ", " was stopped"]),
        (
            "crash", 60.0,
            ["the port exited before replying (exit status 3)", "\n  | boom: the port fell over at step 2"]
        ),
        ("garbage", 60.0, ["the port wrote a line that is not a JSON object", "\"hello, this is not JSON\""]),
        // start is seq 1, the scenario's run 2.
        ("wrong-seq", 60.0, ["wrong sequence number: expected seq 2, the reply has seq 102"]),
    ])
    func misbehavingPortIsReportedAtItsStepAndRestartedForTheNextScenario(
        mode: String, timeout: Double, expected: [String]
    ) throws {
        let run = try PortFixtures.run(
            try PortFixtures.misbehaving(mode, in: Self.target), [Self.target, Self.after], timeout: timeout)
        let broken = try #require(run.result(Self.target))
        #expect(broken.outcome.label == "errored")
        #expect(
            broken.outcome.message.hasPrefix("PortFixtures/kittens/reload-while-loading.jsonl: "),
            "\(broken.outcome.message)")
        for text in expected { #expect(broken.outcome.message.contains(text), "\(broken.outcome.message)") }
        #expect(run.result(Self.after)?.outcome == .passed, "the run goes on with a new port process")
    }

    /// A copy of the Python port with one changed rule: a reload no longer cancels the load in
    /// flight (and says so on standard error).
    static func kittensThatDoNotCancel() throws -> String {
        try PortFixtures.brokenCopy(
            file: "mviport/kittens.py",
            replacing: "            self.in_flight.cancel()\n        self.dispatch((\"started\",))",
            with:
                "            print(\"reload keeps the old load\", file=__import__(\"sys\").stderr)\n        self.dispatch((\"started\",))"
        )
    }

    @Test func brokenCopyOfThePythonPortFailsAtTheFirstDivergingStep() throws {
        let broken = try Self.kittensThatDoNotCancel()
        let run = try PortFixtures.run(broken, [Self.target, "kittens/load-on-create"])
        let failed = try #require(run.result(Self.target))
        #expect(failed.outcome.label == "failed")
        #expect(failed.firstDifference == FirstDifference(step: 4, scenarioLine: 5, goldenLine: 12))
        let message = failed.outcome.message
        #expect(
            message.hasPrefix(
                "kittens/reload-while-loading: the transcript differs from PortFixtures/kittens/reload-while-loading.golden.txt\n"
                    + "--- PortFixtures/kittens/reload-while-loading.golden.txt (golden)"), "\(message)")
        #expect(message.contains("- 12 |   cancel #1"))
        #expect(!message.contains("re-record"), "a port's failure is the port's to fix, not the golden's")
        #expect(message.hasSuffix("\nthe port's standard error:\n  | reload keeps the old load"))
        #expect(
            run.result("kittens/load-on-create")?.outcome == .passed, "the rule only matters when a load is replaced")
        #expect(run.results.filter(\.failsTheRun).map(\.id) == [Self.target])
    }

    @Test func expectedFailureDoesNotFailTheRunButAnUnexpectedPassDoes() throws {
        let broken = try Self.kittensThatDoNotCancel()
        let expected = ExpectedFailures(reasons: [
            Self.target: "reloads do not cancel yet", "kittens/load-on-create": "thought broken",
        ])
        let run = try PortFixtures.run(broken, [Self.target, "kittens/load-on-create"], expected: expected)
        #expect(run.result(Self.target)?.failsTheRun == false)
        #expect(run.result(Self.target)?.expectedFailure == "reloads do not cancel yet")
        #expect(run.result("kittens/load-on-create")?.failsTheRun == true, "an expected failure that passes is flagged")
    }

    @Test func featureThePortLacksIsSkippedNotFailed() throws {
        let lacking = try PortFixtures.brokenCopy(
            file: "mviport/protocol.py", replacing: "(Kittens, Timer, News, NewsApp, Images)", with: "(Kittens,)")
        let run = try PortFixtures.run(lacking, [Self.after, Self.target])
        #expect(
            run.result(Self.after)?.outcome
                == .skipped("python-port does not implement the feature timer", declared: false))
        #expect(run.result(Self.after)?.failsTheRun == false)
        #expect(run.result(Self.target)?.outcome == .passed)
    }

    @Test func aSkipOfAFeatureThePortDeclaresFailsTheRunUnlessExpected() throws {
        let skipping = try PortFixtures.misbehaving("skip", in: Self.target)
        let run = try PortFixtures.run(skipping, [Self.target, Self.after])
        #expect(run.result(Self.target)?.outcome == .skipped("not yet (#7)", declared: true))
        #expect(run.failing.map(\.id) == [Self.target])
        #expect(run.result(Self.after)?.outcome == .passed, "the conversation goes on after a skip")
        let expected = ExpectedFailures(reasons: [Self.target: "reloads come later"])
        #expect(try PortFixtures.run(skipping, [Self.target], expected: expected).failing.isEmpty)
    }

    /// An `errored` answer names the step it stopped at (docs/porting.md, "The protocol"): the
    /// message gives that step and its line, and the same port process goes on with the next scenario.
    @Test func anErroredAnswerNamesItsStepAndThePortGoesOn() throws {
        let erroring = try PortFixtures.misbehaving("error", in: Self.target)
        let run = try PortFixtures.run(erroring, [Self.target, Self.after])
        let errored = try #require(run.result(Self.target))
        #expect(
            errored.outcome
                == .errored(
                    "the port errored at step 2 (PortFixtures/kittens/reload-while-loading.jsonl:3): cannot do step 2"))
        #expect(errored.steps == 1, "the steps before the one it stopped at")
        #expect(run.result(Self.after)?.outcome == .passed, "\(String(describing: run.result(Self.after)))")
    }

    @Test func aReplyLineOverTheLimitIsRefusedWithoutWaitingForItsEnd() throws {
        // Answers start with 17 MiB and no newline, then waits: the runner must not wait for the rest.
        let flood =
            #"python3 -c "import sys, threading; sys.stdin.readline(); sys.stdout.write('x' * (17 << 20)); sys.stdout.flush(); threading.Event().wait()""#
        let run = try PortFixtures.run(flood, [Self.target])
        #expect(
            run.result(Self.target)?.outcome
                == .errored("the handshake: the port wrote a line longer than 16777216 bytes without a newline"))
    }

    /// A port that shakes hands and then reads nothing: the scenario (over a mebibyte, more than a
    /// pipe holds) cannot be written whole, and the runner stops the port at the time limit
    /// instead of waiting in the write.
    @Test(.timeLimit(.minutes(1))) func aPortThatReadsNothingIsStoppedAtTheTimeLimit() throws {
        let script = try PortFixtures.temporaryDirectory().appendingPathComponent("deaf.py")
        try """
        import json, sys, time
        message = json.loads(sys.stdin.readline())
        implementation = {"name": "deaf", "language": "python", "version": "1", "features": ["kittens"], "issues": "-"}
        print(json.dumps({"seq": message["seq"], "version": 2, "implementation": implementation}), flush=True)
        time.sleep(600)
        """.write(to: script, atomically: true, encoding: .utf8)
        let big = "kittens/a-body-over-one-mebibyte-is-read"
        let run = try PortFixtures.run(
            "python3 -B \(PortFixtures.quoted(script.path))", [big], timeout: 3, catalog: PortFixtures.corpus)
        let result = try #require(run.result(big))
        #expect(
            result.outcome.message.hasPrefix(
                "Fixtures/kittens/a-body-over-one-mebibyte-is-read.jsonl: no reply within the scenario's timeout of 3 s"
            ),
            "\(result.outcome.message)")
    }

    @Test func portThatCannotStartErrorsEveryScenarioAndNamesWhy() throws {
        let run = try PortFixtures.run("exit 7", [Self.target, Self.after])
        #expect(run.implementation == nil)
        #expect(run.results.map(\.outcome.label) == ["errored", "errored"])
        #expect(
            run.results[0].outcome.message.contains(
                "the handshake: the port exited before replying (exit status 7)"))
    }

    @Test func runCommandWithAnAdapterPrintsWritesReportsAndMeetsExpectations() throws {
        let folder = try PortFixtures.temporaryDirectory()
        let expected = folder.appendingPathComponent("expected.txt")
        try "kittens/renamed-long-ago  was flaky\n".write(to: expected, atomically: true, encoding: .utf8)
        let json = folder.appendingPathComponent("port.json")
        let markdown = folder.appendingPathComponent("port.md")
        let run = CommandRun([
            "run", "kittens/load-on-create", "--fixtures", PortFixtures.fixtures.path, "--adapter",
            PortFixtures.portCommand, "--timeout", "60",
            "--expected-failures", expected.path, "--json", json.path, "--markdown", markdown.path,
        ])
        #expect(run.status == 0, "\(run.out)\(run.err)")
        #expect(run.out.hasPrefix("pass  kittens/load-on-create\n"))
        #expect(run.out.hasSuffix("1 passed, 0 failed\n"), "\(run.out)")
        #expect(run.err.contains("lists kittens/renamed-long-ago, which is not among the scenarios run"))
        let report = try Reports.read(try Data(contentsOf: json), file: json.path)
        #expect(report.implementation?.name == "python-port")
        #expect(report.features.map(\.counts.passed) == [1])
        #expect(try String(contentsOf: markdown, encoding: .utf8).contains("| kittens | 1 | 0 | 0 | 0 | 100% |"))
    }

    @Test func expectedFailureThatPassesFailsTheCommand() throws {
        let expected = try PortFixtures.temporaryDirectory().appendingPathComponent("expected.txt")
        try "kittens/load-on-create  thought broken\n".write(to: expected, atomically: true, encoding: .utf8)
        let run = CommandRun([
            "run", "kittens/load-on-create", "--fixtures", PortFixtures.fixtures.path, "--adapter",
            PortFixtures.portCommand, "--timeout", "60",
            "--expected-failures", expected.path,
        ])
        #expect(run.status == 1)
        #expect(
            run.out.contains(
                "UNEXPECTED PASS  kittens/load-on-create\n    listed as an expected failure, but it passes now"))
        #expect(run.out.hasSuffix("0 passed, 1 failed (1 unexpected pass)\n"), "\(run.out)")
    }
}

/// The compliance table in Ports/python/README.md counts what the corpus holds today.
@Suite struct PythonPortReadmeTests {
    @Test func aMismatchNamesTheFileTheRowAndTheFix() {
        #expect(
            Self.mismatch(feature: "kittens", readme: 29, corpus: 31)
                == "Ports/python/README.md's compliance table says the port passes 29 kittens scenarios, but "
                + "Fixtures/kittens/ holds 31: change the kittens row to 31 once the port "
                + "passes them, or remove the scenarios you recorded and do not mean to commit "
                + "(docs/first-ten-minutes.md, \"Before swift test\")")
    }

    @Test func theComplianceTableCountsTheCorpusAsItIs() throws {
        let readme = try String(
            contentsOf: PortFixtures.pythonPort.appendingPathComponent("README.md"), encoding: .utf8)
        let rows = readme.matches(of: /\n\| ([a-z-]+) \| (\d+) \| 0 \| 0 \| 0 \| 100% \|/).map {
            (String($0.output.1), Int($0.output.2)!)
        }
        #expect(!rows.isEmpty, "no compliance rows found")
        let entries = try PortFixtures.corpus.entries()
        for (feature, passed) in rows {
            let count = entries.filter { $0.feature == feature }.count
            #expect(passed == count, "\(Self.mismatch(feature: feature, readme: passed, corpus: count))")
        }
    }

    /// What to do when the table and the corpus disagree, as a newcomer who recorded a scenario meets it.
    static func mismatch(feature: String, readme: Int, corpus: Int) -> String {
        "Ports/python/README.md's compliance table says the port passes \(readme) \(feature) scenarios, but "
            + "Fixtures/\(feature)/ holds \(corpus): change the \(feature) row to \(corpus) "
            + "once the port passes them, or remove the scenarios you recorded and do not mean to commit "
            + "(docs/first-ten-minutes.md, \"Before swift test\")"
    }
}
