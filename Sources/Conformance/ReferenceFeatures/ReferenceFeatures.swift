import ImagesReplay
import KittensReplay
import NewsAppReplay
import NewsReplay
import ReplaySeam
import TimerReplay

extension FeatureRegistry {
    /// Every reference feature: the one list the `conformance` command, the tests and the
    /// benchmarks replay. Adding a feature is one line here (docs/architecture.md, "Adding a feature").
    public static let reference = FeatureRegistry([
        KittensFeature.module,
        TimerFeature.module,
        ImagesFeature.module,
        NewsFeature.module,
        NewsAppFeature.module,
    ])
}
