import CommandLineSupport
import ConformanceHTML
import ConformanceKit
import ConformanceWire
import Foundation

/// The command's port side: `run --adapter`, `adapter` and `report` (docs/porting.md).
extension ConformanceCommand {
    /// The options `run` takes for a port.
    static let portRunOptions: [OptionSpec] = [
        .value(
            "adapter", "COMMAND",
            "run the scenarios against a port started with this shell command, through the adapter protocol"),
        .value(
            "expected-failures", "FILE",
            "the scenarios the implementation knowingly fails, each with a reason (a port's list)"),
        .value("markdown", "FILE", "also write the compliance table as markdown"),
    ]

    /// The subcommands for ports.
    static let portSubcommands: [SubcommandSpec] = [
        SubcommandSpec(
            "adapter",
            abstract:
                "speak the adapter protocol on standard input and output, as a port does, with the features this command replays"
        ),
        SubcommandSpec(
            "report", arguments: "<report.json> ...",
            abstract:
                "print compliance reports written by 'run --adapter ... --json', side by side when there are several",
            options: [
                .value("markdown", "FILE", "also write the tables as markdown"),
                .value("junit", "FILE", "also write JUnit XML"),
                .value(
                    "html", "DIR",
                    "also write the report a person opens: a static folder that works offline (docs/reports.md)"),
                .value(
                    "fixtures", "DIR",
                    "with --html: the fixtures folder the descriptions, tags and goldens are read from (default: as for run)"
                ),
                .value(
                    "docs", "DIR",
                    "with --html: the docs folder the numbered rules are read from (default: docs beside the fixtures folder)"
                ),
                .value(
                    "docs-url", "URL",
                    "with --html: where the rules' pages link to (default: the docs folder, relative to DIR)"),
                .value(
                    "fuzz-findings", "DIR",
                    "with --html: the findings conformance fuzz wrote (its --out) to show beside the runs"),
                .value(
                    "mutation", "FILE",
                    "with --html: a mutation report in Stryker's schema (CI/mutation.py's mutation-report.json) for its page"
                ),
            ]),
    ]

    /// The wall-clock seconds a port's scenario may take when `--timeout` is not given.
    static let defaultPortTimeout = 5.0

}

/// `adapter`: the reference features behind the adapter protocol on standard input and output.
struct AdapterOptions: ConformanceSubcommand {
    let command: ConformanceCommand

    init(_ parsed: ParsedCommand, command: ConformanceCommand) throws(UsageError) { self.command = command }

    func run(io: ConformanceCommand.IO) -> Int32 {
        ReferenceAdapter(features: command.features, issues: command.issues, level: .wire).serve(
            readLine: { Swift.readLine(strippingNewline: true) }, write: { io.out($0 + "\n") })
        return ExitStatus.success
    }
}

/// `report`: JSON reports read back and printed side by side.
struct ReportOptions: ConformanceSubcommand {
    let command: ConformanceCommand
    /// The JSON reports, in the order given.
    var reports: [String]
    var markdown: String?
    var junit: String?
    /// `--html` and what it reads besides the reports.
    var html: String?
    var fixtures: String?
    var docs: String?
    var docsURL: String?
    var fuzzFindings: String?
    var mutation: String?

    init(_ parsed: ParsedCommand, command: ConformanceCommand) throws(UsageError) {
        self.command = command
        guard !parsed.arguments.isEmpty else {
            throw UsageError(
                command: command.name, subcommand: "report",
                "report needs one or more JSON reports written by 'run --json FILE'")
        }
        reports = parsed.arguments
        markdown = parsed.value("markdown")
        junit = parsed.value("junit")
        html = parsed.value("html")
        fixtures = parsed.value("fixtures")
        docs = parsed.value("docs")
        docsURL = parsed.value("docs-url")
        fuzzFindings = parsed.value("fuzz-findings")
        mutation = parsed.value("mutation")
        for (name, value) in [
            ("markdown", markdown), ("junit", junit), ("html", html), ("fixtures", fixtures), ("docs", docs),
            ("docs-url", docsURL), ("fuzz-findings", fuzzFindings), ("mutation", mutation),
        ] where value?.isEmpty == true {
            throw UsageError(command: "conformance", subcommand: "report", "--\(name) needs a value; it was empty")
        }
        if html == nil,
            let option = [
                ("fixtures", fixtures), ("docs", docs), ("docs-url", docsURL), ("fuzz-findings", fuzzFindings),
                ("mutation", mutation),
            ]
            .first(where: { $0.1 != nil })?.0
        {
            throw UsageError(command: "conformance", subcommand: "report", "--\(option) is read only with --html DIR")
        }
    }

