import FixtureFormat
import Foundation
import MVITestSupport
import ReferenceFeatures
import ReplaySeam
import Testing

@testable import ConformanceCLI
@testable import ConformanceFuzzing
@testable import ConformanceHTML
@testable import ConformanceKit

/// The generator, the invariants and the shrinker of `conformance fuzz` (docs/fuzzing.md).
@Suite struct FuzzerTests {
    /// CI/tsan.sh and CI/asan.sh set `MVI_SANITIZER`: the suites that drive the Python port by the
    /// thousand are left to the plain test stage there, and these generate fewer scenarios.
    static let underSanitizer = !(ProcessInfo.processInfo.environment["MVI_SANITIZER"] ?? "").isEmpty

    /// The corpus, read anew for each fuzzer: parsed scenarios hold their answers' bytes, and a
    /// process-wide copy still held at exit was reported by LeakSanitizer as 152 leaked `Data`
    /// buffers (Swift 6.3.1 on Linux: the checker did not find them through the static), which
    /// failed the ASan stage.
    static var corpus: [Scenario] {
        guard let catalog = Corpus.catalog, let entries = try? catalog.entries() else { return [] }
        return entries.compactMap { entry in
            guard let text = try? ScenarioText.read(entry.scenarioURL, path: entry.id) else { return nil }
            return try? TestFeatures.replayer.read(text, file: entry.id)
        }
    }

    static func fuzzer(port: (any Implementation)? = nil, maxSteps: Int = 30) -> Fuzzer {
        Fuzzer(features: .reference, corpus: corpus, port: port, maxSteps: maxSteps)
    }

    @Test func theSameSeedGivesTheSameScenarioAndAnotherSeedAnother() {
        let fuzzer = Self.fuzzer()
        for feature in FeatureRegistry.reference.names {
            let first = fuzzer.generate(feature: feature, seed: 42)
            let again = fuzzer.generate(feature: feature, seed: 42)
            let other = fuzzer.generate(feature: feature, seed: 43)
            #expect(first.events == again.events, "\(feature)")
            #expect(first.events != other.events, "\(feature)")
            #expect(first.events.first == ["event": "create"])
            #expect(first.events.count > 5, "\(feature): \(first.events.count) events")
        }
    }

    @Test(arguments: FeatureRegistry.reference.names)
    func generatedScenariosAreValidAndTheReferenceHoldsItsInvariants(feature: String) {
        let fuzzer = Self.fuzzer()
        for seed in UInt64(1)...(Self.underSanitizer ? 5 : 25) {
            let (header, events) = fuzzer.generate(feature: feature, seed: seed)
            switch fuzzer.judge(header: header, events: events) {
            case .holds: break
            case .invalid: Issue.record("\(feature) seed \(seed): the generated scenario does not read")
            case .failed(let failure): Issue.record("\(feature) seed \(seed): \(failure)")
            }
        }
    }

    /// A corpus value over 64 KiB is no hint: the megabyte of urls of
    /// kittens/a-body-over-one-mebibyte-is-read, rendered a few times by a generated scenario,
    /// passed the 8 MiB transcript bound on the reference.
    @Test func aCorpusValueOverSixtyFourKibibytesIsNoHint() throws {
        let kittens = try #require(FeatureRegistry.reference["kittens"])
        let corpus = Self.corpus.filter { $0.feature == "kittens" }
        let largest = corpus.flatMap(\.events).compactMap { $0.object["urls"]?.compactText.utf8.count }.max() ?? 0
        #expect(largest > FeatureDescription.maximumHintBytes, "the corpus holds a value over the bound")
        let hints = FeatureDescription(kittens, corpus: corpus).hints
        #expect((hints["urls"] ?? []).count > 1, "the other urls are hints")
        for (name, values) in hints {
            for value in values {
                #expect(value.compactText.utf8.count <= FeatureDescription.maximumHintBytes, "\(name)")
            }
        }
    }

