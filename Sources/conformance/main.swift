import ConformanceKit
import Foundation

// Replays every fixture against the reference implementation; `conformance --help` for more.
exit(ConformanceCommand().run(Array(CommandLine.arguments.dropFirst()), io: .standard()))
