import ConformanceKit
import Foundation
import Testing

/// The numbered rules of the feature pages and the scenarios that pin them, as docs/porting.md's
/// "Spec coverage" section states the format: a rule is marked `**[page.N]**` where it is stated
/// (`page` the page's file name without `.md`), and the section's table for that page lists each
/// rule once with the corpus scenarios, as `feature/id`, that fail when a port breaks it.
struct SpecCoverage {
    struct Rule: Hashable, Comparable, CustomStringConvertible {
        let page: String
        let number: Int
        var description: String { "\(page).\(number)" }
        static func < (a: Rule, b: Rule) -> Bool { (a.page, a.number) < (b.page, b.number) }
    }

    /// The pages whose rules are numbered: every feature page, and navigation.md, the News app's
    /// navigation stated on a page of its own.
    static func pages(in docs: URL) throws -> [URL] {
        let features = docs.appendingPathComponent("features")
        let names = try FileManager.default.contentsOfDirectory(atPath: features.path).filter { $0.hasSuffix(".md") }
            .sorted()
        return names.map { features.appendingPathComponent($0) } + [docs.appendingPathComponent("navigation.md")]
    }

    /// Each rule stated in `text`, with its line, and the problems found: a marker naming another
    /// page, or a number stated twice.
    static func rules(inPage name: String, text: String) -> (rules: [Rule: Int], problems: [String]) {
        var rules: [Rule: Int] = [:]
        var problems: [String] = []
        let marker = #/\*\*\[([a-z][a-z0-9-]*)\.([0-9]+)\]\*\*/#  // **[page.N]**, where the rule is stated
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
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

    /// The coverage table of docs/porting.md: rows `| page.N | `feature/id`, ... |` under the
    /// "## Spec coverage" heading, up to the next heading of that level.
    static func table(_ text: String) -> (rows: [Rule: [String]], problems: [String]) {
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
}

/// Subject: docs/ and Fixtures/. Every feature page numbers its rules, and every numbered rule is
/// pinned by at least one corpus scenario, listed in docs/porting.md's coverage table.
struct SpecCoverageTests {
    static let docs = PortFixtures.root.appendingPathComponent("docs")

    @Test func everyRuleOfEveryFeaturePageIsPinnedByAScenario() throws {
        var stated: [SpecCoverage.Rule: Int] = [:]
        var problems: [String] = []
        for page in try SpecCoverage.pages(in: Self.docs) {
            let name = page.deletingPathExtension().lastPathComponent
            let found = SpecCoverage.rules(inPage: name, text: try String(contentsOf: page, encoding: .utf8))
            #expect(!found.rules.isEmpty, "\(name).md numbers no rule (mark each as **[\(name).N]**)")
            stated.merge(found.rules) { first, _ in first }
            problems += found.problems
        }
        let porting = try String(contentsOf: Self.docs.appendingPathComponent("porting.md"), encoding: .utf8)
        let table = SpecCoverage.table(porting)
        problems += table.problems
        let ids = Set(try PortFixtures.corpus.entries().map(\.id))  // `feature/name`
        for rule in stated.keys.sorted() {
            guard let scenarios = table.rows[rule] else {
                problems.append(
                    "\(rule.page).md:\(stated[rule]!): rule \(rule) has no row in porting.md's Spec coverage table")
                continue
            }
            if scenarios.isEmpty { problems.append("rule \(rule): no scenario pins it") }
            for scenario in scenarios where !ids.contains(scenario) {
                problems.append(
                    "rule \(rule): \(scenario) is no corpus scenario (write feature/id, as `conformance list` prints it)"
                )
            }
        }
        for rule in table.rows.keys.sorted() where stated[rule] == nil {
            problems.append("porting.md: a row names rule \(rule), which no page states")
        }
        #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.joined(separator: "\n"))")
    }

    @Test func theCheckFindsAnUnpinnedRuleAMisnamedMarkerAndAnUnknownRow() {
        let page = SpecCoverage.rules(
            inPage: "kittens", text: "**[kittens.1]** a.\n**[timer.2]** b.\n**[kittens.1]** c.")
        #expect(page.rules.keys.map(\.description) == ["kittens.1"])
        #expect(page.problems.count == 2)
        #expect(page.problems.first?.hasPrefix("kittens.md:2: rule timer.2 is marked on the page kittens.md") == true)
        let table = SpecCoverage.table(
            "## Spec coverage\n| rule | pinned by |\n| --- | --- |\n| kittens.1 | `kittens/a`, `kittens/b` |\n| kittens.2 | |\n| kittens.2 | `x/y` |\n## Next\n| kittens.9 | `k/z` |"
        )
        #expect(table.rows[SpecCoverage.Rule(page: "kittens", number: 1)] == ["kittens/a", "kittens/b"])
        #expect(table.rows[SpecCoverage.Rule(page: "kittens", number: 2)] == [])
        #expect(table.rows[SpecCoverage.Rule(page: "kittens", number: 9)] == nil, "rows after the section are not read")
        #expect(table.problems == ["porting.md:6: rule kittens.2 has a row already"])
    }
}
