import Foundation

extension CommandSpec {
    /// For an executable's top level: parses this process's arguments, prints the help or the
    /// version and exits 0 when asked, prints a usage error and exits 2 when the line is wrong.
    public func parseOrExit(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> ParsedCommand {
        do throws(UsageError) {
            switch try parse(arguments) {
            case .help(let text):
                FileHandle.standardOutput.write(Data(text.utf8))
                Foundation.exit(ExitStatus.success)
            case .version(let text):
                FileHandle.standardOutput.write(Data((text + "\n").utf8))
                Foundation.exit(ExitStatus.success)
            case .run(let parsed):
                return parsed
            }
        } catch {
            exit(usage: error)
        }
    }

    /// Prints `error` and where to find the usage, and exits 2.
    public func exit(usage error: UsageError) -> Never {
        FileHandle.standardError.write(Data((error.description + "\n").utf8))
        Foundation.exit(ExitStatus.usage)
    }
}
