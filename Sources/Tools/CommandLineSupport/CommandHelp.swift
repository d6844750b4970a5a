extension CommandSpec {
    /// The help of the command (`subcommand` nil) or of one subcommand, ending with a newline.
    public func help(_ subcommand: String? = nil) -> String {
        if let spec = root ?? subcommands.first(where: { $0.name == subcommand }) {
            return subcommandHelp(spec)
        }
        var text = "USAGE: " + subcommands.map { usageLine($0) }.joined(separator: "\n       ") + "\n\n"
        text += abstract + "\n\nSUBCOMMANDS:\n"
        let width = (subcommands.map(\.name.count).max() ?? 0) + 2
        for spec in subcommands {
            let note = spec.name == defaultSubcommand ? " (the default)" : ""
            text += "  " + pad(spec.name, width) + spec.abstract + note + "\n"
        }
        text +=
            "\nRun '\(name) <subcommand> --help' for a subcommand's options. '\(name) --version' prints the version.\n"
        text += exitStatusText
        return text + (discussion.isEmpty ? "" : "\n" + discussion + "\n")
    }

    /// `tool sub <arguments> [options]`; the default subcommand's name in brackets, as it may be left out.
    private func usageLine(_ spec: SubcommandSpec) -> String {
        let subcommand = spec.name == defaultSubcommand ? "[\(spec.name)]" : spec.name
        return ([name, subcommand, spec.arguments].filter { !$0.isEmpty } + ["[options]"]).joined(separator: " ")
    }

    private func subcommandHelp(_ spec: SubcommandSpec) -> String {
        var text = "USAGE: \(usageLine(spec))\n\n\(spec.abstract)\n\nOPTIONS:\n"
        let rows =
            spec.options.map { ($0.usage, $0.help) } + [
                ("-h, --help", "show this help"), ("--version", "print the version (\(packageVersion))"),
            ]
        let width = (rows.map(\.0.count).max() ?? 0) + 3
        for (usage, help) in rows { text += "  " + pad(usage, width) + help + "\n" }
        text += "\n" + exitStatusText
        return text + (root != nil && !discussion.isEmpty ? "\n" + discussion + "\n" : "")
    }

    private var exitStatusText: String {
        "Exit status: 0 success, 1 failures found, 2 usage error (nothing was run).\n"
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }
}
