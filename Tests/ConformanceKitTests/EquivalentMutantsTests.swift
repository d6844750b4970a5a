import ConformanceKit
import Foundation
import MVITestSupport
import Testing

/// CI/mutation-equivalents.json, the committed list of mutants that no scenario can kill
/// (docs/mutation.md), has one checker: CI/mutation_list.py, run by `python3 CI/mutation.py
/// list-check`. These tests run that checker, so that the test and the CI stage cannot disagree:
/// on the committed list, which must pass, and on a list written here with one problem of each kind,
/// which must be named entry by entry.
@Suite(.requires(PortFixtures.python != nil, "the list's checker, CI/mutation.py, needs python3 on PATH"))
struct EquivalentMutantsTests {
    private static let root = FixtureCatalog.packageRoot

    /// `python3 CI/mutation.py list-check [arguments]` in `directory`: its status, output and errors.
    private static func listCheck(_ arguments: [String], in directory: URL = root) throws -> (
        status: Int32, out: String, err: String
    ) {
        try run(
            ["python3", "-B", root.appendingPathComponent("CI/mutation.py").path, "list-check"] + arguments,
            in: directory)
    }

    /// The git blob id of a file of the tree as it is now (what an entry's `checked` names).
    private static func blob(of file: String) throws -> String {
        try run(["git", "hash-object", file], in: root).out.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func run(_ arguments: [String], in directory: URL) throws -> (
        status: Int32, out: String, err: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self)
        )
    }

    @Test func theCommittedListPassesItsChecker() throws {
        let run = try Self.listCheck([])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.err.isEmpty, "\(run.err)")
        #expect(run.out.contains(" entries, 0 problems;"), "\(run.out)")
    }

    /// An entry whose file changed since it was checked (its `checked` blob is not the file's) is
    /// counted for `list-verify`, which runs its claim again; one checked against the file as it is,
    /// is not.
    @Test func anEntryWhoseFileChangedSinceItWasCheckedIsCounted() throws {
        let data = try Data(contentsOf: Self.root.appendingPathComponent("CI/mutation-equivalents.json"))
        let list = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        // The first entry checked against its file as the file is now.
        let entries = try #require(list["equivalents"] as? [[String: Any]])
        let first = try #require(
            entries.first { entry in
                guard let file = entry["file"] as? String, let checked = entry["checked"] as? String else {
                    return false
                }
                return (try? Self.blob(of: file)) == checked
            })
        var changed = first
        changed["mutant"] = "\(first["mutant"] ?? "")  // another mutant"
        changed["checked"] = String(repeating: "0", count: 40)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("equivalents-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try JSONSerialization.data(withJSONObject: ["equivalents": [first, changed]])
            .write(to: folder.appendingPathComponent("list.json"))
        let run = try Self.listCheck(["--list", "list.json"], in: folder)
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.contains("2 entries, 0 problems; 1 not checked since their file changed"), "\(run.out)")
    }

    @Test func eachKindOfProblemIsNamedWithItsEntry() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "equivalents-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = "Sources/Features/MVIKittens/KittenExecutor.swift"
        let blob = String(repeating: "0", count: 40)
        func entry(
            _ declaration: String, _ original: String, _ mutant: String, kind: String = "equivalent",
            killedBy: [String]? = nil, file: String = file
        ) -> [String: Any] {
            var entry: [String: Any] = [
                "file": file, "declaration": declaration, "original": original, "mutant": mutant, "kind": kind,
                "reason": "r", "checked": blob,
            ]
            entry["killedBy"] = killedBy
            return entry
        }
        // `case .reload: reload(context)` stands in executeIntent and in executeAction: an entry
        // names the one it means.
        let (intent, action) = (
            "KittenExecutor / func executeIntent(_ intent: KittenIntent, _ context: Context)",
            "KittenExecutor / func executeAction(_ action: KittenAction, _ context: Context)"
        )
        let line = "        case .reload: reload(context)"
        let entries: [[String: Any]] = [
            entry(intent, line, "        case .reload: break"),
            entry("KittenExecutor / private func reset()", line, "        case .reload: break"),
            entry("", "a", "b", file: "Sources/Nowhere.swift"),
            entry(action, line, "case .reload: reload(context)"),
            entry(intent, "case .reload: reload(context)", "case .reload: break"),
            entry(action, line, "        case .reload: ()", kind: "unobservable"),
            entry(
                action, line, "        case .reload: _ = 0",
                kind: "unobservable",
                killedBy: ["LocalStoreTests/anEmptyInitialTextIsNoAlert", "ImageStoreTests/noSuchTest"]),
            ["file": file, "original": "x", "mutant": "y", "reason": "r"] as [String: Any],
        ]
        let data = try JSONSerialization.data(withJSONObject: ["equivalents": entries], options: [.sortedKeys])
        try data.write(to: folder.appendingPathComponent("list.json"))
        let run = try Self.listCheck(["--list", "list.json"], in: folder)
        #expect(run.status == 1)
        let name = "list.json: entry"
        // Typed apart from the comparison: as one expression, the literal of interpolations took
        // the type checker seconds.
        let expected: [String] = [
            "\(name) 2 (\(file)): no line of 'KittenExecutor / private func reset()' reads 'case .reload: reload(context)'; the code moved on: kill the mutant now there, or list it again",
            "\(name) 3 (Sources/Nowhere.swift): no such file",
            "\(name) 4 (\(file)): the mutant is the original line",
            "\(name) 5 (\(file)): the same mutant as entry 1",
            "\(name) 6 (\(file)): an unobservable entry needs 'killedBy': the tests that kill it, as swift test --filter takes them",
            "\(name) 7 (\(file)): killedBy LocalStoreTests/anEmptyInitialTextIsNoAlert: no suite of Tests/ is named LocalStoreTests (anEmptyInitialTextIsNoAlert is in ContainerStateTests)",
            "\(name) 7 (\(file)): killedBy ImageStoreTests/noSuchTest: ImageStoreTests has no test noSuchTest",
            "\(name) 8 (\(file)): field 'kind' must be a non-empty string",
            "\(name) 8 (\(file)): field 'declaration' must be a string (\"\" for the top level of the file)",
            "\(name) 8 (\(file)): field 'checked' must be the git blob id (40 hex digits) the entry was last checked against",
        ]
        #expect(run.err.split(separator: "\n").map(String.init) == expected, "\(run.err)")
        #expect(run.out.contains("8 entries, 10 problems"), "\(run.out)")
    }
}
