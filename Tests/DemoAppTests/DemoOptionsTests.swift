import CommandLineSupport
import Foundation
import Testing

@testable import DemoApp

@Suite struct DemoOptionsTests {
    func options(_ arguments: [String], environment: [String: String] = [:]) throws(UsageError) -> DemoOptions {
        guard case .run(let parsed) = try DemoOptions.spec.parse(arguments) else {
            throw UsageError(command: "test", "not a run")
        }
        return try DemoOptions(parsed, environment: environment)
    }

    @Test func theDefaultsAreTheMockServerAndTheWallClock() throws {
        let options = try options([])
        #expect(options.endpoint == nil && !options.virtualTime && options.seed == nil && options.app == .kittens)
    }

    @Test func virtualTimeSeedsTheBackgroundsUnlessASeedIsGiven() throws {
        #expect(try options(["--virtual-time"]).seed == 1)
        #expect(try options(["--virtual-time", "--seed", "42"]).seed == 42)
    }

    @Test func aRecordingNamesItsFileAndSeedsTheTimer() throws {
        let options = try options(["--record", "slow-refresh.jsonl", "--app", "timer"])
        #expect(options.record?.lastPathComponent == "slow-refresh.jsonl" && options.app == .timer && options.seed == 1)
        #expect(try self.options([]).record == nil)
    }

    @Test func anEndpointTakesItsKeysFromTheEnvironment() throws {
        let options = try options(
            ["--endpoint", "http://127.0.0.1:9000"], environment: ["NEWS_API_KEY": "k", "CAT_API_KEY": ""])
        #expect(options.endpoint == URL(string: "http://127.0.0.1:9000"))
        #expect(options.newsAPIKey == "k" && options.catAPIKey == nil)
    }

    /// `MockData.locate` falls back to the checkout's Fixtures when ./Fixtures has no data set: the help says so.
    @Test func theHelpNamesWhereTheDataSetComesFromWithoutFixtures() {
        let help = DemoOptions.spec.help()
        #expect(help.contains("default ./Fixtures if it has them, else the package checkout's"), "\(help)")
    }

    /// A folder with a file that exists and one named for each feature, as Fixtures/ has them.
    static func fixturesLike() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("demo-options-\(UUID().uuidString)")
        for feature in ["kittens", "timer"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(feature), withIntermediateDirectories: true)
        }
        try "{}\n".write(
            to: root.appendingPathComponent("timer/set-and-start.jsonl"), atomically: true, encoding: .utf8)
        return root
    }

    /// `--app timer --record Fixtures/timer/set-and-start.jsonl` once overwrote the committed
    /// fixture at ^C: an existing file is refused when the demo starts, unless `--force`.
    @Test func recordingToAnExistingFileIsRefusedWithoutForce() throws {
        let root = try Self.fixturesLike()
        defer { try? FileManager.default.removeItem(at: root) }
        let existing = root.appendingPathComponent("timer/set-and-start.jsonl").path
        #expect {
            try options(["--app", "timer", "--record", existing])
        } throws: { error in
            "\(error)".hasPrefix(
                "mvi-demo: --record \(existing): the file exists; record to a new name, or add --force to replace it")
        }
        let forced = try options(["--app", "timer", "--record", existing, "--force"])
        #expect(forced.record?.path == existing && forced.force)
        #expect(
            try options(["--app", "timer", "--record", root.appendingPathComponent("timer/new.jsonl").path]).force
                == false)
        #expect(
            try "{}\n" == String(contentsOfFile: existing, encoding: .utf8), "nothing written by reading the options")
        #expect {
            try options(["--force"])
        } throws: { error in
            "\(error)".hasPrefix("mvi-demo: --force: only with --record")
        }
    }

    /// `--app kittens --record Fixtures/timer/kit.jsonl` once wrote `"id": "kittens/kit"` into
    /// timer/: a file in another feature's folder is refused when the demo starts.
    @Test func recordingIntoAnotherFeaturesFolderIsRefused() throws {
        let root = try Self.fixturesLike()
        defer { try? FileManager.default.removeItem(at: root) }
        let wrong = root.appendingPathComponent("timer/kit.jsonl").path
        #expect {
            try options(["--app", "kittens", "--record", wrong, "--force"])
        } throws: { error in
            "\(error)".hasPrefix(
                "mvi-demo: --record \(wrong): the folder timer/ holds timer scenarios, and the kittens tab's session is the scenario kittens/kit; record it into a kittens/ folder"
            )
        }
        #expect(try options(["--record", root.appendingPathComponent("kittens/kit.jsonl").path]).app == .kittens)
        #expect(
            try options(["--app", "timer", "--record", root.appendingPathComponent("timer/kit.jsonl").path]).app
                == .timer)
    }

    @Test(arguments: [
        (
            ["--record", "s.jsonl", "--app", "news"],
            "mvi-demo: --record s.jsonl: the News tab cannot be recorded: its screens come and go with the News app's navigation"
        ),
        (
            ["--record", "s.jsonl", "--virtual-time"],
            "mvi-demo: --record s.jsonl: a recording runs on real time; leave out --virtual-time"
        ),
        (
            ["--record", "Slow.jsonl"],
            "mvi-demo: --record Slow.jsonl: expected a file named <name>.jsonl, the name in lower-case letters, digits and -"
        ),
        (["--record", "slow.json"], "mvi-demo: --record slow.json: expected a file named <name>.jsonl"),
        (
            ["--record", "/no/such/folder/slow.jsonl"],
            "mvi-demo: --record /no/such/folder/slow.jsonl: the folder /no/such/folder does not exist"
        ),
        (
            ["--record", "s.jsonl", "--seed", "9007199254740992"],
            "mvi-demo: --seed 9007199254740992: a recorded session's seed is at most 9007199254740991"
        ),
        (["--app", "weather"], "mvi-demo: --app weather: expected one of kittens, timer, news"),
        (
            ["--app", "kitens"],
            "mvi-demo: --app kitens: expected one of kittens, timer, news; did you mean --app kittens?"
        ),
        (["--endpoint", "ftp://x"], "mvi-demo: --endpoint ftp://x: expected an http or https address"),
        (["--seed", "-1"], "mvi-demo: --seed -1: expected a whole number from 0 to 18446744073709551615"),
        (["extra"], "mvi-demo: unexpected argument extra"),
    ])
    func aBadCommandLineIsAUsageErrorThatNamesIt(arguments: [String], message: String) {
        #expect {
            try options(arguments)
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }
}
