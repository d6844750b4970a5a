import ConformanceKit
import Foundation
import LoginReplay
import ReplaySeam
import Testing

/// `swift test` replays the app's scenarios, as `swift run login-conformance` does: one test per
/// scenario, failing with the diff. A missing golden is written (outside CI) and fails the run;
/// `CONFORMANCE_RECORD=failed swift test` re-records after an intended change.
@Suite struct LoginConformanceTests {
    static let features = FeatureRegistry([LoginFeature.module])
    static let catalog = FixtureCatalog(
        root: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures"))

    static var ids: [String] { ((try? catalog.entries()) ?? []).map(\.id) }

    @Test func theCorpusIsFound() throws {
        #expect(try Self.catalog.entries().count >= 3, "no scenarios under \(Self.catalog.root.path)")
    }

    @Test(arguments: ids)
    func scenarioMatchesItsGolden(id: String) throws {
        let entry = try #require(try Self.catalog.entries().first { $0.id == id })
        let runner = ConformanceRunner(
            catalog: Self.catalog, features: Self.features, recordMode: try RecordMode.fromEnvironment(), isCI: ConformanceRunner.isCI())
        let result = runner.run(entry, on: ReferenceImplementation(features: Self.features))
        if !result.outcome.isPass {
            // Recorded as a comment, the diff is printed once and readable (an #expect of the
            // outcome would print it a second time, escaped, as the value it compared).
            Issue.record(Comment(rawValue: "\(result.outcome.label): \(result.outcome.message)"))
        }
    }
}

@Suite struct LoginSchemaTests {
    /// The committed schemas are what `login-conformance schema` writes from the codecs now.
    @Test(arguments: ScenarioFormat.LineKind.allCases)
    func theSchemaFilesAreCurrent(kind: ScenarioFormat.LineKind) throws {
        let module = LoginFeature.module
        let url = LoginConformanceTests.catalog.root.appendingPathComponent("schema/" + ScenarioFormat.schemaFileName(module, kind))
        let committed = try String(contentsOf: url, encoding: .utf8)
        let written = ScenarioFormat.schemaFileText(module, for: kind, command: "login-conformance")
        #expect(committed == written, "\(url.lastPathComponent) is out of date: run 'swift run login-conformance schema'")
    }
}
