import Foundation
import Testing

@testable import ConformanceHTML
@testable import ConformanceKit

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

    /// What the HTML report shows of each rule: where it is stated and its whole sentence, which
    /// may go on over the lines after its marker, with the markdown marks left out.
    @Test func everyRuleOfTheDocsIsReadWithItsStatement() throws {
        let rules = try SpecCoverage.read(docs: Self.docs, shownAs: "docs")
        #expect(rules.count > 400)
        for row in rules {
            #expect(row.statement?.text.isEmpty == false, "rule \(row.rule) has no statement")
            #expect(row.statement?.text.contains("**") == false, "\(row.rule): \(row.statement?.text ?? "")")
            #expect(!row.scenarios.isEmpty)
        }
        let reload = try #require(rules.first { $0.rule == SpecCoverage.Rule(page: "kittens", number: 7) })
        #expect(reload.statement?.page == "features/kittens.md")
        #expect(reload.statement?.text.hasSuffix("then the new request:") == true, "\(reload.statement?.text ?? "")")
        let lines = "**[x.1]** A rule\nthat goes on.\n- an item\n\n**[x.2]** Next.".split(
            separator: "\n", omittingEmptySubsequences: false)
        #expect(SpecCoverage.statement(at: 1, in: lines) == "**[x.1]** A rule that goes on.")
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
