import ConformanceCLI
import ConformanceKit
import FixtureFormat
import Foundation
import ReferenceFeatures
import ReplaySeam
import Testing

/// The schemas a port validates with: per feature and kind of line, read from `Fixtures/schema/`
/// for the reference features (so the committed files are what is tested), written in memory
/// for the test-only composite feature.
enum Schemas {
    static func document(_ feature: String, _ kind: ScenarioFormat.LineKind) throws -> JSONValue {
        let module = try #require(TestFeatures.registry[feature])
        guard FeatureRegistry.reference[feature] != nil else { return ScenarioFormat.schemaDocument(module, for: kind) }
        let catalog = try #require(Corpus.catalog)
        let url = catalog.root.appendingPathComponent("schema/" + ScenarioFormat.schemaFileName(module, kind))
        return try JSONValue.parse(String(contentsOf: url, encoding: .utf8))
    }

    /// Whether every line of `text` is valid against the feature's schemas (line 1 the header's, the rest the event's).
    static func accept(_ text: String, feature: String) throws -> Bool {
        let header = SchemaValidator(root: try document(feature, .header))
        let event = SchemaValidator(root: try document(feature, .event))
        for (index, line) in text.split(separator: "\n").enumerated() {
            guard let value = try? JSONValue.parse(String(line)) else { return false }
            if !(try (index == 0 ? header : event).isValid(value)) { return false }
        }
        return true
    }
}

@Suite struct SchemaFileTests {
    @Test(arguments: FeatureRegistry.reference.names)
    func schemaFilesAreWrittenFromTheCodecs(feature: String) throws {
        let catalog = try #require(Corpus.catalog)
        let module = try #require(FeatureRegistry.reference[feature])
        for kind in ScenarioFormat.LineKind.allCases {
            let url = catalog.root.appendingPathComponent("schema/" + ScenarioFormat.schemaFileName(module, kind))
            let golden = GoldenFile(
                url: url, displayPath: catalog.displayPath(url),
                recordMode: (try? RecordMode.fromEnvironment()) ?? .never,
                isCI: ConformanceRunner.isCI())
            let outcome = golden.check(
                ScenarioFormat.schemaFileText(module, for: kind),
                rerecordCommand: "swift run conformance schema",
                label: url.lastPathComponent)
            // A schema written because it was missing (CONFORMANCE_RECORD=missing, a new feature's
            // first run) has nothing older to differ from: the run that wrote it passes.
            let wroteMissing =
                golden.recordMode == .missing && { if case .recorded = outcome { true } else { false } }()
            #expect(outcome == .passed || wroteMissing, Comment(rawValue: outcome.message))
        }
    }

    /// `conformance schema` with no arguments, on a clean tree, changes no byte: the command and
    /// this suite write with one writer (they once wrote different descriptions, and running the
    /// command rewrote all ten files and failed the test above).
    @Test func theSchemaCommandRewritesTheCommittedFilesByteForByte() throws {
        let catalog = try #require(Corpus.catalog)
        let committed = catalog.root.appendingPathComponent("schema")
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("schema-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: copy) }
        let schema = copy.appendingPathComponent("Fixtures/schema")
        try FileManager.default.createDirectory(
            at: copy.appendingPathComponent("Fixtures"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: committed, to: schema)
        var out = ""
        var err = ""
        let io = ConformanceCommand.IO(out: { out += $0 }, err: { err += $0 }, isTerminal: false, environment: [:])
        let status = ConformanceCommand(features: .reference).run(
            ["schema", "--fixtures", copy.appendingPathComponent("Fixtures").path], io: io)
        #expect(status == 0, "\(err)")
        #expect(out.components(separatedBy: "written: ").count - 1 == 2 * FeatureRegistry.reference.modules.count)
        let names = try FileManager.default.contentsOfDirectory(atPath: schema.path).sorted()
        #expect(names == (try FileManager.default.contentsOfDirectory(atPath: committed.path).sorted()))
        for name in names where name.hasSuffix(".schema.json") {
            let before = try Data(contentsOf: committed.appendingPathComponent(name))
            let after = try Data(contentsOf: schema.appendingPathComponent(name))
            #expect(before == after, "`conformance schema` changed \(name)")
        }
    }

    @Test func theSchemaFolderHoldsExactlyTheReferenceFeaturesFiles() throws {
        let catalog = try #require(Corpus.catalog)
        // `protocol/` holds the adapter protocol's schemas (ProtocolSchemaTests).
        let files = try FileManager.default.contentsOfDirectory(
            atPath: catalog.root.appendingPathComponent("schema").path
        ).filter { $0 != "protocol" }.sorted()
        let expected = FeatureRegistry.reference.modules.flatMap { module in
            ScenarioFormat.LineKind.allCases.map { ScenarioFormat.schemaFileName(module, $0) }
        }.sorted()
        if (try? RecordMode.fromEnvironment()) == .missing {
            // The schemas of a new feature are being written by the test beside this one, in parallel.
            #expect(
                Set(files).isSubset(of: expected),
                "not a reference feature's schema: \(Set(files).subtracting(expected).sorted())")
        } else {
            #expect(files == expected)
        }
    }

    @Test func everyFixtureLineIsValidAgainstItsFeaturesSchema() throws {
        #expect(!Corpus.entries.isEmpty)
        for entry in Corpus.entries {
            let text = try String(contentsOf: entry.scenarioURL, encoding: .utf8)
            #expect(try Schemas.accept(text, feature: entry.feature), "\(entry.id) has a line its schema rejects")
        }
    }
}

/// A scenario line the reader and the schemas must judge alike.
struct LineCase: CustomTestStringConvertible, Sendable {
    let feature: String
    let lines: [String]
    let note: String

