import CommandLineSupport
import Testing

/// The parser every executable shares: one grammar, one set of exit statuses.
@Suite struct CommandLineParserTests {
    static let spec = CommandSpec(
        name: "tool", abstract: "A tool.",
        subcommands: [
            SubcommandSpec(
                "run", arguments: "[<name> ...]", abstract: "run things",
                options: [.value("out", "FILE", "write here"), .flag("fast", "hurry")]),
            SubcommandSpec("list", abstract: "list things"),
        ],
        defaultSubcommand: "run")

    private func run(_ arguments: [String]) throws(UsageError) -> ParsedCommand {
        guard case .run(let parsed) = try Self.spec.parse(arguments) else {
            throw UsageError(command: "test", "expected a runnable line for \(arguments)")
        }
        return parsed
    }

    @Test func valuesComeWithEqualsOrAsTheNextArgument() throws {
        #expect(try run(["run", "--out=a.txt"]).value("out") == "a.txt")
        #expect(try run(["run", "--out", "a.txt"]).value("out") == "a.txt")
        #expect(try run(["--out=", "x"]).value("out") == "", "an empty inline value is a value")
    }

    @Test func theDefaultSubcommandTakesArgumentsAndFlags() throws {
        let parsed = try run(["a", "--fast", "b", "--", "--not-an-option"])
        #expect(parsed.subcommand == "run")
        #expect(parsed.arguments == ["a", "b"])
        #expect(parsed.flag("fast"))
        #expect(!parsed.flag("out"))
        #expect(parsed.passthrough == ["--not-an-option"])
    }

