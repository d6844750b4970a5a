import ConformanceKit
import FixtureFormat
import Foundation
import ReferenceFeatures
import ReplaySeam
import Testing

/// Adds the toy `weather` feature (in `Weather/`, this test target only) by the steps of
/// docs/architecture.md, "Adding a feature", and replays it through the same runner as the
/// reference features: the harness needs no change, and the steps are complete.
@Suite struct AddingAFeatureTests {
    static let scenario = """
        {"format": 1, "id": "weather/refresh-and-select", "feature": "weather", "description": "A refresh, then another city while the first forecast is in flight."}
        {"event": "create"}
        {"event": "viewCreated"}
        {"event": "start"}
        {"event": "view", "name": "refreshTapped"}
        {"event": "respond", "request": 1, "celsius": 21}
        {"event": "view", "name": "citySelected", "payload": "Bergen"}
        {"event": "view", "name": "citySelected", "payload": "Tromsø"}
        {"event": "respond", "request": 3, "failure": "timeout"}
        {"event": "respond", "request": 2, "celsius": 9}
        {"event": "stop"}
        {"event": "viewDestroyed"}
        {"event": "destroy"}

        """

    /// Read by eye once: every request, cancel, answer and render where the feature's page says.
    static let golden = """
        # weather/refresh-and-select
        # A refresh, then another city while the first forecast is in flight.
        > 1 create
        > 2 viewCreated
        > 3 start
          render WeatherViewModel
            city: "Oslo"
            celsius: 0
        > 4 view refreshTapped
          render WeatherViewModel
            city: "Oslo"
            celsius: 0
          request #1 forecast(city: "Oslo")
        > 5 respond #1 celsius 21
          render WeatherViewModel
            city: "Oslo"
            celsius: 21
        > 6 view citySelected("Bergen")
          render WeatherViewModel
            city: "Bergen"
            celsius: 21
          request #2 forecast(city: "Bergen")
        > 7 view citySelected("Tromsø")
          cancel #2
          render WeatherViewModel
            city: "Tromsø"
            celsius: 21
          request #3 forecast(city: "Tromsø")
        > 8 respond #3 failure timeout
          render WeatherViewModel
            city: "Tromsø"
            celsius: 21
        > 9 respond #2 celsius 9 (after cancel)
        > 10 stop
        > 11 viewDestroyed
        > 12 destroy

        """

    /// Step 3: one line in the registry.
    static let registry = FeatureRegistry.reference.adding(WeatherFeature.module)

    /// Step 4: its fixtures under `Fixtures/weather/` (a temporary folder here).
    private func fixtures() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("AddingAFeature-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("weather"), withIntermediateDirectories: true)
        try Data(Self.scenario.utf8).write(to: root.appendingPathComponent("weather/refresh-and-select.jsonl"))
        return root
    }

    @Test func theFeatureRecordsItsGoldenThenReplaysGreen() throws {
        let root = try fixtures()
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = FixtureCatalog(root: root)
        let entry = try #require(try catalog.entries().first)

        // `swift run conformance record 'weather/*'` writes the golden...
        let recording = ConformanceRunner(catalog: catalog, features: Self.registry, recordMode: .missing, isCI: false)
            .run(entry, on: ReferenceImplementation(features: Self.registry))
        guard case .recorded = recording.outcome else {
            Issue.record("expected the golden to be recorded, got \(recording.outcome)")
            return
        }
        let recorded = try String(contentsOf: entry.goldenURL, encoding: .utf8)
        #expect(recorded == Self.golden, "recorded:\n\(recorded)")

        // ...and every later run compares with it, as CI does.
        let verifying = ConformanceRunner(catalog: catalog, features: Self.registry, recordMode: .never, isCI: true)
            .run(entry, on: ReferenceImplementation(features: Self.registry))
        #expect(verifying.outcome == .passed)
    }

    @Test func itsSchemasAreWrittenFromItsCodecsAndAcceptItsScenario() throws {
        let header = SchemaValidator(root: ScenarioFormat.schemaDocument(WeatherFeature.module, for: .header))
        let event = SchemaValidator(root: ScenarioFormat.schemaDocument(WeatherFeature.module, for: .event))
        let lines = Self.scenario.split(separator: "\n").map { String($0) }
        #expect(try header.isValid(JSONValue.parse(lines[0])))
        for line in lines.dropFirst() {
            #expect(try event.isValid(JSONValue.parse(line)), "the schema rejects \(line)")
        }
        #expect(!(try event.isValid(JSONValue.parse(#"{"event": "respond", "request": 1, "celsius": 101}"#))))
    }

    @Test func theReferenceFeaturesAreUntouchedByTheAddition() {
        #expect(Self.registry.names == (FeatureRegistry.reference.names + ["weather"]).sorted())
        #expect(FeatureRegistry.reference["weather"] == nil)
    }

    /// The seam file holds the documentation's step 2 verbatim, so the two cannot drift.
    @Test func theSeamFileIsTheDocumentedOne() throws {
        let root = FixtureCatalog.packageRoot
        let doc = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let seam = try String(
            contentsOf: root.appendingPathComponent("Tests/ConformanceKitTests/Weather/WeatherFeature.swift"),
            encoding: .utf8)
        let step = try #require(doc.range(of: "2. **Its seam file**"))
        let open = try #require(doc.range(of: "```swift\n", range: step.upperBound..<doc.endIndex))
        let close = try #require(doc.range(of: "```", range: open.upperBound..<doc.endIndex))
        let documented = doc[open.upperBound..<close.lowerBound].split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .map { $0.hasPrefix("   ") ? String($0.dropFirst(3)) : String($0) }.joined(separator: "\n")
        let begin = try #require(seam.range(of: "// docs/architecture.md step 2 begins\n"))
        let end = try #require(seam.range(of: "// docs/architecture.md step 2 ends"))
        #expect(
            String(seam[begin.upperBound..<end.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines)
                == documented.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
