import Foundation

/// A port's list of scenarios it knowingly fails, each with a reason (docs/porting.md,
/// "Expected failures"). A listed scenario that fails does not fail the run; one that passes does,
/// so the list only ever shrinks.
///
/// The file is UTF-8 text, one scenario a line: the id, then whitespace, then the reason.
/// Blank lines and lines starting with `#` are ignored.
public struct ExpectedFailures: Equatable, Sendable {
    /// The reason for each listed id.
    public let reasons: [String: String]

    public init(reasons: [String: String] = [:]) { self.reasons = reasons }

    /// Reads the file's text; `file` names it in errors.
    public static func parse(_ text: String, file: String) throws(CatalogError) -> ExpectedFailures {
        var reasons: [String: String] = [:]
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let id = String(line.prefix { !$0.isWhitespace })
            let reason = line.dropFirst(id.count).trimmingCharacters(in: .whitespaces)
            func fail(_ problem: String) -> CatalogError {
                .expectedFailuresLine(file: file, line: index + 1, problem: problem)
            }
            guard id.contains("/") else {
                throw fail("expected a scenario id such as kittens/refresh-while-loading, found \"\(id)\"")
            }
            guard !reason.isEmpty else { throw fail("\(id) has no reason; write why the port fails it after the id") }
            guard reasons[id] == nil else { throw fail("\(id) is listed twice") }
            reasons[id] = reason
        }
        return ExpectedFailures(reasons: reasons)
    }

    /// Reads the file at `path`.
    public static func load(_ path: String) throws(CatalogError) -> ExpectedFailures {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
        else {
            throw .unreadableExpectedFailures(path: path)
        }
        return try parse(text, file: path)
    }

    /// Listed ids that are not among `ids` (a renamed or deleted scenario), for a warning.
    public func unknown(among ids: [String]) -> [String] {
        let known = Set(ids)
        return reasons.keys.filter { !known.contains($0) }.sorted()
    }
}
