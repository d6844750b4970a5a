import ConformanceKit
import Foundation
import Testing

/// CI/mutation-equivalents.json, the committed list of mutants that no scenario can kill
/// (docs/mutation.md): each entry names a file and the exact original and mutated line text, never
/// a line number, so that moving code keeps it valid; an entry whose line is gone is stale and fails.
struct EquivalentMutants {
    struct Entry: Equatable {
        let file: String
        let original: String
        let mutant: String
        let reason: String
    }

    static let path = "CI/mutation-equivalents.json"

    /// The entries, or the problem with the file's shape (which entry, which field).
    static func entries(_ data: Data) throws -> [Entry] {
        struct Problem: Error, CustomStringConvertible { let description: String }
        guard let top = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let list = top["equivalents"] as? [[String: Any]], top.count == 1
        else {
            throw Problem(description: "\(path): expected {\"equivalents\": [entries]}")
        }
        return try list.enumerated().map { number, object in
            let fields = ["file", "original", "mutant", "reason"]
            if let extra = Set(object.keys).subtracting(fields).sorted().first {
                throw Problem(description: "\(path): entry \(number + 1): unknown field \"\(extra)\"")
            }
            let values = try fields.map { field in
                guard let text = object[field] as? String, !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw Problem(
                        description: "\(path): entry \(number + 1): field \"\(field)\" must be a non-empty string")
                }
                return text
            }
            return Entry(file: values[0], original: values[1], mutant: values[2], reason: values[3])
        }
    }

    /// One line per problem: an entry whose file is gone, whose original line no longer exists in it,
    /// whose mutant is no change, or that repeats an earlier one. Lines are compared without their
    /// leading and trailing blanks, as CI/mutation.py compares them.
    static func problems(_ entries: [Entry], read: (String) -> String?) -> [String] {
        var problems: [String] = []
        var seen: [String: Int] = [:]
        for (index, entry) in entries.enumerated() {
            let name = "entry \(index + 1) (\(entry.file))"
            let key = [entry.file, trimmed(entry.original), trimmed(entry.mutant)].joined(separator: "\u{0}")
            if let first = seen[key] {
                problems.append("\(name): the same mutant as entry \(first)")
            }
            seen[key] = seen[key] ?? index + 1
            if trimmed(entry.original) == trimmed(entry.mutant) {
                problems.append("\(name): the mutant is the original line")
            }
            guard let text = read(entry.file) else {
                problems.append("\(name): no such file")
                continue
            }
            let lines = Set(text.split(separator: "\n", omittingEmptySubsequences: false).map { trimmed(String($0)) })
            if !lines.contains(trimmed(entry.original)) {
                problems.append(
                    "\(name): no line reads \"\(trimmed(entry.original))\"; the code moved on: kill the mutant now there, or list it again"
                )
            }
        }
        return problems
    }

    private static func trimmed(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
    }
}

@Suite struct EquivalentMutantsTests {
    private let root = FixtureCatalog.packageRoot

    private func read(_ path: String) -> String? {
        try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func everyEntryStillNamesALineOfItsFile() throws {
        let data = try Data(contentsOf: root.appendingPathComponent(EquivalentMutants.path))
        let entries = try EquivalentMutants.entries(data)
        #expect(!entries.isEmpty, "the list was read as empty")
        let problems = EquivalentMutants.problems(entries, read: read)
        #expect(problems.isEmpty, "\(EquivalentMutants.path):\n\(problems.joined(separator: "\n"))")
    }

    @Test func aStaleEntryIsReported() {
        let file = "Sources/Features/MVIKittens/KittenParser.swift"
        let fresh = EquivalentMutants.Entry(
            file: file, original: "    public init() {}", mutant: "    public init() {break;}", reason: "r")
        let moved = EquivalentMutants.Entry(
            file: file, original: "    public init(x: Int) {}", mutant: "    public init(x: Int) {break;}", reason: "r")
        let gone = EquivalentMutants.Entry(file: "Sources/Nowhere.swift", original: "a", mutant: "b", reason: "r")
        let unchanged = EquivalentMutants.Entry(
            file: file, original: "    public init() {}", mutant: "public init() {}", reason: "r")
        #expect(EquivalentMutants.problems([fresh], read: read).isEmpty)
        let problems = EquivalentMutants.problems([fresh, moved, gone, unchanged, fresh], read: read)
        #expect(
            problems == [
                "entry 2 (\(file)): no line reads \"public init(x: Int) {}\"; the code moved on: kill the mutant now there, or list it again",
                "entry 3 (Sources/Nowhere.swift): no such file",
                "entry 4 (\(file)): the mutant is the original line",
                "entry 5 (\(file)): the same mutant as entry 1",
            ])
    }

    @Test func aMalformedEntryIsNamed() {
        let data = Data(#"{"equivalents": [{"file": "a", "original": "b", "mutant": "c", "reason": " "}]}"#.utf8)
        #expect(throws: (any Error).self) { try EquivalentMutants.entries(data) }
        do {
            _ = try EquivalentMutants.entries(data)
        } catch {
            #expect("\(error)" == "CI/mutation-equivalents.json: entry 1: field \"reason\" must be a non-empty string")
        }
    }
}
