import CanonicalRender
import FeatureKit
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `conformance` command: arguments in, text and an exit status out.
public struct ConformanceCommand {
    public static let usage = """
        USAGE: conformance [run] [<id-or-glob> ...] [options]
               conformance list [<id-or-glob> ...] [options]
               conformance record <id-or-glob> ... [options]
               conformance show <id> [options]

        Replays the recorded scenarios under Fixtures/ against the reference implementation and
        compares each transcript with its golden file. With no subcommand, runs every scenario.

        SUBCOMMANDS:
          run       replay scenarios (all, or those matching the ids or globs) and compare
          list      print the ids of the scenarios with their descriptions
          record    replay and rewrite the goldens of the given scenarios (fails the run, so that
                    a re-record is never taken for a pass); refused when CI=true
          show      print one scenario's transcript step by step, with fixture line numbers

        OPTIONS:
          --fixtures DIR   the fixtures folder (default: $CONFORMANCE_FIXTURES, ./Fixtures, or the checkout's)
          --record MODE    never | missing | failed | all (default: $CONFORMANCE_RECORD, else missing)
          --junit FILE     also write a JUnit XML report
          --json FILE      also write a JSON report
          --shard I/N      run only shard I of N (1-based), for CI matrices
          -h, --help       show this help

        A glob matches ids with * and ?, e.g. 'kittens/*' or '*refresh*'.
        Exit status: 0 if every scenario passed, 1 if any did not, 2 for a usage error.
        Colour is used only on a terminal and never when NO_COLOR is set.
        """

    /// What the command writes to.
    public struct IO {
        public var out: (String) -> Void
        public var err: (String) -> Void
        /// Whether standard output is a terminal (progress line, colour).
        public var isTerminal: Bool
        public var environment: [String: String]

        public init(out: @escaping (String) -> Void, err: @escaping (String) -> Void, isTerminal: Bool, environment: [String: String]) {
            self.out = out
            self.err = err
            self.isTerminal = isTerminal
            self.environment = environment
        }

        /// Standard output and error of this process.
        public static func standard() -> IO {
            IO(
                out: { FileHandle.standardOutput.write(Data($0.utf8)) },
                err: { FileHandle.standardError.write(Data($0.utf8)) },
                isTerminal: isatty(STDOUT_FILENO) == 1,
                environment: ProcessInfo.processInfo.environment)
        }
    }

    struct Options {
        var subcommand = "run"
        var patterns: [String] = []
        var fixtures: String?
        var record: RecordMode?
        var junit: String?
        var json: String?
        var shard: (index: Int, count: Int)?
        var help = false
    }

    struct UsageError: Error {
        let message: String
    }

    let replayer: Replayer

    /// A command that replays `features` (the executable passes `FeatureRegistry.reference`).
    public init(features: FeatureRegistry) { self.replayer = Replayer(features: features) }

    /// Runs the command and returns its exit status.
    public func run(_ arguments: [String], io: IO) -> Int32 {
        let options: Options
        do {
            options = try parse(arguments)
        } catch {
            io.err("conformance: \(error.message)\nRun 'conformance --help' for usage.\n")
            return 2
        }
        if options.help {
            io.out(Self.usage + "\n")
            return 0
        }
        do {
            let catalog = try FixtureCatalog.locate(explicit: options.fixtures, environment: io.environment)
            var entries = try catalog.entries()
            if !options.patterns.isEmpty {
                let unmatched = options.patterns.filter { pattern in !entries.contains { IDPattern.matches(pattern, $0.id) } }
                if !unmatched.isEmpty {
                    io.err("conformance: no scenario matches \(unmatched.map { "'\($0)'" }.joined(separator: ", ")); see 'conformance list'\n")
                    return 2
                }
                entries = entries.filter { entry in options.patterns.contains { IDPattern.matches($0, entry.id) } }
            }
            if let shard = options.shard {
                entries = entries.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
            }
            switch options.subcommand {
            case "list":
                return list(entries, catalog: catalog, io: io)
            case "show":
                return show(entries, catalog: catalog, io: io)
            default:
                let mode: RecordMode = options.subcommand == "record" ? .all : try (options.record ?? RecordMode.fromEnvironment(io.environment))
                let runner = ConformanceRunner(
                    catalog: catalog, replayer: replayer, recordMode: mode, isCI: ConformanceRunner.isCI(io.environment))
                return runAll(entries, runner: runner, options: options, io: io)
            }
        } catch let error as CatalogError {
            io.err("conformance: \(error.message)\n")
            return 2
        } catch {
            io.err("conformance: \(error)\n")
            return 2
        }
    }