    @Test func aScenarioThatBreaksAReplayRuleIsNoScenarioForTheShrinker() {
        let fuzzer = Self.fuzzer()
        let header = fuzzer.generate(feature: "kittens", seed: 1).header
        // An answer to a request never made: the reference errors, so against a port it is invalid,
        // and alone it is a finding of kind errored.
        let events: [JSONObject] = [["event": "create"], ["event": "respond", "request": 9, "urls": []]]
        guard case .failed(let failure) = fuzzer.judge(header: header, events: events) else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.kind == .errored)
        #expect(failure.message.contains("request #9 was never made"))
        #expect(fuzzer.judge(header: header, events: [["event": "start"]]).isInvalid, "create must come first")
    }

    @Test func theShrinkerKeepsOnlyWhatTheFailureNeedsThenSimplerValues() {
        let events: [JSONObject] =
            [["event": "create"]] + (1...20).map { ["event": "advance", "ms": .integer($0 * 100)] }
        // Fails while the advances of 700 and 1300 ms (or less) are both there.
        let shrunk = Shrinker(deadline: Date().addingTimeInterval(30)) { candidate in
            let ms = candidate.compactMap { $0["ms"]?.wholeNumber }
            return ms.contains(700) && ms.contains { $0 >= 1_300 && $0 < 1_400 }
        }.shrink(events)
        #expect(shrunk == [["event": "create"], ["event": "advance", "ms": 700], ["event": "advance", "ms": 1300]])
        let simpler = Shrinker(deadline: Date().addingTimeInterval(30)) { candidate in candidate.count == 2 }
            .shrink([["event": "create"], ["event": "advance", "ms": 5000], ["event": "advance", "ms": 1]])
        #expect(simpler == [["event": "create"], ["event": "advance", "ms": 0]], "one event, its value the simplest")
    }

    /// The `again:` line repeats what makes the same seed give the same scenario: the corpus in
    /// use (once left out, so that elsewhere the seed made `"config": {}` instead of `{"seed": 42}`),
    /// the step limit and the port.
    @Test func theAgainLineNamesTheFixturesFolderInUse() {
        let command = ConformanceCommand(features: TestFeatures.registry)
        let elsewhere = FixtureCatalog(root: URL(fileURLWithPath: "/tmp/x/Fixtures"), displayRoot: "../x/Fixtures")
        #expect(
            command.again("timer", seed: 7, catalog: elsewhere, adapter: nil)
                == "conformance fuzz timer --seed 7 --runs 1 --fixtures ../x/Fixtures")
        let spaced = FixtureCatalog(root: URL(fileURLWithPath: "/tmp/my fixtures"), displayRoot: "/tmp/my fixtures")
        #expect(
            command.again("timer", seed: 7, catalog: spaced, maxSteps: 12, adapter: "python3 port.py")
                == "conformance fuzz timer --seed 7 --runs 1 --fixtures '/tmp/my fixtures' --max-steps 12 --adapter 'python3 port.py'"
        )
        let here = FixtureCatalog(
            root: URL(fileURLWithPath: "/w/Fixtures"), displayRoot: "Fixtures", needsOption: false)
        #expect(
            command.again("timer", seed: 7, catalog: here, adapter: nil)
                == "conformance fuzz timer --seed 7 --runs 1",
            "the working folder's ./Fixtures is found without the option")
    }

    /// A value inside `payload` is a field too, and a number is halved for as long as half of it
    /// still fails: `-208031821` once stayed in a written fixture.
    @Test func theShrinkerSimplifiesValuesInsideNestedObjectsAndLists() {
        let events: [JSONObject] = [
            ["event": "create"],
            [
                "event": "dispatch",
                "payload": ["minutes": -208_031_821, "seconds": 4_242, "label": "a long label", "laps": [7, -9, 3]],
            ],
        ]
        // Fails while the minutes are negative and the second lap is below -1.
        let shrunk = Shrinker(deadline: Date().addingTimeInterval(30)) { candidate in
            guard case .object(let payload)? = candidate.last?["payload"],
                let minutes = payload["minutes"]?.wholeNumber,
                case .array(let laps)? = payload["laps"], laps.count > 1, let lap = laps[1].wholeNumber
            else { return false }
            return minutes < 0 && lap < -1
        }.shrink(events)
        #expect(
            shrunk == [
                ["event": "create"],
                ["event": "dispatch", "payload": ["minutes": -1, "seconds": 0, "label": "", "laps": [0, -2, 0]]],
            ])
    }
}