    func run(io: ConformanceCommand.IO) -> Int32 {
        var reports: [RunReport] = []
        for path in self.reports {
            do {
                reports.append(try Reports.read(path: path))
            } catch {
                // A report that cannot be read is bad input, as a fixtures folder that cannot be read is for run.
                io.err("\(command.name): \(error)\n")
                return ExitStatus.usage
            }
        }
        // Everything the HTML report reads is read before anything is written.
        var pages: [(name: String, text: String)]?
        if let html {
            do {
                pages = HTMLReport.files(try htmlInput(reports, folder: html, io: io))
            } catch {
                io.err("conformance: \(error)\n")
                return ExitStatus.usage
            }
        }
        let table = Reports.markdown(reports)
        io.out(table)
        // The status a run gives: 1 when any report has a scenario that fails its run (or ran nothing).
        var status = reports.allSatisfy(\.passes) ? ExitStatus.success : ExitStatus.failure
        for (path, text) in [(markdown, table), (junit, Reports.junit(reports))] {
            guard let path else { continue }
            do {
                try GoldenFile.writeAtomically(text, to: URL(fileURLWithPath: path))
            } catch {
                io.err("\(command.name): could not write \(path): \(error)\n")
                status = ExitStatus.failure
            }
        }
        if let html, let pages {
            do {
                try HTMLReport.write(pages, to: URL(fileURLWithPath: html), shownAs: html)
                io.out("HTML report: \(html)/index.html\n")
            } catch {
                io.err("conformance: \(error)\n")
                status = ExitStatus.failure
            }
        }
        for (report, title) in zip(reports, Reports.columnTitles(reports)) where !report.passes {
            io.err(
                "\(command.name): \(title): \(report.summary)\(report.results.isEmpty ? " (no scenario ran)" : "")\n")
        }
        return status
    }
}

extension ReportOptions {
    /// The HTML report's input: the reports, and what the fixtures, docs and findings folders say.
    /// A folder named by an option that cannot be read is an error; one found by default that is
    /// not there leaves its part out, and the page says so.
    func htmlInput(_ reports: [RunReport], folder: String, io: ConformanceCommand.IO) throws(CatalogError)
        -> HTMLReport.Input
    {
        var input = HTMLReport.Input(reports: reports)
        let out = URL(fileURLWithPath: folder).standardizedFileURL
        var catalog: FixtureCatalog?
        do {
            catalog = try FixtureCatalog.locate(explicit: fixtures, environment: io.environment)
        } catch {
            if fixtures != nil { throw error }
        }
        if let catalog {
            input.scenarios = try HTMLReport.scenarios(in: catalog)
            input.goldens = HTMLReport.goldens(for: reports, in: catalog)
        }
        let docsFolder =
            docs.map { URL(fileURLWithPath: $0).standardizedFileURL }
            ?? catalog?.root.deletingLastPathComponent().appendingPathComponent("docs")
        let shown = docs ?? docsFolder?.path ?? "docs"
        if let docsFolder,
            docs != nil || FileManager.default.fileExists(atPath: docsFolder.appendingPathComponent("porting.md").path)
        {
            input.rules = try SpecCoverage.read(docs: docsFolder, shownAs: shown).map {
                HTMLReport.RuleRow(rule: $0.rule, statement: $0.statement, scenarios: $0.scenarios)
            }
            input.docsLink =
                docsURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
                ?? HTMLReport.relativeLink(from: out, to: docsFolder)
        } else {
            input.rulesNote =
                "No docs folder with porting.md was found beside the fixtures folder: the numbered rules are not shown (--docs DIR)."
        }
        if let fuzzFindings {
            input.findings = try HTMLReport.findings(
                in: URL(fileURLWithPath: fuzzFindings), shownAs: fuzzFindings)
        }
        if let mutation { input.mutation = try HTMLReport.Mutation.read(path: mutation) }
        return input
    }
}
