import ConformanceFuzzing
import ConformanceHTML
import ConformanceKit
import FixtureFormat
import Foundation
import Testing

/// A result for the HTML report's tests.
private func result(
    _ id: String, _ outcome: Outcome, difference: FirstDifference? = nil, expected: String? = nil
) -> ScenarioResult {
    var result = ScenarioResult(id: id, feature: String(id.prefix { $0 != "/" }), outcome: outcome)
    result.firstDifference = difference
    result.expectedFailure = expected
    result.steps = 3
    result.file = "Fixtures/\(id).jsonl"
    return result
}

/// Subject: `conformance report --html DIR` (HTMLReport and its sections): the page's structure,
/// what it counts, the diff under its steps, the rules, the runs compared, the fuzz findings, and
/// what is refused before anything is written. CI/report-browser.py checks the same page in Chromium.
@Suite struct HTMLReportTests {
    static let golden = """
        # kittens/b
        # B.
        > 1 create
          request #1 load(limit: 50, page: 0)
        > 2 start
          render KittenViewModel
            isLoading: true
        > 3 respond #1 urls [0]
          render KittenViewModel
            isLoading: false

        """
    static let actual = golden.replacingOccurrences(of: "    isLoading: false\n", with: "    isLoading: true\n")
    static var diffMessage: String {
        "kittens/b: the transcript differs from Fixtures/kittens/b.golden.txt\n"
            + (LineDiff.unified(golden: golden, actual: actual, goldenName: "Fixtures/kittens/b.golden.txt") ?? "")
            + "re-record with `swift run conformance record kittens/b` once the change is intended"
    }

    static let port = ImplementationInfo(
        name: "python-port", language: "python", version: "0.1.0", features: ["kittens"],
        issues: "https://example.test/issues")
    static let reference = ImplementationInfo(
        name: "reference", language: "swift", version: "0.2.0", features: ["kittens", "timer"],
        issues: "https://example.test/issues")

    static var earlier: RunReport {
        RunReport(
            implementation: port, command: "python3 port.py",
            results: [
                result("kittens/a", .passed), result("kittens/b", .passed),
                result("kittens/c", .failed("kittens/c: the transcript differs"), expected: "not yet"),
                result("kittens/d", .passed),
            ], source: "before.json")
    }
    static var later: RunReport {
        RunReport(
            implementation: port, command: "python3 port.py",
            results: [
                result("kittens/a", .passed),
                result(
                    "kittens/b", .failed(diffMessage),
                    difference: FirstDifference(step: 3, scenarioLine: 4, goldenLine: 10)),
                result("kittens/c", .passed),
                result("kittens/e", .errored("Fixtures/kittens/e.jsonl:2: field \"event\": unknown event \"jump\"")),
                result("timer/a", .skipped("python-port does not implement the feature timer", declared: false)),
            ], source: "after.json")
    }

    static func input(findings: [HTMLReport.Finding]? = nil) -> HTMLReport.Input {
        let rule = SpecCoverage.Rule(page: "kittens", number: 7)
        return HTMLReport.Input(
            reports: [earlier, later],
            scenarios: [
                "kittens/b": HTMLReport.ScenarioInfo(
                    description: "A reload <cancels> the load", tags: ["cancellation"], golden: "kittens/b.golden.txt")
            ],
            goldens: ["kittens/b": golden],
            rules: [
                HTMLReport.RuleRow(
                    rule: rule,
                    statement: SpecCoverage.Statement(page: "features/kittens.md", line: 12, text: "A reload cancels."),
                    scenarios: ["kittens/b", "kittens/a"]),
                HTMLReport.RuleRow(
                    rule: SpecCoverage.Rule(page: "kittens", number: 8), statement: nil, scenarios: ["kittens/a"]),
            ], docsLink: "../docs", findings: findings)
    }

    static var page: String { HTMLReport.files(input()).first { $0.name == "index.html" }?.text ?? "" }

    /// Every `<tag ...>` of a page, as text.
    static func tags(_ name: String, in page: String) -> [String] {
        page.matches(of: try! Regex("<\(name)(\\s[^>]*)?>")).map { String(page[$0.range]) }
    }

