import CommandLineSupport
import Foundation

/// The command's port side: `run --adapter`, `adapter` and `report` (docs/porting.md).
extension ConformanceCommand {
    /// The options `run` takes for a port.
    static let portRunOptions: [OptionSpec] = [
        .value("adapter", "COMMAND", "run the scenarios against a port started with this shell command, through the adapter protocol"),
        .value("expected-failures", "FILE", "the scenarios the implementation knowingly fails, each with a reason (a port's list)"),
        .value("markdown", "FILE", "also write the compliance table as markdown"),
    ]

    /// The subcommands for ports.
    static let portSubcommands: [SubcommandSpec] = [
        SubcommandSpec("adapter", abstract: "speak the adapter protocol on standard input and output, as a port does, with the reference features"),
        SubcommandSpec(
            "report", arguments: "<report.json> ...",
            abstract: "print compliance reports written by 'run --adapter ... --json', side by side when there are several",
            options: [
                .value("markdown", "FILE", "also write the tables as markdown"), .value("junit", "FILE", "also write JUnit XML"),
            ]),
    ]

    /// The port options of `run`, read into `options`.
    static func readPortOptions(_ parsed: ParsedCommand, into options: inout Options) throws(UsageError) {
        func fail(_ message: String) -> UsageError { UsageError(command: "conformance", subcommand: parsed.subcommand, message) }
        options.adapter = parsed.value("adapter")
        options.expectedFailures = parsed.value("expected-failures")
        options.markdown = parsed.value("markdown")
        if options.adapter?.trimmingCharacters(in: .whitespaces).isEmpty == true { throw fail("--adapter needs a command") }
        if options.adapter != nil, parsed.value("record") != nil {
            throw fail("--record does not apply to a port: its transcripts are only compared with the reference's goldens")
        }
    }

    /// The wall-clock seconds a port's scenario may take when `--timeout` is not given.
    static let defaultPortTimeout = 5.0

    /// Runs `adapter` and `report`; nil for the other subcommands.
    func runPortSubcommand(_ parsed: ParsedCommand, io: IO) throws(UsageError) -> Int32? {
        switch parsed.subcommand {
        case "adapter":
            ReferenceAdapter(features: features).serve(readLine: { Swift.readLine(strippingNewline: true) }, write: { io.out($0 + "\n") })
            return ExitStatus.success
        case "report":
            guard !parsed.arguments.isEmpty else {
                throw UsageError(command: "conformance", subcommand: "report", "report needs one or more JSON reports written by 'run --json FILE'")
            }
            var reports: [RunReport] = []
            for path in parsed.arguments {
                do {
                    reports.append(try Reports.read(path: path))
                } catch {
                    // A report that cannot be read is bad input, as a fixtures folder that cannot be read is for run.
                    io.err("conformance: \(error)\n")
                    return ExitStatus.usage
                }
            }
            let table = Reports.markdown(reports)
            io.out(table)
            // The status a run gives: 1 when any report has a scenario that fails its run (or ran nothing).
            var status = reports.allSatisfy(\.passes) ? ExitStatus.success : ExitStatus.failure
            for (path, text) in [(parsed.value("markdown"), table), (parsed.value("junit"), Reports.junit(reports))] {
                guard let path else { continue }
                do {
                    try GoldenFile.writeAtomically(text, to: URL(fileURLWithPath: path))
                } catch {
                    io.err("conformance: could not write \(path): \(error)\n")
                    status = ExitStatus.failure
                }
            }
            for (report, title) in zip(reports, Reports.columnTitles(reports)) where !report.passes {
                io.err("conformance: \(title): \(report.summary)\(report.results.isEmpty ? " (no scenario ran)" : "")\n")
            }
            return status
        default:
            return nil
        }
    }
}
