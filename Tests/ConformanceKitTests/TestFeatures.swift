import ConformanceKit
import ReplaySeam
import ReferenceFeatures

/// The features the tests replay: the reference features, composed here as the `conformance`
/// executable composes them, plus the test-only composite feature.
enum TestFeatures {
    static let registry = FeatureRegistry.reference.adding(CompositeDemo.module)
    static let replayer = Replayer(features: registry)
}
