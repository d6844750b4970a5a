/// A command line that parsed: the subcommand, its positional arguments and options.
public struct ParsedCommand: Sendable, Equatable {
    /// The subcommand's name; empty for a command without subcommands.
    public let subcommand: String
    /// The positional arguments before `--`.
    public let arguments: [String]
    /// The arguments after `--`, passed on as they are.
    public let passthrough: [String]
    private let options: [String: [String]]

    init(subcommand: String, arguments: [String], passthrough: [String], options: [String: [String]]) {
        self.subcommand = subcommand
        self.arguments = arguments
        self.passthrough = passthrough
        self.options = options
    }

    /// The value of `--name` (the last one when given several times), or nil.
    public func value(_ name: String) -> String? { options[name]?.last }

    /// Whether the flag `--name` was given.
    public func flag(_ name: String) -> Bool { options[name] != nil }
}

/// What the command line asks for.
public enum CommandLineRequest: Sendable, Equatable {
    case run(ParsedCommand)
    /// `--help`: the text to print (exit 0).
    case help(String)
    /// `--version`: the text to print (exit 0).
    case version(String)
}

/// A command line that cannot be run: what was wrong, and which help to read.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    public let command: String
    public let subcommand: String?
    public let message: String

    public init(command: String, subcommand: String? = nil, _ message: String) {
        self.command = command
        self.subcommand = subcommand
        self.message = message
    }

    /// `conformance: <message>` and where to find the usage.
    public var description: String {
        let helpCommand = [command, subcommand].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        return "\(command): \(message)\nRun '\(helpCommand) --help' for usage."
    }
}

extension CommandSpec {
    /// Parses `arguments` (without the program name).
    public func parse(_ arguments: [String]) throws(UsageError) -> CommandLineRequest {
        var rest = arguments[...]
        let spec: SubcommandSpec
        let names = subcommands.map(\.name)
        if let root {
            spec = root
        } else if let first = rest.first, let chosen = subcommands.first(where: { $0.name == first }) {
            spec = chosen
            rest = rest.dropFirst()
        } else if let (chosen, at) = try subcommandAfterOptions(rest) {
            // `conformance --fixtures DIR run 'kittens/*'`: the options go with the subcommand.
            spec = chosen
            rest = rest[..<at] + rest[(at + 1)...]
        } else if let first = rest.first, !first.hasPrefix("-"), defaultSubcommand == nil {
            throw UsageError(
                command: name,
                "unknown subcommand \(first); expected one of \(names.joined(separator: ", "))\(Suggestion.didYouMean(first, among: names))"
            )
        } else if let first = rest.first, !first.hasPrefix("-"), !first.contains(where: { "/*?.".contains($0) }),
            let meant = Suggestion.closest(to: first, among: names)
        {
            // `conformance lsit`: a word close to a subcommand's name is its typo, not the default
            // subcommand's argument (a scenario id has a slash).
            throw UsageError(
                command: name,
                "unknown subcommand \(first); expected one of \(names.joined(separator: ", ")); did you mean \(meant)?")
        } else if let fallback = defaultSubcommand.flatMap({ name in subcommands.first { $0.name == name } }) {
            if rest.contains(where: { $0 == "--help" || $0 == "-h" }) { return .help(help()) }
            spec = fallback
        } else {
            if rest.contains(where: { $0 == "--help" || $0 == "-h" }) { return .help(help()) }
            if rest.contains("--version") { return .version("\(name) \(packageVersion)") }
            throw UsageError(
                command: name, "missing subcommand; expected one of \(subcommands.map(\.name).joined(separator: ", "))")
        }

        func fail(_ message: String) -> UsageError { UsageError(command: name, subcommand: spec.name, message) }
        var positional: [String] = []
        var passthrough: [String] = []
        var options: [String: [String]] = [:]
        while let argument = rest.popFirst() {
            if argument == "--" {
                passthrough = Array(rest)
                break
            }
            if argument == "-h" || argument == "--help" { return .help(help(spec.name)) }
            if argument == "--version" { return .version("\(name) \(packageVersion)") }
            guard argument.hasPrefix("-"), argument != "-" else {
                positional.append(argument)
                continue
            }
            let body = argument.drop { $0 == "-" }
            let optionName = String(body.prefix { $0 != "=" })
            let inline = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
            guard argument.hasPrefix("--"), let option = spec.options.first(where: { $0.name == optionName }) else {
                let place = spec.name.isEmpty ? "" : " for \(spec.name)"
                let hint = Suggestion.didYouMean(
                    optionName, among: spec.options.map(\.name) + ["help", "version"], prefix: "--")
                throw fail("unknown option \(argument.prefix { $0 != "=" })\(place)\(hint)")
            }
            if option.valueName == nil {
                if inline != nil { throw fail("--\(optionName) takes no value") }
                options[optionName, default: []].append("")
            } else if let inline {
                options[optionName, default: []].append(inline)
            } else if let next = rest.first, !next.hasPrefix("--") {
                rest = rest.dropFirst()
                options[optionName, default: []].append(next)
            } else {
                throw fail("--\(optionName) needs a value (\(option.valueName!))")
            }
        }
        return .run(
            ParsedCommand(subcommand: spec.name, arguments: positional, passthrough: passthrough, options: options))
    }

    /// The subcommand named after options only (`--fixtures DIR run ...`), and its place: each
    /// argument before it an option of that subcommand, or the value such an option takes.
    /// An option that is not the subcommand's is an error naming the subcommand.
    private func subcommandAfterOptions(_ arguments: ArraySlice<String>) throws(UsageError) -> (SubcommandSpec, Int)? {
        guard arguments.first?.hasPrefix("--") == true,
            let at = arguments.firstIndex(where: { argument in subcommands.contains { $0.name == argument } }),
            let spec = subcommands.first(where: { $0.name == arguments[at] })
        else { return nil }
        var index = arguments.startIndex
        while index < at {
            let argument = arguments[index]
            guard argument.hasPrefix("--"), argument != "--" else { return nil }
            let optionName = String(argument.dropFirst(2).prefix { $0 != "=" })
            guard let option = spec.options.first(where: { $0.name == optionName }) else {
                throw UsageError(
                    command: name, subcommand: spec.name,
                    "unknown option --\(optionName) for \(spec.name)\(Suggestion.didYouMean(optionName, among: spec.options.map(\.name), prefix: "--"))"
                )
            }
            index += option.valueName != nil && !argument.contains("=") ? 2 : 1
        }
        return index == at ? (spec, at) : nil
    }

    /// Parses `arguments` and runs `body` for a runnable command line. Help and the version are
    /// printed to `out` (status 0); a usage error, from the parser or thrown by `body`, is printed
    /// to `err` (status 2). Otherwise the status is `body`'s.
    public func run(
        _ arguments: [String], out: (String) -> Void, err: (String) -> Void,
        _ body: (ParsedCommand) throws(UsageError) -> Int32
    ) -> Int32 {
        do throws(UsageError) {
            switch try parse(arguments) {
            case .help(let text):
                out(text)
                return ExitStatus.success
            case .version(let text):
                out(text + "\n")
                return ExitStatus.success
            case .run(let parsed):
                return try body(parsed)
            }
        } catch {
            err(error.description + "\n")
            return ExitStatus.usage
        }
    }
}
