import ConformanceKit
import FixtureFormat
import Foundation
import ReplaySeam
import Testing

/// The fixtures under Fixtures/, found once per test run.
enum Corpus {
    static let catalog: FixtureCatalog? = try? FixtureCatalog.locate()
    static let entries: [FixtureCatalog.Entry] = (try? catalog?.entries()) ?? []
    static var ids: [String] { entries.map(\.id) }

    /// The record mode for this run: `$CONFORMANCE_RECORD`, or `missing`; nothing is written under CI.
    static var runner: ConformanceRunner? {
        guard let catalog else { return nil }
        let mode = (try? RecordMode.fromEnvironment()) ?? .never
        return ConformanceRunner(
            catalog: catalog, features: TestFeatures.replayer.features, recordMode: mode, isCI: ConformanceRunner.isCI()
        )
    }
}

/// Replays every scenario under Fixtures/ against the reference implementation: one test case
/// per scenario, named by its id, so that a failure names the scenario.
@Suite struct FixtureReplayTests {
    @Test(arguments: Corpus.ids)
    func scenarioMatchesItsGolden(id: String) throws {
        let runner = try #require(Corpus.runner)
        let entry = try #require(Corpus.entries.first { $0.id == id })
        let report = runner.run(entry, on: ReferenceImplementation(features: runner.features))
        if !report.outcome.isPass {
            // The diff once, readable: an #expect of the outcome would also print it escaped.
            Issue.record(Comment(rawValue: "\(report.outcome.label): \(report.outcome.message)"))
        }
    }

    @Test func theCorpusIsFoundAndComplete() throws {
        let catalog = try FixtureCatalog.locate()
        let entries = try catalog.entries()
        #expect(entries.map(\.id) == Corpus.ids)
        let kittens = entries.filter { $0.feature == "kittens" }
        #expect(kittens.count >= 12)
        // Every scenario has its golden committed.
        for entry in entries {
            #expect(FileManager.default.fileExists(atPath: entry.goldenURL.path), "\(entry.id) has no golden")
        }
    }

    @Test func recordModeFromTheEnvironmentIsValid() throws {
        // A typo in CONFORMANCE_RECORD must fail loudly rather than silently fall back.
        _ = try RecordMode.fromEnvironment()
    }

    /// Every test of the original sample is covered by at least one scenario, by tag.
    @Test func everyOriginalTestHasAScenario() throws {
        let catalog = try #require(Corpus.catalog)
        var tags = Set<String>()
        for entry in Corpus.entries where entry.feature == "kittens" {
            let scenario = try TestFeatures.replayer.read(
                String(contentsOf: entry.scenarioURL, encoding: .utf8), file: catalog.displayPath(entry.scenarioURL))
            tags.formUnion(scenario.tags)
        }
        let expected = (1...6).map { "original-store-\($0)" } + (1...7).map { "original-component-\($0)" }
        for tag in expected {
            #expect(tags.contains(tag), "no scenario is tagged \(tag)")
        }
    }
}
