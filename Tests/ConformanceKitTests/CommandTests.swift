import ConformanceCLI
import ConformanceKit
import FixtureFormat
import Foundation
import ReplaySeam
import Testing

/// Runs the command against a temporary fixtures folder and collects what it prints.
final class CommandRun {
    private(set) var out = ""
    private(set) var err = ""
    let status: Int32

    init(
        _ arguments: [String], fixtures: TemporaryFixtures? = nil, terminal: Bool = false,
        environment: [String: String] = [:],
        name: String = "conformance"
    ) {
        var env = environment
        if let fixtures { env["CONFORMANCE_FIXTURES"] = fixtures.root.path }
        var out = ""
        var err = ""
        let io = ConformanceCommand.IO(out: { out += $0 }, err: { err += $0 }, isTerminal: terminal, environment: env)
        status = ConformanceCommand(name: name, features: TestFeatures.registry).run(arguments, io: io)
        self.out = out
        self.err = err
    }
}

@Suite struct CommandTests {
    @Test func helpPrintsUsage() {
        let run = CommandRun(["--help"])
        #expect(run.status == 0)
        #expect(run.out.hasPrefix("USAGE: conformance"))
    }

    @Test func anAppsCommandNamesItselfInItsHelpAndHints() throws {
        #expect(CommandRun(["--help"], name: "login-conformance").out.hasPrefix("USAGE: login-conformance"))
        let wrong = TemporaryFixtures.expected.replacingOccurrences(of: "isLoading: true", with: "isLoading: false")
        let run = CommandRun(
            ["run", "--record", "never"], fixtures: try TemporaryFixtures(golden: wrong), name: "login-conformance")
        #expect(run.status == 1)
        #expect(
            run.out.contains("re-record with `swift run login-conformance record kittens/x --fixtures "),
            "got: \(run.out)")
        #expect(!run.out.contains("swift run conformance"), "got: \(run.out)")
    }

    @Test func aFuzzFindingsAgainLineNamesTheCommand() {
        let command = ConformanceCommand(name: "login-conformance", features: TestFeatures.registry)
        #expect(command.again("login", seed: 7, adapter: nil) == "login-conformance fuzz login --seed 7 --runs 1")
        #expect(
            command.again("login", seed: 7, adapter: "python3 port.py")
                == "login-conformance fuzz login --seed 7 --runs 1 --adapter 'python3 port.py'")
    }

    @Test func schemaWritesEachFeaturesSchemasFromItsCodecs() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schema-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = CommandRun(["schema", "kittens", "--out", folder.path], name: "login-conformance")
        #expect(run.status == 0, "\(run.err)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == ["kittens.event.schema.json", "kittens.header.schema.json"])
        let module = try #require(TestFeatures.registry["kittens"])
        let written = try JSONValue.parse(
            String(contentsOf: folder.appendingPathComponent("kittens.event.schema.json"), encoding: .utf8))
        guard case .object(var document) = written,
            case .object(var expected) = ScenarioFormat.schemaDocument(module, for: .event)
        else {
            Issue.record("not an object: \(written)")
            return
        }
        guard case .string(let description)? = document["description"] else {
            Issue.record("no description: \(document)")
            return
        }
        #expect(description.contains("`login-conformance schema`"))
        document["description"] = nil
        expected["description"] = nil
        #expect(document == expected, "the event schema, as the fuzzer reads it")
        let unknown = CommandRun(["schema", "weather", "--out", folder.path], name: "login-conformance")
        #expect(unknown.status == 2)
        #expect(unknown.err.contains("login-conformance: unknown feature weather; known: "), "got: \(unknown.err)")
    }

    @Test(arguments: [
        (["--bogus"], "conformance: unknown option --bogus"),
        (["--shard", "3/2"], "conformance: --shard 3/2: expected I/N with 1 <= I <= N, e.g. 2/4"),
        (["--record", "sometimes"], "conformance: --record sometimes: expected never, missing, failed or all"),
        (["record"], "conformance: record needs the ids or globs of the scenarios to record (use '*' for all)"),
        (["show"], "conformance: show needs exactly one scenario id"),
        (["--junit"], "conformance: --junit needs a value"),
        (["--shard", "0/2"], "conformance: --shard 0/2: expected I/N with 1 <= I <= N, e.g. 2/4"),
        (["--shard=1/0"], "conformance: --shard 1/0: expected I/N with 1 <= I <= N, e.g. 2/4"),
        (["list", "--junit", "x.xml"], "conformance: unknown option --junit for list"),
        (["list", "--json="], "conformance: a report needs a file name"),
        (["record", "x", "--record", "all"], "conformance: unknown option --record for record"),
    ])
    func usageErrorsExitWithTwo(arguments: [String], message: String) {
        let run = CommandRun(arguments)
        #expect(run.status == 2)
        #expect(run.err.hasPrefix(message), "got: \(run.err)")
    }

    @Test func versionIsThePackagesVersion() {
        let run = CommandRun(["--version"])
        #expect(run.status == 0)
        #expect(run.out == "conformance 0.2.0\n")
    }

    @Test func listWritesItsJSONFile() throws {
        let fixtures = try TemporaryFixtures(golden: TemporaryFixtures.expected)
        let url = fixtures.root.deletingLastPathComponent().appendingPathComponent("list.json")
        let run = CommandRun(["list", "--json", url.path], fixtures: fixtures)
        #expect(run.status == 0)
        let list = try JSONDecoder().decode(Reports.ScenarioList.self, from: Data(contentsOf: url))
        #expect(
            list
                == Reports.ScenarioList(scenarios: [
                    Reports.ListedScenario(id: "kittens/x", feature: "kittens", description: "d")
                ]))
    }

    /// Its folder missing, the JSON file is refused before anything is listed (a usage error).
    @Test func listFailsWhenItsJSONFileCannotBeWritten() throws {
        let fixtures = try TemporaryFixtures(golden: TemporaryFixtures.expected)
        let run = CommandRun(
            ["list", "--json", fixtures.root.appendingPathComponent("missing-folder/list.json").path],
            fixtures: fixtures)
        #expect(run.status == 2)
        #expect(run.err.contains("missing-folder does not exist; nothing was run"), "\(run.err)")
        #expect(run.out.isEmpty)
    }

    @Test func runPrintsATableAndTheClosingLine() throws {
        let fixtures = try TemporaryFixtures(golden: TemporaryFixtures.expected)
        let run = CommandRun([], fixtures: fixtures)
        #expect(run.status == 0)
        #expect(run.out.contains("pass  kittens/x\n"))
        #expect(run.out.contains("| kittens | 1 | 0 | 0 | 0 | 100% |\n"))
        #expect(run.out.hasSuffix("1 passed, 0 failed\n"))
        #expect(!run.out.contains("\u{1B}"), "no colour or progress codes when not on a terminal")
    }

    @Test func aFailureExitsWithOneAndShowsTheDiff() throws {
        let fixtures = try TemporaryFixtures(golden: "stale\n")
        let run = CommandRun(["run", "kittens/*"], fixtures: fixtures)
        #expect(run.status == 1)
        #expect(run.out.contains("FAILED  kittens/x\n"))
        // The path names the folder in use, so that it opens from where the command ran.
        #expect(run.out.contains("    --- \(fixtures.root.path)/kittens/x.golden.txt (golden)"), "\(run.out)")
        #expect(
            run.out.contains("re-record with `swift run conformance record kittens/x --fixtures \(fixtures.root.path)`")
        )
        #expect(run.out.hasSuffix("0 passed, 1 failed\n"))
    }

    /// With --fixtures, every printed path and the JUnit `file` attribute are under that folder as
    /// given; they once said `Fixtures/...` wherever the folder was.
    @Test func pathsAndTheJUnitFileNameTheFixturesFolderInUse() throws {
        let fixtures = try TemporaryFixtures(golden: "stale\n")
        let junit = fixtures.root.deletingLastPathComponent().appendingPathComponent("junit.xml")
        let folder = fixtures.root.path + "/"
        let run = CommandRun(["run", "--fixtures", folder, "--junit", junit.path, "--record", "never"])
        #expect(run.status == 1)
        #expect(
            run.out.contains("kittens/x: the transcript differs from \(fixtures.root.path)/kittens/x.golden.txt"),
            "\(run.out)")
        #expect(run.out.contains("`swift run conformance record kittens/x --fixtures \(fixtures.root.path)`"))
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains(#"file="\#(fixtures.root.path)/kittens/x.jsonl""#), "\(xml)")
        #expect(!xml.contains(#"file="Fixtures/"#))
    }

    @Test func colourOnlyOnATerminalWithoutNoColor() throws {
        let fixtures = try TemporaryFixtures(golden: TemporaryFixtures.expected)
        #expect(CommandRun([], fixtures: fixtures, terminal: true).out.contains("\u{1B}[32m"))
        #expect(
            !CommandRun([], fixtures: fixtures, terminal: true, environment: ["NO_COLOR": "1"]).out.contains(
                "\u{1B}[32m"))
    }

    @Test func aPatternThatMatchesNothingIsAUsageError() throws {
        let fixtures = try TemporaryFixtures(golden: TemporaryFixtures.expected)
        let run = CommandRun(["run", "timer/*"], fixtures: fixtures)
        #expect(run.status == 2)
        #expect(
            run.err
                == "conformance: no scenario in \(fixtures.root.path) matches 'timer/*'; see 'conformance list --fixtures \(fixtures.root.path)'\n"
        )
    }

    /// Names as a person types them: the path the demo prints (the scenario's file or its
    /// golden), a feature's name, options before the subcommand; a typo gets the closest id or
    /// subcommand (issue 49: each once answered `no scenario ... matches`).
    @Test func aScenarioIsNamedByItsPathOrItsFeatureOrSuggested() throws {
        let fixtures = try TemporaryFixtures(golden: TemporaryFixtures.expected)
        let root = fixtures.root.path
        for name in [root + "/kittens/x.jsonl", root + "/kittens/x.golden.txt", "Fixtures/kittens/x.jsonl", "kittens"] {
            let run = CommandRun(["run", name], fixtures: fixtures)
            #expect(run.status == 0, "\(name): \(run.err)")
            #expect(run.out.hasSuffix("1 passed, 0 failed\n"), "\(name): \(run.out)")
        }
        #expect(CommandRun(["show", "Fixtures/kittens/x.jsonl"], fixtures: fixtures).out.hasPrefix("kittens/x: d\n"))

        let elsewhere = try TemporaryFixtures(golden: TemporaryFixtures.expected)
        let outside = CommandRun(["run", elsewhere.root.path + "/kittens/x.jsonl"], fixtures: fixtures)
        #expect(outside.status == 2)
        #expect(
            outside.err.hasPrefix(
                "conformance: \(elsewhere.root.path)/kittens/x.jsonl is not a scenario of the fixtures folder in use, \(root); name its folder with --fixtures"
            ), "\(outside.err)")

        let typo = CommandRun(["run", "kittens/y"], fixtures: fixtures)
        #expect(typo.status == 2)
        #expect(
            typo.err
                == "conformance: no scenario in \(root) matches 'kittens/y' (did you mean 'kittens/x'?); see 'conformance list --fixtures \(root)'\n",
            "\(typo.err)")

        let before = CommandRun(["--fixtures", root, "run", "kittens/*"])
        #expect(before.status == 0, "\(before.err)")
        #expect(before.out.hasSuffix("1 passed, 0 failed\n"), "\(before.out)")

        let lsit = CommandRun(["lsit"], fixtures: fixtures)
        #expect(lsit.status == 2)
        #expect(lsit.err.hasPrefix("conformance: unknown subcommand lsit; expected one of run, list, "), "\(lsit.err)")
        #expect(lsit.err.contains("; did you mean list?\n"), "\(lsit.err)")
    }

    /// A misspelt `--adapter` command once printed the shell's `not found` once per scenario: the
    /// port is tried once, and the scenarios after it are errored without starting it again.
    @Test func aPortThatDoesNotStartIsTriedOnce() throws {
        let fixtures = try TemporaryFixtures(golden: TemporaryFixtures.expected)
        try String(contentsOf: fixtures.root.appendingPathComponent("kittens/x.jsonl"), encoding: .utf8)
            .replacingOccurrences(of: "kittens/x", with: "kittens/y")
            .write(to: fixtures.root.appendingPathComponent("kittens/y.jsonl"), atomically: true, encoding: .utf8)
        let run = CommandRun(["run", "--adapter", "no-such-port-command-49"], fixtures: fixtures)
        #expect(run.status == 1)
        #expect(run.out.components(separatedBy: "no-such-port-command-49: not found").count - 1 == 1, "\(run.out)")
        #expect(
            run.out.contains(
                "ERRORED  kittens/y\n    not run: the port did not start for kittens/x, the first scenario"),
            "\(run.out)")
    }

    @Test func shardsSplitTheScenarios() throws {
        let fixtures = try TemporaryFixtures(golden: TemporaryFixtures.expected)
        #expect(CommandRun(["--shard", "1/2"], fixtures: fixtures).out.hasSuffix("1 passed, 0 failed\n"))
        let empty = CommandRun(["--shard=2/2"], fixtures: fixtures)
        #expect(empty.status == 1, "a shard that selects nothing is not a pass")
        #expect(empty.err.contains("no scenario selected") && empty.err.contains("in shard 2/2"))
    }

    /// `list` shows a scenario's description only if the whole scenario reads: a bad line after
    /// a good header (here the last line's JSON, a field the event does not take, a line of blanks)
    /// lists it as unreadable, in the text and in the JSON.
    @Test func listReadsEveryLineOfAScenario() throws {
        let bad = [#"{"event": "start""#, #"{"event": "start", "ms": 1}"#, " \t"]
        for line in bad {
            let fixtures = try TemporaryFixtures(
                scenarioText: scenario(#"{"event": "create"}"#, #"{"event": "viewCreated"}"#, line))
            let url = fixtures.root.deletingLastPathComponent().appendingPathComponent("list.json")
            let run = CommandRun(["list", "--json", url.path], fixtures: fixtures)
            #expect(run.status == 0)
            #expect(run.out == "kittens/x  (unreadable: see conformance run)\n1 scenario\n", "\(line)")
            let list = try JSONDecoder().decode(Reports.ScenarioList.self, from: Data(contentsOf: url))
            #expect(list.scenarios.map(\.description) == [nil])
        }
    }

    /// `list --jobs N` reads the scenarios on N lanes and prints, and writes as JSON, what one lane
    /// does, in the same order: the corpus, with a scenario that does not read among them.
    @Test func listOnThreeLanesGivesWhatOneGives() throws {
        let catalog = try #require(Corpus.catalog)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("list-lanes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fixtures = folder.appendingPathComponent("Fixtures")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: catalog.root, to: fixtures)
        try scenario(#"{"event": "create"}"#, #"{"event": "start""#)
            .write(to: fixtures.appendingPathComponent("kittens/m-unreadable.jsonl"), atomically: true, encoding: .utf8)
        func list(jobs: String) throws -> (out: String, json: Data) {
            let json = folder.appendingPathComponent("list-\(jobs).json")
            let run = CommandRun(["list", "--fixtures", fixtures.path, "--jobs", jobs, "--json", json.path])
            #expect(run.status == 0, "\(run.err)")
            return (run.out, try Data(contentsOf: json))
        }
        let one = try list(jobs: "1")
        let three = try list(jobs: "3")
        #expect(three.out == one.out)
        #expect(three.json == one.json)
        let lines = one.out.split(separator: "\n").map(String.init)
        #expect(lines.count == Corpus.entries.count + 2, "every scenario, the new one, and the count")
        let unreadable = "kittens/m-unreadable  (unreadable: see conformance run)"
        #expect(lines.filter { $0.hasPrefix("kittens/m-") } == [unreadable])
        #expect(CommandRun(["list", "--jobs", "0"]).err.contains("--jobs 0: expected a whole number"))
    }

    /// A report that cannot be written is refused before the first scenario runs, not after the run.
    @Test(arguments: ["json", "junit", "markdown"])
    func anOutputPathThatCannotBeWrittenIsRefusedBeforeTheRun(option: String) throws {
        let fixtures = try TemporaryFixtures(golden: TemporaryFixtures.expected)
        let missing = "/nonexistent-\(UUID().uuidString)/x.json"
        let run = CommandRun(["run", "--\(option)", missing], fixtures: fixtures)
        #expect(run.status == 2)
        #expect(
            run.err
                == "conformance: --\(option) \(missing): the folder \((missing as NSString).deletingLastPathComponent) "
                + "does not exist; nothing was run\n")
        #expect(run.out.isEmpty, "no scenario ran: \(run.out)")
        let folder = fixtures.root.path
        let list = CommandRun(["list", "--json", folder], fixtures: fixtures)
        #expect(list.status == 2)
        #expect(list.err.contains("--json \(folder): it is a folder; give the name of a file to write"), "\(list.err)")
    }

    @Test func listAndShow() throws {
        let fixtures = try TemporaryFixtures(golden: TemporaryFixtures.expected)
        #expect(CommandRun(["list"], fixtures: fixtures).out == "kittens/x  d\n1 scenario\n")
        let empty = try PortFixtures.temporaryDirectory()
        #expect(
            CommandRun(["list", "--fixtures", empty.path]).out
                == "0 scenarios (searched \(empty.standardizedFileURL.path) for <feature>/<name>.jsonl)\n")
        let show = CommandRun(["show", "kittens/x"], fixtures: fixtures)
        #expect(show.status == 0)
        #expect(show.out.contains("> 3 start    [\(fixtures.root.path)/kittens/x.jsonl:4]\n  render KittenViewModel\n"))
        #expect(show.out.contains("> 2 viewCreated    [\(fixtures.root.path)/kittens/x.jsonl:3]\n  (no reaction)\n"))
    }

    @Test func recordRewritesAndFails() throws {
        let fixtures = try TemporaryFixtures(golden: "stale\n")
        let run = CommandRun(["record", "kittens/x"], fixtures: fixtures)
        #expect(run.status == 1)
        #expect(run.out.contains("RECORDED  kittens/x"))
        #expect(
            run.out.hasSuffix(
                "1 recorded, counted as failed (in the compliance too) until a run verifies it: "
                    + "read the golden, commit it, and run again\n0 passed, 1 failed\n"), "got: \(run.out)")
        #expect(
            run.out.contains("| kittens | 0 | 1 | 0 | 0 | 0% |"), "the table counts the recording as failed: \(run.out)"
        )
        #expect(fixtures.golden == TemporaryFixtures.expected)
        let again = CommandRun(["run", "kittens/x"], fixtures: fixtures)
        #expect(again.status == 0)
        #expect(!again.out.contains("recorded"))
    }

    @Test func helpAsAScenarioPatternPointsToTheUsage() throws {
        let fixtures = try TemporaryFixtures(golden: TemporaryFixtures.expected)
        let run = CommandRun(["help"], fixtures: fixtures)
        #expect(run.status == 2)
        #expect(
            run.err.hasSuffix(
                "matches 'help'; see 'conformance list --fixtures \(fixtures.root.path)'; for usage run 'conformance --help'\n"
            ))
    }

    @Test func globs() {
        #expect(IDPattern.matches("kittens/*", "kittens/a-b"))
        #expect(IDPattern.matches("*refresh*", "kittens/refresh-while-loading"))
        #expect(IDPattern.matches("kittens/?", "kittens/x"))
        #expect(!IDPattern.matches("kittens/?", "kittens/xy"))
        #expect(!IDPattern.matches("timer/*", "kittens/x"))
        #expect(IDPattern.matches("kittens/x", "kittens/x"))
    }
}
