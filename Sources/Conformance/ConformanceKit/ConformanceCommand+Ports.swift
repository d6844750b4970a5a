import CommandLineSupport
import Foundation

/// The command's port side: `run --adapter`, `adapter` and `report` (docs/porting.md).
extension ConformanceCommand {
    /// The options `run` takes for a port.
    static let portRunOptions: [OptionSpec] = [
        .value("adapter", "COMMAND", "run the scenarios against a port started with this shell command, through the adapter protocol"),
        .value("expected-failures", "FILE", "with --adapter: the port's list of scenarios it knowingly fails, each with a reason"),
        .value("markdown", "FILE", "with --adapter: also write the compliance table as markdown"),
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
        if options.adapter == nil {
            for name in ["expected-failures", "markdown"] where parsed.value(name) != nil {
                throw fail("--\(name) needs --adapter")
            }
        }
    }

    /// Runs `adapter` and `report`; nil for the other subcommands.
    func runPortSubcommand(_ parsed: ParsedCommand, io: IO) throws(UsageError) -> Int32? {
        switch parsed.subcommand {
        case "adapter":
            ReferenceAdapter(features: replayer.features).serve(readLine: { Swift.readLine(strippingNewline: true) }, write: { io.out($0 + "\n") })
            return ExitStatus.success
        case "report":
            guard !parsed.arguments.isEmpty else {
                throw UsageError(command: "conformance", subcommand: "report", "report needs one or more JSON reports written by 'run --adapter ... --json FILE'")
            }
            var reports: [ComplianceReport] = []
            for path in parsed.arguments {
                guard let data = FileManager.default.contents(atPath: path) else {
                    io.err("conformance: cannot read \(path)\n")
                    return ExitStatus.failure
                }
                do {
                    reports.append(try ComplianceReport.read(data, file: path))
                } catch {
                    io.err("conformance: \(error)\n")
                    return ExitStatus.failure
                }
            }
            return writeCompliance(reports, markdown: parsed.value("markdown"), junit: parsed.value("junit"), json: nil, io: io)
                ? ExitStatus.success : ExitStatus.failure
        default:
            return nil
        }
    }

    /// `run --adapter`: every entry through the port, then the compliance table.
    func runPort(_ entries: [FixtureCatalog.Entry], catalog: FixtureCatalog, options: Options, command: String, io: IO) -> Int32 {
        var expected = ExpectedFailures()
        if let path = options.expectedFailures {
            do {
                expected = try ExpectedFailures.load(path)
            } catch {
                io.err("conformance: \(error)\n")
                return ExitStatus.usage
            }
            for id in expected.unknown(among: entries.map(\.id)) {
                io.err("conformance: warning: \(path) lists \(id), which is not among the scenarios run\n")
            }
        }
        let runner = PortRunner(
            catalog: catalog, replayer: replayer, command: command, timeout: options.timeout ?? PortRunner.defaultTimeout,
            expectedFailures: expected)
        let run = runner.run(entries) { result in
            let head: String
            switch (result.outcome, result.expectedFailure) {
            case (.passed, nil): head = "pass"
            case (.passed, .some): head = "UNEXPECTED PASS"
            case (.skipped, _): head = "skip"
            case (_, .some(let reason)): head = "expected \(result.outcome.label) (\(reason))"
            default: head = result.outcome.label.uppercased()
            }
            let body = result.outcome.message.isEmpty || result.expectedFailure != nil && result.outcome != .passed ? "" : result.outcome.message
            var text = "\(head)  \(result.id)\n"
            if !body.isEmpty { text += body.split(separator: "\n", omittingEmptySubsequences: false).map { "    \($0)\n" }.joined() }
            if case .passed = result.outcome, result.expectedFailure != nil {
                text += "    listed as an expected failure, but it passes now: remove it from the expected failures file\n"
            }
            io.out(text)
        }
        let report = ComplianceReport(run)
        io.out("\n" + ComplianceFormat.markdown([report]))
        let failing = run.results.filter(\.failsTheRun).count
        var status = failing == 0 && run.port != nil ? ExitStatus.success : ExitStatus.failure
        io.out(failing == 0 ? "the port meets its expectations\n" : "\(failing) scenario\(failing == 1 ? "" : "s") against expectations\n")
        if !writeCompliance([report], markdown: options.markdown, junit: options.junit, json: options.json, io: io, quiet: true) {
            status = ExitStatus.failure
        }
        return status
    }

    /// Prints (unless `quiet`) and writes compliance reports; false when a file could not be written.
    private func writeCompliance(
        _ reports: [ComplianceReport], markdown: String?, junit: String?, json: String?, io: IO, quiet: Bool = false
    ) -> Bool {
        let table = ComplianceFormat.markdown(reports)
        if !quiet { io.out(table) }
        var written = true
        for (path, text) in [(markdown, table), (junit, ComplianceFormat.junit(reports)), (json, reports.first?.json ?? "")] {
            guard let path else { continue }
            do {
                try GoldenFile.writeAtomically(text, to: URL(fileURLWithPath: path))
            } catch {
                io.err("conformance: could not write \(path): \(error)\n")
                written = false
            }
        }
        return written
    }
}