    func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var rest = arguments[...]
        if let first = rest.first, ["run", "list", "record", "show"].contains(first) {
            options.subcommand = first
            rest = rest.dropFirst()
        }
        func value(_ flag: String) throws(UsageError) -> String {
            guard let next = rest.first, !next.hasPrefix("--") else { throw UsageError(message: "\(flag) needs a value") }
            rest = rest.dropFirst()
            return next
        }
        while let argument = rest.first {
            rest = rest.dropFirst()
            var flag = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                flag = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            func flagValue() throws(UsageError) -> String {
                if let inline { return inline }
                return try value(flag)
            }
            switch flag {
            case "-h", "--help", "help": options.help = true
            case "--fixtures": options.fixtures = try flagValue()
            case "--junit": options.junit = try flagValue()
            case "--json": options.json = try flagValue()
            case "--record":
                let raw = try flagValue()
                guard let mode = RecordMode(rawValue: raw) else {
                    throw UsageError(message: "--record \(raw): expected never, missing, failed or all")
                }
                options.record = mode
            case "--shard":
                let raw = try flagValue()
                let parts = raw.split(separator: "/", omittingEmptySubsequences: false)
                guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
                    throw UsageError(message: "--shard \(raw): expected I/N with 1 <= I <= N, e.g. 2/4")
                }
                options.shard = (index, count)
            default:
                if argument.hasPrefix("-") { throw UsageError(message: "unknown option \(argument)") }
                options.patterns.append(argument)
            }
        }
        if options.subcommand == "record", options.patterns.isEmpty, !options.help {
            throw UsageError(message: "record needs the ids or globs of the scenarios to record (use '*' for all)")
        }
        if options.subcommand == "record", options.record != nil {
            throw UsageError(message: "record always rewrites; --record does not apply to it")
        }
        if options.subcommand == "show", options.patterns.count != 1, !options.help {
            throw UsageError(message: "show needs exactly one scenario id")
        }
        return options
    }

    // MARK: - Subcommands

    private func list(_ entries: [FixtureCatalog.Entry], catalog: FixtureCatalog, io: IO) -> Int32 {
        for entry in entries {
            let text = (try? String(contentsOf: entry.scenarioURL, encoding: .utf8)) ?? ""
            let description = (try? replayer.read(text, file: catalog.displayPath(entry.scenarioURL)).description) ?? "(unreadable: see conformance run)"
            io.out("\(entry.id)  \(description)\n")
        }
        io.out("\(entries.count) scenario\(entries.count == 1 ? "" : "s")\n")
        return 0
    }

    private func show(_ entries: [FixtureCatalog.Entry], catalog: FixtureCatalog, io: IO) -> Int32 {
        guard entries.count == 1, let entry = entries.first else {
            io.err("conformance: show needs a pattern that matches exactly one scenario, it matched \(entries.count)\n")
            return 2
        }
        let path = catalog.displayPath(entry.scenarioURL)
        do {
            let text = try String(contentsOf: entry.scenarioURL, encoding: .utf8)
            let scenario = try replayer.read(text, file: path, expectedID: entry.id)
            let result = try replayer.replay(scenario)
            io.out("\(scenario.id): \(scenario.description)\n")
            if !scenario.tags.isEmpty { io.out("tags: \(scenario.tags.joined(separator: ", "))\n") }
            for step in result.steps {
                io.out("\n> \(step.step) \(step.input)    [\(path):\(step.line)]\n")
                let lines = TranscriptFormatter.outputLines(step)
                io.out(lines.isEmpty ? "  (no reaction)\n" : lines.map { $0 + "\n" }.joined())
            }
            return 0
        } catch {
            io.err("conformance: \(error)\n")
            return 1
        }
    }

    private func runAll(_ entries: [FixtureCatalog.Entry], runner: ConformanceRunner, options: Options, io: IO) -> Int32 {
        let colour = io.isTerminal && (io.environment["NO_COLOR"] ?? "").isEmpty
        func paint(_ text: String, _ code: String) -> String { colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }

        var reports: [ScenarioReport] = []
        for (index, entry) in entries.enumerated() {
            if io.isTerminal { io.out("\r\u{1B}[K[\(index + 1)/\(entries.count)] \(entry.id)") }
            let report = runner.run(entry)
            reports.append(report)
            if io.isTerminal { io.out("\r\u{1B}[K") }
            if report.outcome.isPass {
                if !io.isTerminal { io.out("pass  \(report.id)\n") }
            } else {
                let head = paint(report.outcome.label.uppercased(), "31")
                io.out("\(head)  \(report.id)\n" + report.outcome.message.split(separator: "\n", omittingEmptySubsequences: false).map { "    \($0)\n" }.joined())
            }
        }

        // The per-feature table.
        let features = Array(Set(reports.map(\.feature))).sorted()
        let rows = features.map { feature -> (String, Int, Int) in
            let mine = reports.filter { $0.feature == feature }
            return (feature, mine.filter { $0.outcome.isPass }.count, mine.filter { !$0.outcome.isPass }.count)
        }
        let passed = reports.filter { $0.outcome.isPass }.count
        let failed = reports.count - passed
        let width = max(7, (features.map(\.count).max() ?? 0))
        func row(_ a: String, _ b: String, _ c: String, _ d: String) -> String {
            a.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + [b, c, d].map { String(repeating: " ", count: max(0, 6 - $0.count)) + $0 }.joined(separator: "  ") + "\n"
        }
        io.out("\n" + row("feature", "passed", "failed", "total"))
        for (feature, pass, fail) in rows { io.out(row(feature, String(pass), String(fail), String(pass + fail))) }
        io.out(row("all", String(passed), String(failed), String(reports.count)))
        let summary = "\(passed) passed, \(failed) failed"
        io.out((failed == 0 ? paint(summary, "32") : paint(summary, "31")) + "\n")

        var status: Int32 = failed == 0 ? 0 : 1
        if let path = options.junit {
            if !writeReport(Reports.junit(reports), to: path, io: io) { status = 1 }
        }
        if let path = options.json {
            if !writeReport(Reports.json(reports), to: path, io: io) { status = 1 }
        }
        return status
    }

    private func writeReport(_ text: String, to path: String, io: IO) -> Bool {
        do {
            try GoldenFile.writeAtomically(text, to: URL(fileURLWithPath: path))
            return true
        } catch {
            io.err("conformance: could not write \(path): \(error)\n")
            return false
        }
    }
}

