import ConformanceKit
import ReferenceFeatures
import ReplaySeam

/// The features the tests replay: the reference features, composed here as the `conformance`
/// executable composes them, plus the test-only composite feature.
enum TestFeatures {
    static let registry = FeatureRegistry.reference.adding(CompositeDemo.module)
    static let replayer = ReferenceImplementation(features: registry)

    /// A runner over `catalog` with these features, in `mode`.
    static func runner(_ catalog: FixtureCatalog, _ mode: RecordMode, ci: Bool, commandName: String? = nil)
        -> ConformanceRunner
    {
        ConformanceRunner(catalog: catalog, features: registry, commandName: commandName, recordMode: mode, isCI: ci)
    }

    /// The reference in process, with these features: a new one per run, as `conformance run` makes.
    static var reference: ReferenceImplementation { ReferenceImplementation(features: registry) }
}
