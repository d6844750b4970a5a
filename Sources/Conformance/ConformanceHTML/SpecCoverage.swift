import ConformanceKit
import Foundation

/// The numbered rules of the feature pages and the scenarios that pin them, in the format
/// docs/porting.md's "Spec coverage" section states: a rule is marked `**[page.N]**` where it is
/// stated (`page` the page's file name without `.md`), and the section's table for that page lists
/// each rule once with the corpus scenarios, as `feature/id`, that fail when a port breaks it.
/// `SpecCoverageTests` checks the docs with it; the HTML report shows each rule with its scenarios.
public enum SpecCoverage {
    /// One numbered rule, `page.number`.
    public struct Rule: Hashable, Comparable, Sendable, CustomStringConvertible {
        public let page: String
        public let number: Int

        public init(page: String, number: Int) {
            self.page = page
            self.number = number
        }

        public var description: String { "\(page).\(number)" }
        public static func < (a: Rule, b: Rule) -> Bool { (a.page, a.number) < (b.page, b.number) }
    }

    /// Where a rule is stated: the page's path under the docs folder (`features/kittens.md`), the
    /// line, and the line's text as a person reads it (markdown marks and the marker left out).
    public struct Statement: Equatable, Sendable {
        public let page: String
        public let line: Int
        public let text: String

        public init(page: String, line: Int, text: String) {
            self.page = page
            self.line = line
            self.text = text
        }
    }

    /// The pages whose rules are numbered: every feature page, and navigation.md, the News app's
    /// navigation stated on a page of its own.
    public static func pages(in docs: URL) throws -> [URL] {
        let features = docs.appendingPathComponent("features")
        let names = try FileManager.default.contentsOfDirectory(atPath: features.path).filter { $0.hasSuffix(".md") }
            .sorted()
        return names.map { features.appendingPathComponent($0) } + [docs.appendingPathComponent("navigation.md")]
    }

