import CommandLineSupport
import ConformanceKit
import ConformanceWire
import Foundation

/// One of `conformance`'s subcommands: its options read and checked once, from the parsed command
/// line, in its one initializer (no option is read by name anywhere else), and how it runs.
protocol ConformanceSubcommand {
    /// Reads `parsed`; a mistake is a usage error that names the option. `command` gives the
    /// features and the command's name.
    init(_ parsed: ParsedCommand, command: ConformanceCommand) throws(UsageError)
    /// Runs the subcommand; its exit status (see `ExitStatus`).
    func run(io: ConformanceCommand.IO) -> Int32
}

/// `run`, `record`, `list` and `show`: which scenarios, from which folder, and what to do with them.
struct ReplayOptions: ConformanceSubcommand {
    let command: ConformanceCommand
    var subcommand: String
    /// The ids and globs of the scenarios (all when empty).
    var patterns: [String]
    var fixtures: String?
    var record: RecordMode?
    var junit: String?
    var json: String?
    var shard: (index: Int, count: Int)?
    /// `--timeout`: the wall-clock limit of one scenario, in seconds (default 30; 5 with `--adapter`).
    var timeout: Double?
    /// `--jobs`: how many scenarios are replayed (by `list`, read) at once (nil: one per core; 1 with `--adapter`).
    var jobs: Int?
    var artifacts: String?
    /// `--wire`: replay at the wire level (docs/wire.md).
    var level = ReplayLevel.memory
    /// `run --adapter` and its options (ConformanceCommand+Ports.swift).
    var adapter: String?
    var expectedFailures: String?
    var markdown: String?

    init(_ parsed: ParsedCommand, command: ConformanceCommand) throws(UsageError) {
        func fail(_ message: String) -> UsageError {
            UsageError(command: command.name, subcommand: parsed.subcommand, message)
        }
        self.command = command
        subcommand = parsed.subcommand
        patterns = parsed.arguments + parsed.passthrough
        fixtures = parsed.value("fixtures")
        junit = parsed.value("junit")
        json = parsed.value("json")
        artifacts = parsed.value("artifacts")
        if fixtures == "" { throw fail("--fixtures needs a folder; an empty path would search the current directory") }
        if let raw = parsed.value("timeout") {
            guard let seconds = Double(raw), seconds.isFinite, seconds > 0, seconds <= 86_400 else {
                throw fail("--timeout \(raw): expected a number of seconds above 0 and at most 86400")
            }
            timeout = seconds
        }
        if let raw = parsed.value("jobs") {
            guard let count = Int(raw), (1...256).contains(count) else {
                throw fail("--jobs \(raw): expected a whole number of scenarios at once, from 1 to 256")
            }
            jobs = count
        }
        // The port's options.
        adapter = parsed.value("adapter")
        expectedFailures = parsed.value("expected-failures")
        markdown = parsed.value("markdown")
        if adapter?.trimmingCharacters(in: .whitespaces).isEmpty == true { throw fail("--adapter needs a command") }
        if parsed.flag("wire") { level = .wire }
        if adapter != nil, parsed.value("record") != nil {
            throw fail(
                "--record does not apply to a port: its transcripts are only compared with the reference's goldens")
        }
        if let raw = parsed.value("record") {
            guard let mode = RecordMode(rawValue: raw) else {
                throw fail("--record \(raw): expected never, missing, failed or all")
            }
            record = mode
        }
        if let raw = parsed.value("shard") {
            let parts = raw.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
                (1...count).contains(index)
            else {
                throw fail("--shard \(raw): expected I/N with 1 <= I <= N, e.g. 2/4")
            }
            shard = (index, count)
        }
        for path in [junit, json].compactMap({ $0 }) where path.isEmpty {
            throw fail("a report needs a file name")
        }
        if subcommand == "record", patterns.isEmpty {
            throw fail("record needs the ids or globs of the scenarios to record (use '*' for all)")
        }
        if subcommand == "show", patterns.count != 1 {
            throw fail("show needs exactly one scenario id")
        }
    }

    func run(io: ConformanceCommand.IO) -> Int32 { command.execute(self, io: io) }
}
