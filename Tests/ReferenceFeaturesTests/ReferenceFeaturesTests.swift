import Foundation
import ReferenceFeatures
import ReplaySeam
import Testing

/// The one list of the reference features, a product for the tools outside the package that read
/// scenarios with it (FuzzTesting/'s `FuzzScenario`). Subject: it is the corpus's list.
@Suite struct ReferenceFeaturesTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// Every folder of `Fixtures/` that holds scenarios is a feature of the list, and the list
    /// names each feature once: a scenario folder no feature reads would never be replayed.
    @Test func theListIsTheCorpusFeatureFolders() throws {
        let names = FeatureRegistry.reference.modules.map(\.name)
        #expect(Set(names).count == names.count)
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).filter { folder in
            let files =
                (try? FileManager.default.contentsOfDirectory(atPath: Self.fixtures.appendingPathComponent(folder).path))
                ?? []
            return files.contains { $0.hasSuffix(".jsonl") }
        }
        #expect(folders.count >= 5)
        #expect(Set(names) == Set(folders))
    }
}
