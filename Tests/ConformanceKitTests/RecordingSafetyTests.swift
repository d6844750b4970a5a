import ConformanceKit
import Foundation
import Testing

/// `record` writes only inside the fixtures folder, and never through a planted file.
@Suite struct RecordingSafetyTests {
    private let fileManager = FileManager.default

    @Test func aGoldenThatIsASymbolicLinkIsRefused() throws {
        let fixtures = try TemporaryFixtures()
        let outside = fixtures.root.deletingLastPathComponent().appendingPathComponent("outside.txt")
        try "keep\n".write(to: outside, atomically: true, encoding: .utf8)
        try fileManager.createSymbolicLink(at: fixtures.goldenURL, withDestinationURL: outside)
        let outcome = try fixtures.run(.all)
        #expect(outcome.label == "errored")
        #expect(
            outcome.message.hasPrefix("refusing to read Fixtures/kittens/x.golden.txt: it resolves to "),
            "got: \(outcome.message)")
        #expect(try String(contentsOf: outside, encoding: .utf8) == "keep\n")
    }

    /// A golden linked to a file outside the fixtures folder is not read for comparison either: its
    /// lines would be printed in the diff, and so in a CI log.
    @Test func aGoldenLinkedOutOfTheFixturesFolderIsNotReadForComparison() throws {
        let fixtures = try TemporaryFixtures()
        let secret = fixtures.root.deletingLastPathComponent().appendingPathComponent("secret-\(UUID().uuidString).txt")
        try "root:x:0:0:secret line\n".write(to: secret, atomically: true, encoding: .utf8)
        defer { try? fileManager.removeItem(at: secret) }
        try fileManager.createSymbolicLink(at: fixtures.goldenURL, withDestinationURL: secret)
        let outcome = try fixtures.run(.never)
        #expect(outcome.label == "errored")
        #expect(
            outcome.message.hasPrefix("refusing to read Fixtures/kittens/x.golden.txt: it resolves to "),
            "got: \(outcome.message)")
        #expect(!outcome.message.contains("secret line"))
        // The same read serves the port runner's comparison.
        let golden = GoldenFile(
            url: fixtures.goldenURL, displayPath: "g", recordMode: .never, isCI: true, root: fixtures.root)
        guard case .failure = golden.contents() else {
            Issue.record("the linked golden was read")
            return
        }
    }

    @Test func aGoldenLinkedInsideTheFixturesFolderIsRead() throws {
        let fixtures = try TemporaryFixtures(golden: TemporaryFixtures.expected)
        let copy = fixtures.root.appendingPathComponent("kittens/copy.txt")
        try fileManager.moveItem(at: fixtures.goldenURL, to: copy)
        try fileManager.createSymbolicLink(at: fixtures.goldenURL, withDestinationURL: copy)
        #expect(try fixtures.run(.never).label == "passed")
    }

    @Test func aFeatureFolderThatLeadsOutOfTheFixturesFolderIsRefused() throws {
        let base = fileManager.temporaryDirectory.appendingPathComponent("escape-\(UUID().uuidString)")
        let root = base.appendingPathComponent("Fixtures")
        let elsewhere = base.appendingPathComponent("elsewhere")
        try fileManager.createDirectory(at: root, withIntermediateDirectories: true)
        try fileManager.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try scenario(#"{"event": "create"}"#).write(
            to: elsewhere.appendingPathComponent("x.jsonl"), atomically: true, encoding: .utf8)
        try fileManager.createSymbolicLink(at: root.appendingPathComponent("kittens"), withDestinationURL: elsewhere)
        let catalog = FixtureCatalog(root: root)
        let entry = try #require(try catalog.entries().first)
        let outcome = TestFeatures.runner(catalog, .missing, ci: false).run(entry, on: TestFeatures.reference).outcome
        #expect(outcome.label == "errored")
        #expect(
            outcome.message.hasPrefix("refusing to record Fixtures/kittens/x.golden.txt: its folder resolves to "),
            "got: \(outcome.message)")
        #expect(!fileManager.fileExists(atPath: elsewhere.appendingPathComponent("x.golden.txt").path))
    }

    @Test func aPlantedLinkAtTheOldTemporaryNameDoesNotRedirectTheWrite() throws {
        let fixtures = try TemporaryFixtures()
        let victim = fixtures.root.deletingLastPathComponent().appendingPathComponent("victim.txt")
        try "keep\n".write(to: victim, atomically: true, encoding: .utf8)
        let pid = ProcessInfo.processInfo.processIdentifier
        let planted = fixtures.root.appendingPathComponent("kittens/.x.golden.txt.\(pid).tmp")
        try fileManager.createSymbolicLink(at: planted, withDestinationURL: victim)
        #expect(try fixtures.run(.missing).label == "recorded")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "keep\n")
        #expect(fixtures.golden == TemporaryFixtures.expected)
        #expect(
            fixtures.folderContents() == [".x.golden.txt.\(pid).tmp", "x.golden.txt", "x.jsonl"],
            "no other temporary file is left")
    }

    @Test func temporaryNamesAreUnpredictable() throws {
        let fixtures = try TemporaryFixtures()
        let target = fixtures.root.appendingPathComponent("kittens/y.txt")
        // Plant links at every name a counter or the process id would give; the write still lands in place.
        for name in [".y.txt.tmp", ".y.txt.\(ProcessInfo.processInfo.processIdentifier).tmp", ".y.txt.0.tmp"] {
            try fileManager.createSymbolicLink(
                at: fixtures.root.appendingPathComponent("kittens/\(name)"),
                withDestinationURL: fixtures.root.appendingPathComponent("kittens/x.jsonl"))
        }
        let before = try String(contentsOf: fixtures.root.appendingPathComponent("kittens/x.jsonl"), encoding: .utf8)
        try GoldenFile.writeAtomically("new\n", to: target)
        #expect(try String(contentsOf: target, encoding: .utf8) == "new\n")
        #expect(
            try String(contentsOf: fixtures.root.appendingPathComponent("kittens/x.jsonl"), encoding: .utf8) == before)
    }
}
