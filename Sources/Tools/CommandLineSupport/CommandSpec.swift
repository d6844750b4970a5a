/// The package's version, printed by every executable for `--version`.
public let packageVersion = "0.2.0"

/// The exit statuses every executable uses.
public enum ExitStatus {
    /// Everything asked for was done and passed.
    public static let success: Int32 = 0
    /// The command ran and found failures (a scenario failed, a check found a problem).
    public static let failure: Int32 = 1
    /// The command line was wrong: nothing was run.
    public static let usage: Int32 = 2
}

/// An option: `--name VALUE` (also `--name=VALUE`) or a flag `--name`.
public struct OptionSpec: Sendable {
    /// The name without dashes (`fixtures` for `--fixtures`).
    public let name: String
    /// The value's placeholder in help (`DIR`); nil for a flag.
    public let valueName: String?
    public let help: String

    /// An option that takes a value.
    public static func value(_ name: String, _ valueName: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: valueName, help: help)
    }

    /// A flag without value.
    public static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: nil, help: help)
    }

    var usage: String { "--\(name)" + (valueName.map { " \($0)" } ?? "") }
}

/// A subcommand, or the whole command when it has none: its arguments and options.
public struct SubcommandSpec: Sendable {
    /// The word that selects it (`run`); empty for a command without subcommands.
    public let name: String
    /// The positional arguments as help shows them (`[<id-or-glob> ...]`).
    public let arguments: String
    public let abstract: String
    public let options: [OptionSpec]

    public init(_ name: String, arguments: String = "", abstract: String, options: [OptionSpec] = []) {
        self.name = name
        self.arguments = arguments
        self.abstract = abstract
        self.options = options
    }
}

/// A command line's grammar: `<command> [<subcommand>] [arguments] [options]`.
///
/// Every executable of the package parses with it, so all behave alike: `--help` (or `-h`) for the
/// command and for each subcommand, `--version`, `--flag=value` and `--flag value`, `--` ending
/// the options, unknown options refused, and the exit statuses of `ExitStatus`.
public struct CommandSpec: Sendable {
    public private(set) var name: String
    public private(set) var abstract: String
    /// The subcommands; empty for a command that has none (then `root` describes it).
    public let subcommands: [SubcommandSpec]
    /// The subcommand used when the first argument names none.
    public let defaultSubcommand: String?
    /// The command itself when it has no subcommands.
    public let root: SubcommandSpec?
    /// Text after the option list in the command's help.
    public private(set) var discussion: String

    /// A command with subcommands.
    public init(
        name: String, abstract: String, subcommands: [SubcommandSpec], defaultSubcommand: String? = nil,
        discussion: String = ""
    ) {
        self.name = name
        self.abstract = abstract
        self.subcommands = subcommands
        self.defaultSubcommand = defaultSubcommand
        self.root = nil
        self.discussion = discussion
    }

    /// The same grammar under another name (an app's own `conformance`-style executable), with
    /// its own words for the help's first and last paragraphs when they are given.
    public func named(_ name: String, abstract: String? = nil, discussion: String? = nil) -> CommandSpec {
        var copy = self
        copy.name = name
        if let abstract { copy.abstract = abstract }
        if let discussion { copy.discussion = discussion }
        return copy
    }

    /// A command without subcommands.
    public init(name: String, arguments: String = "", abstract: String, options: [OptionSpec], discussion: String = "")
    {
        self.name = name
        self.abstract = abstract
        self.subcommands = []
        self.defaultSubcommand = nil
        self.root = SubcommandSpec("", arguments: arguments, abstract: abstract, options: options)
        self.discussion = discussion
    }
}