/// Machine-readable reports.
public enum Reports {
    /// JUnit XML: one testsuite per feature, one testcase per scenario.
    public static func junit(_ reports: [ScenarioReport]) -> String {
        let features = Array(Set(reports.map(\.feature))).sorted()
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let failures = reports.filter { !$0.outcome.isPass }.count
        xml += "<testsuites name=\"conformance\" tests=\"\(reports.count)\" failures=\"\(failures)\">\n"
        for feature in features {
            let mine = reports.filter { $0.feature == feature }
            xml += "  <testsuite name=\"\(escape(feature))\" tests=\"\(mine.count)\" failures=\"\(mine.filter { !$0.outcome.isPass }.count)\">\n"
            for report in mine {
                xml += "    <testcase classname=\"\(escape(feature))\" name=\"\(escape(report.id))\""
                if report.outcome.isPass {
                    xml += "/>\n"
                } else {
                    xml += ">\n      <failure type=\"\(report.outcome.label)\" message=\"\(escape(firstLine(report.outcome.message)))\">"
                    xml += escape(report.outcome.message) + "</failure>\n    </testcase>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    /// JSON: totals and one object per scenario.
    public static func json(_ reports: [ScenarioReport]) -> String {
        let passed = reports.filter { $0.outcome.isPass }.count
        var text = "{\n  \"passed\": \(passed),\n  \"failed\": \(reports.count - passed),\n  \"scenarios\": ["
        text += reports.map { report in
            "\n    {\"id\": \(JSONValue.string(report.id).compactText), \"feature\": \(JSONValue.string(report.feature).compactText), "
                + "\"outcome\": \"\(report.outcome.label)\", \"steps\": \(report.steps), \"message\": \(JSONValue.string(report.outcome.message).compactText)}"
        }.joined(separator: ",")
        return text + (reports.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
    }

    private static func firstLine(_ text: String) -> String {
        String(text.split(separator: "\n", maxSplits: 1).first ?? "")
    }

    static func escape(_ text: String) -> String { TextEscaping.xmlEscaped(text) }
}
