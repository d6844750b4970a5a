import CommandLineSupport
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
        ReferenceAdapter(features: command.features, issues: command.issues).serve(
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
        for (report, title) in zip(reports, Reports.columnTitles(reports)) where !report.passes {
            io.err(
                "\(command.name): \(title): \(report.summary)\(report.results.isEmpty ? " (no scenario ran)" : "")\n")
        }
        return status
    }
}
