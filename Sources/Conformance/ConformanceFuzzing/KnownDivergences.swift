import ConformanceKit
import FixtureFormat
import Foundation

/// Shrunk scenarios that a port knowingly fails, for `conformance fuzz --known FILE`: a failure
/// that shrinks to one of them is stepped over, and fuzzing the feature goes on.
///
/// The file lists, one a line, the scenario files (`.jsonl`, as `fuzz` writes them; a path relative
/// to the list's folder); `#` starts a comment. A scenario matches a finding when its feature, its
/// config and its events are those the finding shrank to (JSON values compared, not spellings).
public struct KnownDivergences: Sendable {
    struct Entry: Sendable {
        let feature: String
        let config: JSONValue?
        let events: [JSONObject]
        /// The scenario file, as the list names it.
        let file: String
    }

    /// Why a list or a scenario it names cannot be read: the file, the line, what was wrong.
    public struct ReadError: Error, CustomStringConvertible {
        public let description: String
    }

    let entries: [Entry]

    public init() { entries = [] }

    /// Reads the list at `url` and every scenario it names.
    public init(contentsOf url: URL) throws(ReadError) {
        let list = try Self.text(url, named: url.path)
        let folder = url.deletingLastPathComponent()
        var entries: [Entry] = []
        for (index, raw) in list.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
                .trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty else { continue }
            let place = "\(url.path):\(index + 1)"
            guard line.hasSuffix(".jsonl") else {
                throw ReadError(description: "\(place): \(line): expected a scenario file (.jsonl)")
            }
            let file = line.hasPrefix("/") ? URL(fileURLWithPath: line) : folder.appendingPathComponent(line)
            entries.append(try Self.entry(file, named: line, listedAt: place))
        }
        self.entries = entries
    }

    /// The scenario file of the known divergence that `events` (with `config`) of `feature` are, if any.
    public func file(feature: String, config: JSONValue?, events: [JSONObject]) -> String? {
        entries.first { $0.feature == feature && $0.config == config && $0.events == events }?.file
    }

    private static func text(_ url: URL, named name: String) throws(ReadError) -> String {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw ReadError(description: "\(name): cannot read the file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ReadError(description: "\(name): not UTF-8 text")
        }
        return text
    }

    private static func entry(_ url: URL, named name: String, listedAt listed: String) throws(ReadError) -> Entry {
        let text = try text(url, named: "\(listed): \(name)")
        var objects: [JSONObject] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.isEmpty {
            let value: JSONValue
            do { value = try JSONValue.parse(String(line)) } catch {
                throw ReadError(description: "\(name):\(index + 1): not JSON: \(error)")
            }
            guard case .object(let object) = value else {
                throw ReadError(description: "\(name):\(index + 1): expected a JSON object")
            }
            objects.append(object)
        }
        guard let header = objects.first, case .string(let feature)? = header["feature"] else {
            throw ReadError(description: "\(name):1: expected a scenario header with its \"feature\"")
        }
        return Entry(feature: feature, config: header["config"], events: Array(objects.dropFirst()), file: name)
    }
}