    /// Each rule stated in `text`, with its line, and the problems found: a marker naming another
    /// page, or a number stated twice.
    public static func rules(inPage name: String, text: String) -> (rules: [Rule: Int], problems: [String]) {
        var rules: [Rule: Int] = [:]
        var problems: [String] = []
        let marker = marker  // parsed once, not once a line
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard line.contains("**[") else { continue }
            for match in line.matches(of: marker) {
                let rule = Rule(page: String(match.output.1), number: Int(match.output.2) ?? 0)
                if rule.page != name {
                    problems.append(
                        "\(name).md:\(index + 1): rule \(rule) is marked on the page \(name).md; a page numbers its own rules as \(name).N"
                    )
                } else if rule.number < 1 {
                    problems.append("\(name).md:\(index + 1): rule \(rule): numbers start at 1")
                } else if let first = rules[rule] {
                    problems.append("\(name).md:\(index + 1): rule \(rule) is stated already on line \(first)")
                } else {
                    rules[rule] = index + 1
                }
            }
        }
        return (rules, problems)
    }

    /// `**[page.N]**`, where a rule is stated.
    private static var marker: Regex<(Substring, Substring, Substring)> {
        #/\*\*\[([a-z][a-z0-9-]*)\.([0-9]+)\]\*\*/#
    }

    /// The coverage table of docs/porting.md: rows `| page.N | `feature/id`, ... |` under the
    /// "## Spec coverage" heading, up to the next heading of that level.
    public static func table(_ text: String) -> (rows: [Rule: [String]], problems: [String]) {
        var rows: [Rule: [String]] = [:]
        var problems: [String] = []
        var inSection = false
        let cell = #/^\|\s*([a-z][a-z0-9-]*)\.([0-9]+)\s*\|(.*)\|\s*$/#
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("## ") {
                inSection = line == "## Spec coverage"
                continue
            }
            guard inSection, line.hasPrefix("|") else { continue }
            guard let match = line.wholeMatch(of: cell) else { continue }
            let rule = Rule(page: String(match.output.1), number: Int(match.output.2) ?? 0)
            let scenarios = match.output.3.split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            }.filter { !$0.isEmpty }
            if rows[rule] != nil {
                problems.append("porting.md:\(index + 1): rule \(rule) has a row already")
            } else {
                rows[rule] = scenarios
            }
        }
        return (rows, problems)
    }

    /// The rules of a docs folder as the HTML report shows them: each rule of the coverage table
    /// with where it is stated and the scenarios that pin it, sorted. A folder without
    /// `porting.md` is an error that names it; a page that cannot be read is one too.
    public static func read(docs: URL, shownAs shown: String) throws(CatalogError) -> [(
        rule: Rule, statement: Statement?, scenarios: [String]
    )] {
        let porting = docs.appendingPathComponent("porting.md")
        let portingText: String
        do { portingText = try String(contentsOf: porting, encoding: .utf8) } catch {
            let why =
                FileManager.default.fileExists(atPath: porting.path)
                ? "it is not readable UTF-8 text" : "there is no such file"
            throw .unreadable(path: "\(shown)/porting.md", reason: "\(why) (the rules' coverage table is read from it)")
        }
        var statements: [Rule: Statement] = [:]
        let marker = marker  // parsed once, not once a rule
        let pageURLs: [URL]
        do { pageURLs = try pages(in: docs) } catch {
            throw .unreadable(
                path: "\(shown)/features",
                reason: "there is no such folder (the pages that state the rules are read from it)")
        }
        for page in pageURLs {
            let name = page.deletingPathExtension().lastPathComponent
            let relative =
                page.deletingLastPathComponent().lastPathComponent == "features"
                ? "features/\(page.lastPathComponent)" : page.lastPathComponent
            guard let text = try? String(contentsOf: page, encoding: .utf8) else {
                throw .unreadable(path: "\(shown)/\(relative)", reason: "it is not readable UTF-8 text")
            }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for (rule, line) in rules(inPage: name, text: text).rules {
                statements[rule] = Statement(
                    page: relative, line: line, text: plain(statement(at: line, in: lines), marker: marker))
            }
        }
        let rows = table(portingText).rows
        return rows.keys.sorted().map { rule in (rule, statements[rule], rows[rule] ?? []) }
    }

    /// The text of a rule marked on the 1-based `line`: that line, and the lines after it that go
    /// on its sentence (up to a blank line, a heading, a table row, a list item or another rule).
    static func statement(at line: Int, in lines: [Substring]) -> Substring {
        var text = lines[line - 1]
        guard !text.hasPrefix("|") else { return text }
        // A marker alone on its line states the table, list or code block below: its first lines.
        let alone = text.trimmingCharacters(in: .whitespaces)
        if alone.hasPrefix("**["), alone.hasSuffix("]**"), !alone.contains(" ") {
            let block = lines[line...].lazy.filter {
                let trimmed = $0.trimmingCharacters(in: .whitespaces)
                return !trimmed.isEmpty && !trimmed.hasPrefix("```") && !trimmed.hasPrefix("| ---")
            }.prefix(3)
            // A table row's outer pipes go, so that the rows read as rows: `kind · values / Intent · Load`.
            let rows = block.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " |")) }
            return text + " " + rows.joined(separator: " / ")
        }
        var next = line
        while next < lines.count {
            let candidate = lines[next].drop { $0 == " " }
            let item =
                candidate.hasPrefix("- ") || candidate.hasPrefix("* ")
                || candidate.prefix { $0.isNumber }.count > 0 && candidate.drop { $0.isNumber }.hasPrefix(". ")
            if candidate.isEmpty || candidate.hasPrefix("#") || candidate.hasPrefix("|") || candidate.hasPrefix("```")
                || item || candidate.contains("**[")
            {
                break
            }
            text += " " + candidate
            next += 1
        }
        return text
    }

    /// A markdown line as a person reads it: the rule markers, emphasis, code ticks and table pipes left out.
    static func plain(_ line: Substring, marker: Regex<(Substring, Substring, Substring)>) -> String {
        var text = line.contains("**[") ? String(line).replacing(marker, with: "") : String(line)
        for mark in ["**", "`"] { text = text.replacingOccurrences(of: mark, with: "") }
        text = text.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .joined(separator: " · ")
        text = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        if text.hasPrefix("- ") { text.removeFirst(2) }
        return text
    }
}
