import ConformanceKit
import ReplaySeam
import Foundation
import ReferenceFeatures

// Replays every fixture against the reference implementation; `conformance --help` for more.
exit(ConformanceCommand(features: .reference).run(Array(CommandLine.arguments.dropFirst()), io: .standard()))
