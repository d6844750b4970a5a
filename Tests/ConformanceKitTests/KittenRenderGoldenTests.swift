import ConformanceKit
import FixtureFormat
import Foundation
import KittensReplay
import MVIKittens
import ReplaySeam
import Testing

/// The Kittens view model render of each state, against a golden read by eye once.
@Suite struct KittenRenderGoldenTests {
    static let states: [(String, KittenState)] = [
        ("initial (before the first load starts)", KittenState()),
        ("loading, no images yet", KittenState(isLoading: true, data: .images([]))),
        (
            "images",
            KittenState(isLoading: false, data: .images(["https://cats.test/1.jpg", "https://cats.test/2.jpg"]))
        ),
        ("reloading over images", KittenState(isLoading: true, data: .images(["https://cats.test/1.jpg"]))),
        ("error", KittenState(isLoading: false, data: .error)),
        ("reloading over an error", KittenState(isLoading: true, data: .error)),
        ("zero images", KittenState(isLoading: false, data: .images([]))),
    ]

    @Test func eachStateRendersAsItsGoldenSays() throws {
        let catalog = try #require(Corpus.catalog)
        var text = "# The Kittens view model for each store state (KittenMappers.model, then the canonical render).\n"
        for (name, state) in Self.states {
            text += "\n## \(name)\n" + CanonicalRender.text(KittenMappers.model(state).canonical)
        }
        let url = catalog.root.appendingPathComponent("kittens/view-model.render.txt")
        let golden = GoldenFile(
            url: url, displayPath: catalog.displayPath(url), recordMode: (try? RecordMode.fromEnvironment()) ?? .never,
            isCI: ConformanceRunner.isCI())
        let outcome = golden.check(
            text, rerecordCommand: "CONFORMANCE_RECORD=failed swift test --filter KittenRenderGoldenTests",
            label: "kittens view model renders")
        #expect(outcome == .passed, Comment(rawValue: outcome.message))
    }
}
