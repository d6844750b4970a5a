import ConformanceKit
import Foundation
import ReferenceFeatures
import ReplaySeam

// Replays every fixture against the reference implementation; `conformance --help` for more.
exit(ConformanceCommand.reference(features: .reference).run(Array(CommandLine.arguments.dropFirst()), io: .standard()))