/// Subject: the Python port in a child process, with one rule broken; generous limits.
@Suite(
    .requires(PortFixtures.python != nil, "the Python port needs python3 on PATH"),
    .disabled(
        if: FuzzerTests.underSanitizer,
        "runs in the plain test stage: under a sanitizer it checks the port, not our memory"))
struct FuzzerPortTests {
    @Test func aPortWithOneRuleBrokenIsCaughtAndShrunkToAFewSteps() throws {
        let broken = try PortProtocolTests.kittensThatDoNotCancel()
        let port = AdapterImplementation(command: broken, directory: PortFixtures.root)
        defer { port.stop() }
        let fuzzer = FuzzerTests.fuzzer(port: port)
        var finding: Fuzzer.Finding?
        for seed in UInt64(1)...200 where finding == nil {
            finding = fuzzer.check(feature: "kittens", seed: seed, shrinkFor: 60)
        }
        let found = try #require(finding, "200 scenarios never reloaded during a load")
        #expect(found.failure.kind == .diverged)
        #expect(found.shrunk.count <= 8, "\(found.shrunk.map { JSONValue.object($0).compactText })")
        #expect(found.shrunk.count < found.original.count)
        let fixture = try #require(fuzzer.fixture(found))
        #expect(fixture.scenario.hasPrefix("{\"format\":1,\"id\":\"kittens/fuzz-\(found.seed)\""))
        #expect(fixture.golden.contains("  cancel #1"), "the reference's golden shows the cancel the port leaves out")
    }

