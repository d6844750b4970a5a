import ConformanceKit
import Foundation
import Testing

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
