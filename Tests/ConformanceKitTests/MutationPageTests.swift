import ConformanceHTML
import ConformanceKit
import FixtureFormat
import Foundation
import Testing

/// Subject: the HTML report's mutation page (`conformance report --html DIR --mutation FILE`), read
/// from a report in Stryker's schema: its counts per layer and per file, each mutant on its line
/// with its status in words, a listed one's reason and tests, and the reports it refuses with the
/// file, the line and the member. CI/report-browser.py checks the same page in Chromium.
@Suite struct MutationPageTests {
    /// Two files of two layers: a killed, a survived, a listed, a timed-out and an unbuilt mutant.
    static let report = #"""
        {"schemaVersion": "2", "thresholds": {"high": 95, "low": 80}, "files": {
          "Sources/Library/MVICore/A.swift": {"language": "swift", "source": "let a = 1\nlet b = a + 2\n", "mutants": [
            {"id": "A.swift:1", "mutatorName": "OperatorReplacement", "replacement": "-",
             "location": {"start": {"line": 2, "column": 11}, "end": {"line": 2, "column": 12}}, "status": "Killed",
             "killedBy": ["corpus"]},
            {"id": "A.swift:2", "mutatorName": "NumberLiteral", "replacement": "0",
             "location": {"start": {"line": 1, "column": 9}, "end": {"line": 1, "column": 10}}, "status": "Survived"},
            {"id": "A.swift:3", "mutatorName": "StatementDeletion", "replacement": "/*let b = a + 2*/",
             "location": {"start": {"line": 2, "column": 1}, "end": {"line": 2, "column": 14}}, "status": "CompileError"}
          ]},
          "Sources/Features/MVIKittens/K.swift": {"language": "swift", "source": "if x < 3 { go() }", "mutants": [
            {"id": "K.swift:1", "mutatorName": "OperatorReplacement", "replacement": "<=",
             "location": {"start": {"line": 1, "column": 6}, "end": {"line": 1, "column": 7}}, "status": "Ignored",
             "statusReason": "Equivalent: x is never 3 <here>", "killedBy": ["KittenTests/neverThree"]},
            {"id": "K.swift:2", "mutatorName": "StatementDeletion", "replacement": "/*go()*/",
             "location": {"start": {"line": 1, "column": 12}, "end": {"line": 1, "column": 16}}, "status": "Timeout"}
          ]}
        }}
        """#

    static func page(_ text: String = report) throws -> String {
        let mutation = try HTMLReport.Mutation.read(Data(text.utf8), file: "mutation-report.json")
        let files = HTMLReport.files(HTMLReport.Input(reports: [], mutation: mutation))
        return try #require(files.first { $0.name == "mutation.html" }).text
    }

    @Test func eachLayerAndFileCountsItsMutantsByStatusAndScoresThoseThatRan() throws {
        let mutation = try HTMLReport.Mutation.read(Data(Self.report.utf8), file: "r.json")
        #expect(mutation.layerCounts.map(\.layer) == ["MVICore", "MVIKittens"])
        let core = try #require(mutation.layerCounts.first?.counts)
        #expect(core[.killed] == 1 && core[.survived] == 1 && core[.compileError] == 1)
        #expect(core.score == 50, "one killed of the two that built and are not listed")
        #expect(mutation.layerCounts.last?.counts.score == 100, "a timeout is a kill; a listed mutant is not counted")
        #expect(mutation.total.score == 66.7)
        let html = try Self.page()
        #expect(
            html.contains(
                "<tr data-name=\"MVICore\"><th scope=\"row\">MVICore</th><td class=\"num\" data-count=\"Killed\">1</td>"
                    + "<td class=\"num\" data-count=\"Timeout\">0</td><td class=\"num\" data-count=\"Survived\">1</td>"
                    + "<td class=\"num\" data-count=\"Ignored\">0</td><td class=\"num\" data-count=\"CompileError\">1</td>"
                    + "<td class=\"num\" data-count=\"score\">50.0%</td></tr>"))
        #expect(!html.contains("data-count=\"NoCoverage\""), "a status no mutant has gets no column")
        #expect(html.contains("<a href=\"#m-Sources.Library.MVICore.A_2e_swift\">Sources/Library/MVICore/A.swift</a>"))
    }

    @Test func eachMutantStandsUnderItsLineWithItsStatusInWordsAndOpensToTheMutatedLine() throws {
        let html = try Self.page()
        #expect(
            html.contains(
                "<tr id=\"m-Sources.Library.MVICore.A_2e_swift-L1\" class=\"m-survived\"><td class=\"n\">1</td>"
                    + "<td class=\"s\">1 survived</td><td class=\"t\">let a = 1</td></tr>"))
        #expect(html.contains("<tr class=\"del\"><td class=\"s\">-</td><td class=\"t\">let b = a + 2</td></tr>"))
        #expect(html.contains("<tr class=\"add\"><td class=\"s\">+</td><td class=\"t\">let b = a - 2</td></tr>"))
        #expect(html.contains("<details class=\"scenario mutant\" data-status=\"Survived\"><summary>"))
        #expect(
            !html.contains("<details class=\"scenario mutant\" data-status=\"CompileError\">"), "counted, not shown")
        #expect(html.contains("<dt>reason</dt><dd>Equivalent: x is never 3 &lt;here&gt;</dd>"))
        #expect(html.contains("<dt>pinned by</dt><dd><code>KittenTests/neverThree</code></dd>"))
        #expect(html.contains("<dt>killed by</dt><dd><code>corpus</code></dd>"))
        #expect(html.components(separatedBy: "<details class=\"scenario mutant\"").count - 1 == 4)
    }

    @Test func withoutAMutationReportThereIsNoMutationPageAndNoNavigation() {
        let files = HTMLReport.files(HTMLReport.Input(reports: []))
        #expect(files.map(\.name) == ["index.html"])
        #expect(!files[0].text.contains("<nav class=\"pages\""))
    }

    @Test(arguments: [
        ("{\"schemaVersion\": \"2\",", "line 1, column 23: "),
        (
            report.replacingOccurrences(of: "\"schemaVersion\": \"2\"", with: "\"schemaVersion\": \"3\""),
            "line 1: schemaVersion \"3\": this reads Stryker's mutation testing report schema, versions 1 and 2"
        ),
        (
            report.replacingOccurrences(of: "\"Timeout\"", with: "\"Dead\""),
            "line 16: files.Sources/Features/MVIKittens/K.swift.mutants[1].status: Cannot initialize Status from invalid String value Dead"
        ),
        (
            report.replacingOccurrences(of: "\"thresholds\": {\"high\": 95, \"low\": 80}, ", with: ""),
            "thresholds is missing"
        ),
        (
            report.replacingOccurrences(of: "{\"line\": 2, \"column\": 11}", with: "{\"line\": 7, \"column\": 11}"),
            "files[\"Sources/Library/MVICore/A.swift\"].mutants[0].location: lines 7 to 2 (columns 11 to 12) "
                + "are not a span of the file's 3 lines"
        ),
    ])
    func aReportThatIsNotOneIsNamedWithItsLineAndMember(text: String, expected: String) {
        #expect {
            _ = try HTMLReport.Mutation.read(Data(text.utf8), file: "bad.json")
        } throws: { error in
            "\(error)".hasPrefix("bad.json is not a mutation report in Stryker's schema: ")
                && "\(error)".contains(expected)
        }
    }

    @Test func theCommandRefusesAMissingReportBeforeWritingAnythingAndTheOptionNeedsHTML() throws {
        let folder = try PortFixtures.temporaryDirectory()
        let run = folder.appendingPathComponent("run.json")
        try Reports.json(RunReport(implementation: nil, command: "x", results: [])).write(
            to: run, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("html")
        let missing = CommandRun(["report", run.path, "--html", out.path, "--mutation", folder.path + "/no.json"])
        #expect(missing.status == 2)
        #expect(missing.err.contains("cannot read \(folder.path)/no.json: there is no such file"), "\(missing.err)")
        #expect(!FileManager.default.fileExists(atPath: out.path), "nothing is written")
        let mutation = folder.appendingPathComponent("mutation-report.json")
        try Self.report.write(to: mutation, atomically: true, encoding: .utf8)
        let written = CommandRun(["report", run.path, "--html", out.path, "--mutation", mutation.path])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["index.html", "mutation.html"])
        #expect(written.out.contains("HTML report: \(out.path)/index.html"))
        let alone = CommandRun(["report", run.path, "--mutation", mutation.path])
        #expect(alone.status == 2)
        #expect(alone.err.contains("--mutation is read only with --html DIR"), "\(alone.err)")
    }
}