    /// A port that knowingly breaks one rule fails nearly every scenario the same way: without a way
    /// on, the fuzzer stops the feature at the first; `--keep-going` goes on and names repeats,
    /// `--known` steps over the shrunk scenario listed, so the rest of the feature is still fuzzed.
    @Test func keepGoingAndKnownDivergencesFuzzPastTheFirstFailure() throws {
        let port = "MVI_PORT_MUTATION=kittens-reload-keeps-load \(PortFixtures.portCommand)"
        let folder = try PortFixtures.temporaryDirectory()
        let out = folder.appendingPathComponent("findings").path
        let base = ["fuzz", "kittens", "--adapter", port, "--seed", "1", "--runs", "8", "--out", out]

        let stopped = CommandRun(base)
        #expect(stopped.status == 1)
        #expect(
            stopped.out.components(separatedBy: "\nFAIL  kittens").count == 2,
            "one failure, then the feature stops: \(stopped.out)")
        #expect(stopped.out.contains("fuzz: 1 scenario ("), "\(stopped.out)")
        // Beside the fixture, what it does not hold: the divergence and the commands, for the HTML report.
        let record = try FindingRecord.read(
            Data(contentsOf: URL(fileURLWithPath: out + "/kittens/fuzz-1.finding.json")), file: "fuzz-1.finding.json")
        #expect(record.kind == "diverged" && record.feature == "kittens" && record.seed == "1")
        #expect(record.reference?.contains("  cancel #1") == true && record.port?.contains("  cancel #1") == false)
        #expect(record.shrunkSteps <= record.originalSteps && record.step <= record.shrunkSteps)
        #expect(record.again.hasPrefix("conformance fuzz kittens --seed 1 --runs 1"), "\(record.again)")
        #expect(
            record.replay == "conformance run --fixtures \(FixtureCatalog.shellQuoted(out)) kittens/fuzz-1 --adapter "
                + FixtureCatalog.shellQuoted(port))
        let findings = try HTMLReport.findings(in: URL(fileURLWithPath: out), shownAs: "findings")
        #expect(findings.map(\.file) == ["findings/kittens/fuzz-1.jsonl"])

        let going = CommandRun(base + ["--keep-going"])
        #expect(going.status == 1)
        let failures = going.out.components(separatedBy: "\nFAIL  kittens").count - 1
        #expect(failures >= 2, "\(going.out)")
        #expect(going.out.contains("fuzz: 8 scenarios ("), "every scenario runs: \(going.out)")
        #expect(going.out.contains("    the same shrunk scenario as seed 1: not written again"), "\(going.out)")
        let written = try FileManager.default.contentsOfDirectory(atPath: out + "/kittens").filter {
            $0.hasSuffix(".jsonl")
        }
        #expect(written == ["fuzz-1.jsonl"], "a repeat is not written again")

        let list = folder.appendingPathComponent("known.txt")
        try "# kittens: a reload keeps the load (kittens.md, step 1)\nfindings/kittens/fuzz-1.jsonl\n".write(
            to: list, atomically: true, encoding: .utf8)
        let stepped = CommandRun(base + ["--known", list.path])
        #expect(stepped.status == 0, "every failure is the known one: \(stepped.out)\(stepped.err)")
        #expect(
            stepped.out.contains(
                "known kittens, seed 1: diverged, shrunk to findings/kittens/fuzz-1.jsonl; stepped over"),
            "\(stepped.out)")
        #expect(
            stepped.out.contains("fuzz: 8 scenarios (")
                && stepped.out.contains(" 0 failing, \(failures) known stepped over; seed 1\n"), "\(stepped.out)")
    }

    /// `--jobs`: a feature's seeds checked on several lanes, each with a port of its own, are told
    /// in their order, so the output and the findings written are those of one lane: the run that
    /// stops at its first failure drops what the other lanes found after it.
    @Test(arguments: [[], ["--keep-going"]])
    func threeLanesGiveWhatOneGives(extra: [String]) throws {
        let port = "MVI_PORT_MUTATION=kittens-reload-keeps-load \(PortFixtures.portCommand)"
        let folder = try PortFixtures.temporaryDirectory()
        var outputs: [String] = []
        var files: [[String: String]] = []
        for jobs in ["1", "3"] {
            let out = folder.appendingPathComponent("findings-\(jobs)").path
            let run = CommandRun(
                ["fuzz", "kittens", "--adapter", port, "--seed", "1", "--runs", "8", "--out", out, "--jobs", jobs]
                    + extra)
            #expect(run.status == 1, "\(run.out)\(run.err)")
            // The times aside, and the folder each run was told to write to.
            outputs.append(
                run.out.replacingOccurrences(of: out, with: "OUT").replacingOccurrences(
                    of: #" in [0-9.]+ s,"#, with: " in T s,", options: .regularExpression))
            var written: [String: String] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: out + "/kittens") {
                written[name] = try String(contentsOfFile: out + "/kittens/" + name, encoding: .utf8)
                    .replacingOccurrences(of: out, with: "OUT")
            }
            files.append(written)
        }
        #expect(outputs[0] == outputs[1])
        #expect(files[0] == files[1])
        #expect(outputs[0].contains("FAIL  kittens, seed 1:"), "\(outputs[0])")
    }

    @Test func theUnbrokenPortHoldsForAFixedSeed() throws {
        let port = AdapterImplementation(command: PortFixtures.portCommand, directory: PortFixtures.root)
        defer { port.stop() }
        let fuzzer = FuzzerTests.fuzzer(port: port)
        for feature in FeatureRegistry.reference.names {
            for seed in UInt64(1)...20 {
                if let finding = fuzzer.check(feature: feature, seed: seed) {
                    Issue.record("\(feature) seed \(seed): \(finding.failure)")
                }
            }
        }
    }
}

extension Fuzzer.Verdict {
    var isInvalid: Bool { if case .invalid = self { true } else { false } }
}

