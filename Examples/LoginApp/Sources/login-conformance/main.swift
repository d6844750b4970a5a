import ConformanceCLI
import ConformanceKit
import Foundation
import LoginReplay
import ReplaySeam

// `swift run login-conformance`: the app's scenarios under Fixtures/ against its own features.
// `--help` lists run, record, list, show, fuzz and schema, as for the package's `conformance`.
let features = FeatureRegistry([LoginFeature.module])
exit(ConformanceCommand(name: "login-conformance", features: features).run(Array(CommandLine.arguments.dropFirst()), io: .standard()))