    /// A scenario of `feature` whose events are `events`, after a valid header (and a `create`).
    static func event(_ feature: String, _ note: String, _ events: String...) -> LineCase {
        LineCase(feature: feature, lines: [header(feature), #"{"event": "create"}"#] + events, note: note)
    }

    /// A scenario with this header line and one `create`.
    static func header(_ feature: String, _ note: String, _ header: String) -> LineCase {
        LineCase(feature: feature, lines: [header, #"{"event": "create"}"#], note: note)
    }

    static func header(_ feature: String, config: String = "") -> String {
        #"{"format": 1, "id": "\#(feature)/x", "feature": "\#(feature)", "description": "d"\#(config)}"#
    }

    var text: String { lines.joined(separator: "\n") + "\n" }
    var testDescription: String { "\(feature): \(note)" }
}

@Suite struct SchemaAgreementTests {
    /// Lines the reader rejects; the schemas must reject them too. The first eight are those a
    /// schema validator used to accept.
    static let rejected: [LineCase] = [
        .event("kittens", "empty view name", #"{"event": "view", "name": ""}"#),
        .event("kittens", "unknown view name", #"{"event": "view", "name": "swipe"}"#),
        .event(
            "timer", "mistyped timeSet payload",
            #"{"event": "view", "name": "timeSet", "payload": {"minutes": "1", "seconds": 30}}"#),
        .event("timer", "respond in a timer scenario", #"{"event": "respond", "request": 1, "body": "[]"}"#),
        .event("kittens", "ms beyond 2^53", #"{"event": "advance", "ms": 1e20}"#),
        LineCase(
            feature: "kittens",
            lines: [LineCase.header("kittens"), #"{"event": "create"}"#, LineCase.header("kittens")],
            note: "a second header"),
        .header(
            "kittens", "id prefix is not the feature",
            #"{"format": 1, "id": "timer/x", "feature": "kittens", "description": "d"}"#),
        .header("kittens", "config key in kittens", LineCase.header("kittens", config: #", "config": {"seed": 1}"#)),
        .header("timer", "unknown config key", LineCase.header("timer", config: #", "config": {"sead": 1}"#)),
        .header("timer", "negative seed", LineCase.header("timer", config: #", "config": {"seed": -1}"#)),
        .header("timer", "seed as a string", LineCase.header("timer", config: #", "config": {"seed": "1"}"#)),
        .header("timer", "fractional seed", LineCase.header("timer", config: #", "config": {"seed": 1.5}"#)),
        .header("timer", "config not an object", LineCase.header("timer", config: #", "config": []"#)),
        .header("kittens", "format 2", #"{"format": 2, "id": "kittens/x", "feature": "kittens", "description": "d"}"#),
        .header("kittens", "no description", #"{"format": 1, "id": "kittens/x", "feature": "kittens"}"#),
        .header(
            "kittens", "empty description",
            #"{"format": 1, "id": "kittens/x", "feature": "kittens", "description": ""}"#),
        .header(
            "kittens", "description of two lines",
            #"{"format": 1, "id": "kittens/x", "feature": "kittens", "description": "a\nb"}"#),
        .header(
            "kittens", "control character in the description",
            #"{"format": 1, "id": "kittens/x", "feature": "kittens", "description": "a\u0007"}"#),
        .header(
            "kittens", "tags not strings",
            #"{"format": 1, "id": "kittens/x", "feature": "kittens", "description": "d", "tags": [1]}"#),
        .header(
            "kittens", "unknown header field",
            #"{"format": 1, "id": "kittens/x", "feature": "kittens", "description": "d", "tag": []}"#),
        .header(
            "kittens", "upper-case id", #"{"format": 1, "id": "kittens/X", "feature": "kittens", "description": "d"}"#),
        .header(
            "kittens", "id with a double dash",
            #"{"format": 1, "id": "kittens/a--b", "feature": "kittens", "description": "d"}"#),
        .header("kittens", "another feature in the kittens folder", LineCase.header("timer")),
        .event("kittens", "unknown event", #"{"event": "jump"}"#),
        .event("kittens", "no event", #"{"ms": 5}"#),
        .event("kittens", "field on a lifecycle event", #"{"event": "start", "now": true}"#),
        .event("kittens", "restore in kittens", #"{"event": "restore"}"#),
        .event("kittens", "negative ms", #"{"event": "advance", "ms": -1}"#),
        .event("kittens", "fractional ms", #"{"event": "advance", "ms": 1.5}"#),
        .event("kittens", "quiet not a boolean", #"{"event": "advance", "ms": 5, "quiet": "yes"}"#),
        .event("kittens", "request 0", #"{"event": "respond", "request": 0, "body": "[]"}"#),
        .event("kittens", "response without a form", #"{"event": "respond", "request": 1}"#),
        .event("kittens", "response with two forms", #"{"event": "respond", "request": 1, "body": "[]", "urls": []}"#),
        .event("kittens", "unknown failure", #"{"event": "respond", "request": 1, "failure": "dns"}"#),
        .event("kittens", "httpStatus without status", #"{"event": "respond", "request": 1, "failure": "httpStatus"}"#),
        .event("kittens", "status 600", #"{"event": "respond", "request": 1, "failure": "httpStatus", "status": 600}"#),
        .event(
            "kittens", "status on a timeout",
            #"{"event": "respond", "request": 1, "failure": "timeout", "status": 500}"#),
        .event("kittens", "a url that is a number", #"{"event": "respond", "request": 1, "urls": ["a", 2]}"#),
        .event(
            "kittens", "transport detail not a string",
            #"{"event": "respond", "request": 1, "failure": "transport", "detail": 5}"#),
        .event(
            "kittens", "payload on refreshTriggered", #"{"event": "view", "name": "refreshTriggered", "payload": 1}"#),
        .event(
            "kittens", "screen in a feature with one screen",
            #"{"event": "view", "screen": "main", "name": "refreshTriggered"}"#),
        .event("timer", "timeSet without payload", #"{"event": "view", "name": "timeSet"}"#),
        .event("timer", "timeSet without seconds", #"{"event": "view", "name": "timeSet", "payload": {"minutes": 1}}"#),
        .event(
            "timer", "timeSet with an extra key",
            #"{"event": "view", "name": "timeSet", "payload": {"minutes": 1, "seconds": 2, "hours": 0}}"#),
        .event("demo-app", "view without a screen", #"{"event": "view", "name": "refresh"}"#),
        .event("demo-app", "unknown screen", #"{"event": "view", "screen": "settings", "name": "refresh"}"#),
        .event("demo-app", "event of another screen", #"{"event": "view", "screen": "detail", "name": "refresh"}"#),
        .event("demo-app", "deepLink without url", #"{"event": "deepLink"}"#),
        .event("demo-app", "back with a field", #"{"event": "back", "count": 2}"#),
        .event(
            "demo-app", "select past the index range",
            #"{"event": "view", "screen": "list", "name": "select", "payload": {"index": 100}}"#),
    ]

    /// Lines both must accept, near the edges of what the rules allow.
    static let accepted: [LineCase] = [
        .event("kittens", "ms 0", #"{"event": "advance", "ms": 0}"#),
        .event("kittens", "transport without detail", #"{"event": "respond", "request": 1, "failure": "transport"}"#),
        .event("kittens", "no urls", #"{"event": "respond", "request": 1, "urls": []}"#),
        .header("timer", "seed 0", LineCase.header("timer", config: #", "config": {"seed": 0}"#)),
        .header("timer", "empty config", LineCase.header("timer", config: #", "config": {}"#)),
        .header(
            "kittens", "non-ASCII description",
            #"{"format": 1, "id": "kittens/x", "feature": "kittens", "description": "café 猫", "tags": []}"#),
        .event(
            "timer", "minutes 60 (the store rejects it, not the reader)",
            #"{"event": "view", "name": "timeSet", "payload": {"minutes": 60, "seconds": 0}}"#),
        .event("timer", "restore", #"{"event": "restore"}"#),
        .event(
            "demo-app", "a view event for a screen",
            #"{"event": "view", "screen": "list", "name": "select", "payload": {"index": 1}}"#),
        .event("demo-app", "deepLink", #"{"event": "deepLink", "url": "demo://list"}"#),
        .event("demo-app", "back", #"{"event": "back"}"#),
    ]

    /// The only lines the reader alone rejects: a whole number written with a fraction or an
    /// exponent where an integer is expected. JSON Schema's `integer` is a value, not a spelling
    /// (`5.0` and `5` are the same number to a validator), and `pattern` applies to strings only,
    /// so no schema can tell them apart. docs/fixtures.md, "Numbers", says the same.
    static let rejectedByTheReaderAlone: [LineCase] = [
        .event("kittens", "ms written 5.0", #"{"event": "advance", "ms": 5.0, "quiet": false}"#),
        .event("kittens", "ms written 5e0", #"{"event": "advance", "ms": 5e0}"#),
        .event("kittens", "request written 1.0", #"{"event": "respond", "request": 1.0, "body": "[]"}"#),
        .event(
            "kittens", "status written 500.0",
            #"{"event": "respond", "request": 1, "failure": "httpStatus", "status": 500.0}"#),
        .event(
            "timer", "minutes written 1.0",
            #"{"event": "view", "name": "timeSet", "payload": {"minutes": 1.0, "seconds": 30}}"#),
        .header("timer", "seed written 42.0", LineCase.header("timer", config: #", "config": {"seed": 42.0}"#)),
    ]

    @Test(arguments: rejectedByTheReaderAlone)
    func anIntegerWrittenWithAFractionIsRejectedByTheReaderAlone(line: LineCase) throws {
        #expect(!readerAccepts(line), "the reader accepts it")
        #expect(try Schemas.accept(line.text, feature: line.feature), "the schema rejects it: move it to `rejected`")
        let integerForm = LineCase(
            feature: line.feature,
            lines: line.lines.map {
                $0.replacingOccurrences(of: ".0", with: "").replacingOccurrences(of: "5e0", with: "5")
            },
            note: line.note)
        #expect(readerAccepts(integerForm), "the same line with integer tokens is read")
    }

    private func readerAccepts(_ line: LineCase) -> Bool {
        (try? TestFeatures.replayer.read(
            line.text, file: "Fixtures/\(line.feature)/x.jsonl", expectedID: "\(line.feature)/x")) != nil
    }

    @Test(arguments: rejected + ImagesSeamTests.rejected)
    func aLineTheReaderRejectsTheSchemaRejects(line: LineCase) throws {
        #expect(!readerAccepts(line), "the reader accepts it")
        #expect(!(try Schemas.accept(line.text, feature: line.feature)), "the schema accepts it")
    }

    @Test(arguments: accepted + ImagesSeamTests.accepted)
    func aLineTheReaderAcceptsTheSchemaAccepts(line: LineCase) throws {
        #expect(readerAccepts(line), "the reader rejects it")
        #expect(try Schemas.accept(line.text, feature: line.feature), "the schema rejects it")
    }

    @Test func theFamilyIsLargeEnough() {
        #expect(Self.rejected.count >= 29)
    }
}

@Suite struct SchemaValidatorTests {
    @Test func aKeywordOutsideTheSubsetIsAnError() {
        let validator = SchemaValidator(root: ["type": "string", "format": "uri"])
        #expect(throws: SchemaValidator.UnsupportedKeyword.self) { try validator.isValid("a") }
    }

    @Test func objectRulesRejectWhatTheyShould() throws {
        let validator = SchemaValidator(root: [
            "type": "object", "properties": ["a": ["type": "integer", "minimum": 1]], "required": ["a"],
            "additionalProperties": false,
        ])
        #expect(try validator.isValid(["a": 1]))
        #expect(try validator.isValid(["a": 1.0]))
        #expect(!(try validator.isValid(["a": 0])))
        #expect(!(try validator.isValid(["a": 1, "b": 2])))
        #expect(!(try validator.isValid([:])))
        #expect(!(try validator.isValid(["a": 1.5])))
    }

    @Test func oneOfNeedsExactlyOneMatch() throws {
        let validator = SchemaValidator(root: ["oneOf": [["type": "integer"], ["type": "number"]]])
        #expect(!(try validator.isValid(1)), "an integer is also a number")
        #expect(try validator.isValid(1.5))
    }
}