/// `conformance fuzz`'s command line: mistakes are usage errors that name the option.
@Suite struct FuzzCommandTests {
    @Test(arguments: [
        (["fuzz", "--runs", "0"], "--runs 0: expected a whole number from 1 to 1000000"),
        (["fuzz", "--seed", "abc"], "--seed abc: expected a whole number from 0 to 18446744073709551615"),
        (["fuzz", "weather"], "unknown feature weather; known: demo-app, images, kittens, news, news-app, timer\n"),
        (
            ["fuzz", "kitten"],
            "unknown feature kitten; known: demo-app, images, kittens, news, news-app, timer; did you mean kittens?\n"
        ),
        (["fuzz", "--time-budget", "-1"], "--time-budget -1: expected a number of seconds above 0"),
        (["fuzz", "--max-steps", "0"], "--max-steps 0: expected a whole number from 1 to 10000"),
        (["fuzz", "--adapter", " "], "--adapter needs a command"),
        (["fuzz", "--known", "/nonexistent/known.txt"], "--known: /nonexistent/known.txt: cannot read the file"),
        (["fuzz", "--jobs", "0"], "--jobs 0: expected a whole number of scenarios at once, from 1 to 256"),
    ])
    func mistakesAreUsageErrors(arguments: [String], message: String) {
        let run = CommandRun(arguments)
        #expect(run.status == 2)
        #expect(run.err.contains("conformance: \(message)"), "\(run.err)")
    }

    /// The corpus is only hints, but a fixtures folder that is named and cannot be read is an
    /// error that names it, not a run on the schemas alone.
    @Test func aNamedFixturesFolderThatCannotBeReadIsAnErrorNamingIt() throws {
        let missing = CommandRun(["fuzz", "timer", "--runs", "1", "--fixtures", "/nonexistent/fixtures"])
        #expect(missing.status == 2)
        #expect(
            missing.err.hasPrefix(
                "conformance: no Fixtures folder found (looked in: /nonexistent/fixtures from --fixtures)"),
            "\(missing.err)")
        #expect(missing.out.isEmpty, "nothing fuzzed: \(missing.out)")

        let folder = try PortFixtures.temporaryDirectory().appendingPathComponent("Fixtures")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("timer"), withIntermediateDirectories: true)
        try "{not json\n".write(
            to: folder.appendingPathComponent("timer/broken.jsonl"), atomically: true, encoding: .utf8)
        let broken = CommandRun(["fuzz", "timer", "--runs", "1", "--fixtures", folder.path])
        #expect(broken.status == 2)
        #expect(broken.err.hasPrefix("conformance: timer/broken"), "the error names the scenario: \(broken.err)")
    }

    @Test func progressShowsOnATerminalOnly() {
        let terminal = CommandRun(["fuzz", "timer", "--seed", "3", "--runs", "2"], terminal: true)
        #expect(terminal.out.contains("timer: 2/2, "), "\(terminal.out)")
        #expect(terminal.out.contains(" steps/s, 0 failing"))
        let quiet = CommandRun(["fuzz", "timer", "--seed", "3", "--runs", "2"])
        #expect(
            !quiet.out.contains("steps/s") && !quiet.out.contains("\u{1B}"),
            "no progress line when not on a terminal (CI)")
    }

    @Test func aRunPrintsItsSeedAndFindsNothingInTheReference() {
        let run = CommandRun(["fuzz", "timer", "--seed", "9", "--runs", "5"])
        #expect(run.status == 0, "\(run.out)\(run.err)")
        #expect(
            run.out.hasPrefix(
                "fuzz: timer, 5 scenarios each from seed 9, the reference's invariants only (no error, the same outputs twice, "
                    + "no request left pending, a bounded transcript); with --adapter COMMAND, a port against the reference step by step\n"
            ))
        #expect(run.out.contains("fuzz: 5 scenarios ("))
        #expect(run.out.hasSuffix(" s, 0 failing; seed 9\n"))
    }
}