    /// `conformance --fixtures DIR run 'kittens/*'` once read `run` as a scenario to match: options
    /// before the subcommand go with it, when each is that subcommand's.
    @Test func optionsBeforeTheSubcommandGoWithIt() throws {
        let parsed = try run(["--out", "a.txt", "--fast", "run", "x"])
        #expect(parsed.subcommand == "run" && parsed.arguments == ["x"])
        #expect(parsed.value("out") == "a.txt" && parsed.flag("fast"))
        #expect(try run(["--out=a.txt", "run"]).value("out") == "a.txt")
        #expect(throws: UsageError(command: "tool", subcommand: "list", "unknown option --out for list")) {
            _ = try Self.spec.parse(["--out", "a.txt", "list"])
        }
    }

    /// `conformance lsit` suggests `list`, as an option's typo does, instead of looking for a
    /// scenario named lsit; a word close to no subcommand is still the default subcommand's.
    @Test func aSubcommandsTypoSuggestsItEvenWithADefault() throws {
        #expect(
            throws: UsageError(
                command: "tool", "unknown subcommand lsit; expected one of run, list; did you mean list?")
        ) {
            _ = try Self.spec.parse(["lsit"])
        }
        #expect(try run(["kittens"]).arguments == ["kittens"])
        #expect(try run(["lis/t"]).arguments == ["lis/t"], "an id, with its slash, is no typo")
    }

    @Test func helpAndVersionWinOverEverythingElse() throws {
        #expect(try Self.spec.parse(["--help"]) == .help(Self.spec.help()))
        #expect(try Self.spec.parse(["list", "-h"]) == .help(Self.spec.help("list")))
        #expect(throws: UsageError.self, "an earlier unknown option is reported first") {
            try Self.spec.parse(["run", "--bogus", "--version"])
        }
        #expect(try Self.spec.parse(["run", "--version"]) == .version("tool \(packageVersion)"))
        #expect(packageVersion == "0.2.0")
    }

    @Test func helpNamesTheOptionsAndTheExitStatuses() {
        let help = Self.spec.help("run")
        #expect(help.hasPrefix("USAGE: tool [run] [<name> ...] [options]\n"))
        #expect(help.contains("  --out FILE   write here\n"))
        #expect(help.contains("Exit status: 0 success, 1 failures found, 2 usage error"))
        #expect(Self.spec.help().contains("  run   run things (the default)\n"))
    }

    @Test(arguments: [
        (["run", "--bogus"], "tool: unknown option --bogus for run\nRun 'tool run --help' for usage."),
        (["list", "--out=x"], "tool: unknown option --out for list\nRun 'tool list --help' for usage."),
        (["run", "--out"], "tool: --out needs a value (FILE)\nRun 'tool run --help' for usage."),
        (["run", "--out", "--fast"], "tool: --out needs a value (FILE)\nRun 'tool run --help' for usage."),
        (["run", "--fast=yes"], "tool: --fast takes no value\nRun 'tool run --help' for usage."),
        (["run", "-x"], "tool: unknown option -x for run\nRun 'tool run --help' for usage."),
    ])
    func badLinesAreUsageErrorsThatSayWhereToLook(arguments: [String], message: String) {
        do {
            _ = try Self.spec.parse(arguments)
            Issue.record("\(arguments) parsed")
        } catch {
            #expect(error.description == message)
        }
    }

    /// A misspelt option or subcommand names the one meant, in every command (the parser is shared).
    @Test(arguments: [
        (
            ["run", "--fsat"],
            "tool: unknown option --fsat for run; did you mean --fast?\nRun 'tool run --help' for usage."
        ),
        (
            ["run", "--uot=a"],
            "tool: unknown option --uot for run; did you mean --out?\nRun 'tool run --help' for usage."
        ),
        (
            ["run", "-fast"],
            "tool: unknown option -fast for run; did you mean --fast?\nRun 'tool run --help' for usage."
        ),
        (
            ["run", "--hepl"],
            "tool: unknown option --hepl for run; did you mean --help?\nRun 'tool run --help' for usage."
        ),
        (["run", "--outgoing"], "tool: unknown option --outgoing for run\nRun 'tool run --help' for usage."),
    ])
    func anUnknownOptionSuggestsTheClosestOne(arguments: [String], message: String) {
        #expect(throws: UsageError.self) { try Self.spec.parse(arguments) }
        do { _ = try Self.spec.parse(arguments) } catch { #expect(error.description == message) }
    }

    @Test func suggestionsAllowOneEditForShortNamesAndTwoForLongerOnes() {
        let options = ["port", "proxy", "fixtures", "record"]
        #expect(Suggestion.closest(to: "prot", among: options) == "port")
        #expect(Suggestion.closest(to: "prt", among: options) == "port")
        #expect(Suggestion.closest(to: "fixture", among: options) == "fixtures")
        #expect(Suggestion.closest(to: "fxitrues", among: options) == "fixtures", "two swaps")
        #expect(Suggestion.closest(to: "lixtura", among: options) == nil, "three edits are too many")
        #expect(Suggestion.closest(to: "pxy", among: options) == nil)
        #expect(Suggestion.closest(to: "RECORD", among: options) == "record")
        let mockServer = CommandSpec(name: "mock-server", abstract: "serve", options: [.value("port", "N", "port")])
        #expect(
            throws: UsageError(command: "mock-server", subcommand: "", "unknown option --prot; did you mean --port?")
        ) {
            try mockServer.parse(["--prot", "8080"])
        }
    }

    @Test func aCommandWithoutDefaultNeedsASubcommand() {
        let spec = CommandSpec(name: "t", abstract: "a", subcommands: [SubcommandSpec("go", abstract: "go")])
        #expect(throws: UsageError(command: "t", "missing subcommand; expected one of go")) { try spec.parse([]) }
        #expect(throws: UsageError(command: "t", "unknown subcommand stop; expected one of go")) {
            try spec.parse(["stop"])
        }
        #expect(throws: UsageError(command: "t", "unknown subcommand og; expected one of go; did you mean go?")) {
            try spec.parse(["og"])
        }
    }

    @Test func runMapsHelpUsageErrorsAndTheBodysStatusToExitStatuses() {
        var out = ""
        var err = ""
        #expect(Self.spec.run(["--help"], out: { out += $0 }, err: { err += $0 }) { _ in 7 } == ExitStatus.success)
        #expect(out == Self.spec.help())
        #expect(Self.spec.run(["--bogus"], out: { out += $0 }, err: { err += $0 }) { _ in 7 } == ExitStatus.usage)
        #expect(err.hasPrefix("tool: unknown option --bogus"))
        #expect(Self.spec.run(["a"], out: { out += $0 }, err: { err += $0 }) { _ in 7 } == 7)
        #expect(
            Self.spec.run(["a"], out: { out += $0 }, err: { err += $0 }) { parsed throws(UsageError) in
                throw UsageError(command: "tool", subcommand: parsed.subcommand, "no")
            } == ExitStatus.usage)
    }
}