    @Test func thePageFetchesNothingAndRunsNoScript() {
        let page = Self.page
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(page.contains(#"content="default-src 'none'; style-src 'unsafe-inline'; img-src data:""#))
        #expect(!page.contains("<script"))
        #expect(!page.contains("src=\""), "no image, frame or script is loaded")
        #expect(!page.contains("<link"), "no style sheet or font is loaded")
        #expect(!page.contains("@import") && !page.contains("url("), "the style fetches nothing")
        #expect(HTMLReport.files(Self.input()).map(\.text) == HTMLReport.files(Self.input()).map(\.text))
    }

    @Test func everyTableHasACaptionAndEveryHeaderCellAScope() {
        let page = Self.page
        let tables = Self.tags("table", in: page).count
        #expect(tables >= 5)
        #expect(page.components(separatedBy: "<caption>").count - 1 == tables)
        for header in Self.tags("th", in: page) {
            #expect(header.contains("scope=\""), "\(header)")
        }
        for section in Self.tags("section", in: page) {
            let labelled = section.firstMatch(of: #/aria-labelledby="([^"]+)"/#)
            #expect(labelled != nil, "\(section)")
            if let labelled { #expect(page.contains("id=\"\(labelled.output.1)\"")) }
        }
        for nav in Self.tags("nav", in: page) { #expect(nav.contains("aria-label=")) }
        let boxes = Self.tags("div", in: page).filter { $0.contains("class=\"wrap\"") }
        #expect(boxes.count == tables, "every table scrolls in its own box")
        for box in boxes {
            #expect(box.contains(#"role="region" tabindex="0" aria-label=""#), "a keyboard reaches it: \(box)")
        }
    }

    @Test func everyInternalLinkNamesAnElementOfThePage() {
        let page = Self.page
        let ids = Set(page.matches(of: #/ id="([^"]+)"/#).map { String($0.output.1) })
        let anchors = page.matches(of: #/href="#([^"]+)"/#).map { String($0.output.1) }
        #expect(anchors.count > 5)
        for anchor in anchors { #expect(ids.contains(anchor), "#\(anchor) names nothing") }
        #expect(page.contains(#"href="../docs/features/kittens.md">features/kittens.md, line 12</a>"#))
    }

    @Test func theSummaryCountsEachOutcomePerFeatureAndInAll() {
        let page = Self.page
        let table = page.components(separatedBy: "<table class=\"summary\" data-report=\"1\">")[1]
            .components(separatedBy: "</table>")[0]
        let kittens = table.components(separatedBy: "<tr data-feature=\"kittens\">")[1].components(
            separatedBy: "</tr>")[0]
        #expect(kittens.contains(#"data-count="passed">2</td>"#))
        #expect(kittens.contains(##"data-count="failed"><a href="#failures-1">1</a></td>"##))
        #expect(kittens.contains(##"data-count="errored"><a href="#failures-1">1</a></td>"##))
        #expect(kittens.contains(#"data-count="percent">50%</td>"#))
        let timer = table.components(separatedBy: "<tr data-feature=\"timer\">")[1].components(separatedBy: "</tr>")[0]
        #expect(timer.contains(#"data-count="skipped">1</td>"#))
        #expect(timer.contains(#"data-count="percent">–</td>"#), "nothing of it ran")
        let all = table.components(separatedBy: "<tfoot>")[1]
        #expect(all.contains(#"<th scope="row">all</th><td class="num" data-count="passed">2</td>"#))
        let before = page.components(separatedBy: "<table class=\"summary\" data-report=\"0\">")[1]
            .components(separatedBy: "</table>")[0]
        #expect(before.contains(#"data-count="expected">1</td>"#), "an expected failure is counted")
    }

    @Test func aFailingScenarioIsClosedAndOpensToItsDiffUnderTheStepThatProducedIt() {
        let page = Self.page
        let entry = page.components(separatedBy: "<details class=\"scenario\" id=\"f1-kittens.b\">")[1]
            .components(separatedBy: "</details>")[0]
        #expect(page.contains("<details class=\"scenario\" id=\"f1-kittens.b\"><summary>"), "closed until clicked")
        #expect(entry.contains("<span class=\"badge failed\">failed</span> <code>kittens/b</code>"))
        #expect(entry.contains("from step 3, golden line 10"))
        #expect(entry.contains("A reload &lt;cancels&gt; the load"), "the description, escaped")
        #expect(entry.contains("<li>cancellation</li>"))
        #expect(entry.contains("golden line 10, step 3 (scenario line 4)"))
        #expect(entry.contains("step 3 (golden line 8): <code>&gt; 3 respond #1 urls [0]</code>"))
        #expect(
            entry.contains(
                #"<tr class="del"><td class="n">10</td><td class="s"><span class="sr">removed</span><span aria-hidden="true">-</span></td><td class="t">    isLoading: false</td></tr>"#
            ))
        #expect(entry.contains(#"<tr class="add"><td class="n"></td>"#))
        #expect(entry.contains("re-record with `swift run conformance record kittens/b`"), "the hint after the diff")
        let errored = page.components(separatedBy: "id=\"f1-kittens.e\">")[1].components(separatedBy: "</details>")[0]
        #expect(errored.contains("<pre>Fixtures/kittens/e.jsonl:2: field &quot;event&quot;"))
        #expect(!page.contains("id=\"f1-timer.a\""), "an undeclared feature's skip is no failure")
    }

    @Test func theDiffKnowsItsStepsFromItsOwnEchoesWithoutTheGolden() {
        let (before, rows, after) = DiffViewProbe.parse(Self.diffMessage)
        #expect(before == ["kittens/b: the transcript differs from Fixtures/kittens/b.golden.txt"])
        #expect(rows.filter { $0 == "removed 10" }.count == 1)
        #expect(rows.contains("added -"))
        #expect(after == ["re-record with `swift run conformance record kittens/b` once the change is intended"])
        var input = Self.input()
        input.goldens = [:]
        let page = HTMLReport.files(input)[0].text
        #expect(page.contains("step 3 (golden line 8): <code>&gt; 3 respond #1 urls [0]</code>"))
    }

    @Test func twoRunsOfOneImplementationShowWhatBrokeWhatWasMendedAndWhatWasNotRun() {
        let page = Self.page
        let compared = page.components(separatedBy: "<section id=\"compared-0\"")[1]
            .components(separatedBy: "</section>")[0]
        #expect(compared.contains("data-broke=\"1\" data-mended=\"1\""))
        let broke = compared.components(separatedBy: "<table class=\"broke\">")[1].components(separatedBy: "</table>")[
            0]
        #expect(broke.contains("<code>kittens/b</code>"))
        #expect(broke.contains(##"<a href="#f1-kittens.b">failed (step 3)</a>"##))
        let mended = compared.components(separatedBy: "<table class=\"mended\">")[1]
            .components(separatedBy: "</table>")[0]
        #expect(mended.contains("<code>kittens/c</code>"))
        let notRun = compared.components(separatedBy: "<table class=\"not-run\">")[1]
            .components(separatedBy: "</table>")[0]
        #expect(notRun.contains("<code>kittens/d</code>") && notRun.contains("<code>kittens/e</code>"))
        #expect(!notRun.contains("timer/a"), "a skipped feature is not run in either")
        let one = HTMLReport.files(HTMLReport.Input(reports: [Self.later]))[0].text
        #expect(one.contains("No two runs of one implementation were given."))
    }

    @Test func eachRuleNamesTheScenariosThatFailItForEachImplementation() {
        let page = Self.page
        let broken = page.components(separatedBy: "<table class=\"rules-broken\">")[1]
            .components(separatedBy: "</table>")[0]
        #expect(broken.contains("<tr data-rule=\"kittens.7\">"))
        #expect(!broken.contains("kittens.8"), "a rule no implementation breaks is only in the full table")
        #expect(broken.contains(#"<td class="passed">passes</td>"#), "the earlier run passes it")
        #expect(
            broken.contains(
                ##"<span class="badge failed">fails</span> <a href="#f1-kittens.b"><code>kittens/b</code></a>"##))
        #expect(page.contains("(stated on no page)"))
        let none = HTMLReport.files(HTMLReport.Input(reports: [Self.later], rulesNote: "No docs folder."))[0].text
        #expect(none.contains("<p>No docs folder.</p>"))
    }

    @Test func aFuzzFindingShowsItsStepsItsDivergenceAndTheCommandsThatReplayIt() throws {
        let record = FindingRecord(
            format: 1, feature: "kittens", seed: "7", kind: "diverged", step: 2,
            message: "step 2 ({\"event\":\"start\"}): the reference   render X; the port does nothing",
            reference: ["  render X"], port: [], originalSteps: 40, shrunkSteps: 2,
            again: "conformance fuzz kittens --seed 7 --runs 1 --adapter 'python3 port.py'",
            replay: "conformance run --fixtures fuzz-findings kittens/fuzz-7 --adapter 'python3 port.py'",
            adapter: "python3 port.py")
        let finding = HTMLReport.Finding(
            record: record, file: "fuzz-findings/kittens/fuzz-7.jsonl",
            lines: [#"{"format":1}"#, #"{"event":"create"}"#, #"{"event":"start"}"#])
        let page = HTMLReport.files(Self.input(findings: [finding]))[0].text
        let entry = page.components(separatedBy: "id=\"fuzz-kittens-7\"")[1].components(separatedBy: "</details>")[0]
        #expect(entry.contains("<dd>step 2 ({&quot;event&quot;:&quot;start&quot;})</dd>"))
        #expect(entry.contains("<figcaption>the reference at step 2</figcaption><pre>  render X</pre>"))
        #expect(entry.contains("<figcaption>the port at step 2</figcaption><pre>(nothing)</pre>"))
        #expect(entry.contains("40 generated, shrunk to 2"))
        #expect(
            entry.contains(
                "<code>conformance run --fixtures fuzz-findings kittens/fuzz-7 --adapter &#39;python3 port.py&#39;</code>"
            ))
        #expect(entry.contains(#"<li class="failed">{&quot;event&quot;:&quot;start&quot;} ← here</li>"#))
        #expect(Self.page.contains("No findings folder was given"))
    }

    // MARK: Reading and writing

    @Test func findingsAreReadBackAndABrokenOneIsNamedWithItsLineAndMember() throws {
        let folder = try PortFixtures.temporaryDirectory()
        let kittens = folder.appendingPathComponent("kittens")
        try FileManager.default.createDirectory(at: kittens, withIntermediateDirectories: true)
        let good = """
            {
              "again" : "conformance fuzz kittens --seed 3 --runs 1",
              "feature" : "kittens",
              "format" : 1,
              "kind" : "pending",
              "message" : "requests #1 are neither answered nor cancelled",
              "originalSteps" : 9,
              "replay" : "conformance show --fixtures f kittens/fuzz-3",
              "seed" : "3",
              "shrunkSteps" : 2,
              "step" : 2
            }

            """
        try good.write(to: kittens.appendingPathComponent("fuzz-3.finding.json"), atomically: true, encoding: .utf8)
        let missing = #expect(throws: CatalogError.self) { try HTMLReport.findings(in: folder, shownAs: "f") }
        #expect(
            missing?.message == "cannot read f/kittens/fuzz-3.jsonl: the finding's fixture is missing or not UTF-8 text"
        )
        try "{\"format\":1}\n{\"event\":\"create\"}\n".write(
            to: kittens.appendingPathComponent("fuzz-3.jsonl"), atomically: true, encoding: .utf8)
        let findings = try HTMLReport.findings(in: folder, shownAs: "f")
        #expect(findings.map(\.record.seed) == ["3"])
        #expect(findings.first?.lines.count == 2)
        try good.replacingOccurrences(of: #""step" : 2"#, with: #""step" : "two""#).write(
            to: kittens.appendingPathComponent("fuzz-3.finding.json"), atomically: true, encoding: .utf8)
        let wrong = #expect(throws: CatalogError.self) { try HTMLReport.findings(in: folder, shownAs: "f") }
        #expect(
            wrong?.message.hasPrefix(
                "f/kittens/fuzz-3.finding.json is not a finding written by `conformance fuzz`: line 11: step: ")
                == true,
            "\(wrong?.message ?? "")")
        try "{\n  \"format\": 1,\n  \"feature\" \"kittens\"\n}".write(
            to: kittens.appendingPathComponent("fuzz-3.finding.json"), atomically: true, encoding: .utf8)
        let syntax = #expect(throws: CatalogError.self) { try HTMLReport.findings(in: folder, shownAs: "f") }
        #expect(syntax?.message.contains(": line 3, column 13: ") == true, "\(syntax?.message ?? "")")
        let none = #expect(throws: CatalogError.self) {
            try HTMLReport.findings(in: folder.appendingPathComponent("nowhere"), shownAs: "nowhere")
        }
        #expect(none?.message.hasPrefix("cannot read nowhere: there is no such folder") == true)
    }

    @Test func aReportThatCannotBeReadIsNamedWithItsLineAndMember() {
        var text = Reports.json(Self.later)
        text = text.replacingOccurrences(of: #""outcome" : "errored""#, with: #""outcome" : 3"#)
        let error = #expect(throws: CatalogError.self) { try Reports.read(Data(text.utf8), file: "r.json") }
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
            $0.contains(#""outcome" : 3"#)
        }
        #expect(
            error?.message.hasPrefix(
                "r.json is not a JSON report written by `conformance run --json`: line \((line ?? 0) + 1): scenarios[3].outcome: "
            )
                == true, "\(error?.message ?? "")")
        let broken = #expect(throws: CatalogError.self) {
            try Reports.read(Data("{\n  \"version\": 2,\n  \"counts\": {,}\n}".utf8), file: "b.json")
        }
        #expect(
            broken?.message.contains(
                "b.json is not a JSON report written by `conformance run --json`: line 3, column 14: ") == true,
            "\(broken?.message ?? "")")
    }

    @Test func theCommandWritesTheFolderOnlyWhenEverythingCouldBeRead() throws {
        let folder = try PortFixtures.temporaryDirectory()
        let report = folder.appendingPathComponent("after.json")
        try Reports.json(Self.later).write(to: report, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("html")
        let docs = folder.appendingPathComponent("docs")
        try FileManager.default.createDirectory(
            at: docs.appendingPathComponent("features"), withIntermediateDirectories: true)
        try "The rule: **[kittens.1]** a reload cancels.\n".write(
            to: docs.appendingPathComponent("features/kittens.md"), atomically: true, encoding: .utf8)
        try "x\n".write(to: docs.appendingPathComponent("navigation.md"), atomically: true, encoding: .utf8)
        try "## Spec coverage\n\n| kittens.1 | `kittens/b` |\n".write(
            to: docs.appendingPathComponent("porting.md"), atomically: true, encoding: .utf8)

        let bad = folder.appendingPathComponent("bad.json")
        try "{\"version\": 2".write(to: bad, atomically: true, encoding: .utf8)
        let refused = CommandRun(["report", report.path, bad.path, "--html", out.path, "--docs", docs.path])
        #expect(refused.status == 2)
        #expect(refused.err.contains("bad.json is not a JSON report"), "\(refused.err)")
        #expect(!FileManager.default.fileExists(atPath: out.path), "nothing is written")
        let noFindings = CommandRun(
            [
                "report", report.path, "--html", out.path, "--docs", docs.path, "--fuzz-findings",
                folder.appendingPathComponent("none").path,
            ])
        #expect(noFindings.status == 2)
        #expect(!FileManager.default.fileExists(atPath: out.path), "nothing is written")

        let noDocs = CommandRun(["report", report.path, "--html", out.path, "--docs", folder.path])
        #expect(noDocs.status == 2)
        #expect(
            noDocs.err
                == "conformance: cannot read \(folder.path)/porting.md: there is no such file (the rules' coverage table is read from it)\n",
            "\(noDocs.err)")
        #expect(!FileManager.default.fileExists(atPath: out.path), "nothing is written")

        let run = CommandRun([
            "report", report.path, "--html", out.path, "--docs", docs.path, "--docs-url", "https://example.test/docs/",
        ])
        #expect(run.status == 1, "the report it shows fails its run")
        #expect(run.out.contains("HTML report: \(out.path)/index.html"))
        let page = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(
            page.contains(#"<a href="https://example.test/docs/features/kittens.md">features/kittens.md, line 1</a>"#))
        #expect(page.contains("The rule: a reload cancels."))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["index.html"])
        #expect(
            CommandRun(["report", report.path, "--html", out.path, "--docs", docs.path]).status == 1,
            "an earlier report is replaced")

        try "mine".write(to: out.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let other = CommandRun(["report", report.path, "--html", out.path, "--docs", docs.path])
        #expect(other.status == 1)
        #expect(other.err.contains("it holds files that are not a report's (notes.txt)"), "\(other.err)")
        #expect(
            CommandRun(["report", report.path, "--docs", docs.path]).err.contains("--docs is read only with --html DIR")
        )
        #expect(HTMLReport.relativeLink(from: out, to: docs) == "../docs")
    }
}

/// The diff parser's rows as short texts, for comparison.
enum DiffViewProbe {
    static func parse(_ message: String) -> (before: [String], rows: [String], after: [String]) {
        let page = HTMLReport.files(
            HTMLReport.Input(reports: [
                RunReport(
                    implementation: nil, command: "x",
                    results: [result("kittens/b", .failed(message))])
            ]))[0].text
        let rows = page.matches(of: #/<tr class="(del|add)"><td class="n">([0-9]*)</td>/#).map {
            "\($0.output.1 == "del" ? "removed" : "added") \($0.output.2.isEmpty ? "-" : String($0.output.2))"
        }
        let before =
            page.contains("<p>kittens/b: the transcript differs from Fixtures/kittens/b.golden.txt</p>")
            ? ["kittens/b: the transcript differs from Fixtures/kittens/b.golden.txt"] : []
        let after = page.matches(of: #/<pre>(re-record[^<]*)</pre>/#).map { String($0.output.1) }
        return (before, rows, after)
    }
}
