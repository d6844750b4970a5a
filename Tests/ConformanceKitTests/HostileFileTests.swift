import ConformanceHTML
import ConformanceKit
import Foundation
import Testing

/// Every reader of the fixtures folder refuses, unread and without blocking, what is not a regular
/// file in a scenario's or a golden's place: a FIFO (which would block the run for good), a link to
/// `/dev/zero` (which never ends). The refused file is named with its kind and the run goes on.
/// `FileBytes.readRegular`'s own tests (MVIEssentialsTests) go through every kind of file.
@Suite struct HostileFileTests {
    /// The kinds planted, each by a function that makes it at a path, and the words that name it.
    static let kinds: [(name: String, plant: @Sendable (String) -> Void, says: String)] = [
        ("FIFO", { _ = mkfifo($0, 0o644) }, "the file is a FIFO, not a regular file"),
        (
            "link to /dev/zero", { _ = symlink("/dev/zero", $0) },
            "the file is a symbolic link to /dev/zero, which is a character device, not a regular file"
        ),
        (
            "link to /dev/null", { _ = symlink("/dev/null", $0) },
            "the file is a symbolic link to /dev/null, which is a character device, not a regular file"
        ),
    ]

    @Test(.timeLimit(.minutes(1)), arguments: 0..<kinds.count)
    func aScenarioThatIsNotARegularFileIsErroredAndTheRunGoesOn(kind: Int) throws {
        let fixtures = try TemporaryFixtures(golden: TemporaryFixtures.expected)
        let bad = fixtures.root.appendingPathComponent("kittens/bad.jsonl").path
        Self.kinds[kind].plant(bad)
        let run = CommandRun(["run", "--record", "never"], fixtures: fixtures)
        #expect(run.status == 1)
        #expect(run.out.contains("ERRORED  kittens/bad\n    \(bad): \(Self.kinds[kind].says)\n"), "\(run.out)")
        #expect(run.out.contains("pass  kittens/x\n"))
        let list = CommandRun(["list"], fixtures: fixtures)
        #expect(list.out == "kittens/bad  (unreadable: see conformance run)\nkittens/x  d\n2 scenarios\n")
        let show = CommandRun(["show", "kittens/bad"], fixtures: fixtures)
        #expect(show.status == 1)
        #expect(show.err.contains("\(bad): \(Self.kinds[kind].says)"), "\(show.err)")
        let check = CommandRun(["fuzz", "--check", bad], fixtures: fixtures)
        #expect(check.err.contains("\(bad): \(Self.kinds[kind].says)"), "\(check.err)")
        #expect(try HTMLReport.scenarios(in: fixtures.catalog).keys.sorted() == ["kittens/x"])
    }

    /// A golden (a wire transcript is read the same way) that is a FIFO, or a link to one inside
    /// the fixtures folder, is refused unread, when comparing and when recording. (A link that
    /// leads out of the folder, to `/dev/zero` say, is refused before for that: RecordingSafetyTests.)
    @Test(.timeLimit(.minutes(1)), arguments: [false, true])
    func aGoldenThatIsAFIFOOrALinkToOneIsRefusedUnread(linked: Bool) throws {
        let fixtures = try TemporaryFixtures()
        let pipe = fixtures.root.appendingPathComponent("kittens/pipe.txt").path
        #expect(mkfifo(linked ? pipe : fixtures.goldenURL.path, 0o644) == 0)
        if linked { #expect(symlink("pipe.txt", fixtures.goldenURL.path) == 0) }
        let says =
            linked
            ? "the file is a symbolic link to pipe.txt, which is a FIFO, not a regular file"
            : "the file is a FIFO, not a regular file"
        for mode in [RecordMode.never, .all] {
            let outcome = try fixtures.run(mode)
            #expect(outcome.label == "errored")
            #expect(outcome.message == "refusing to read Fixtures/kittens/x.golden.txt: \(says)", "\(outcome.message)")
        }
    }
}
