import ConformanceKit
import Foundation
import Testing

/// A verdict is exact: goldens are compared byte for byte and every difference is shown.
@Suite struct ExactGoldenTests {
    private func outcome(golden: Data) throws -> Outcome {
        let fixtures = try TemporaryFixtures()
        try golden.write(to: fixtures.goldenURL)
        return try fixtures.run(.missing)
    }

    private static let expected = TemporaryFixtures.expected

    @Test func aGoldenInAnotherUnicodeNormalisationFailsAndSpellsTheScalars() throws {
        // The description "é" in NFC (U+00E9) is rendered; the golden holds NFD (e + U+0301).
        let fixtures = try TemporaryFixtures(
            scenarioText: #"{"format": 1, "id": "kittens/x", "feature": "kittens", "description": "caf\u00E9"}"# + "\n"
                + #"{"event": "create"}"# + "\n")
        let nfc = "# kittens/x\n# caf\u{E9}\n> 1 create\n  request #1 load(limit: 50, page: 0)\n"
        let nfd = nfc.replacingOccurrences(of: "\u{E9}", with: "e\u{301}")
        #expect(nfc == nfd, "Swift's String == calls these equal")
        try Data(nfd.utf8).write(to: fixtures.goldenURL)
        let outcome = try fixtures.run(.missing)
        #expect(outcome.label == "failed")
        #expect(
            outcome.message.contains("- 2 | # cafe\\u{301}\n+   | # caf\\u{E9}\n"), Comment(rawValue: outcome.message))
    }

    @Test func aGoldenWithAByteOrderMarkFailsAndShowsIt() throws {
        let outcome = try outcome(golden: Data([0xEF, 0xBB, 0xBF] + Self.expected.utf8))
        #expect(outcome.label == "failed")
        #expect(
            outcome.message.contains("-  1 | <BOM># kittens/x\n+    | # kittens/x\n"),
            Comment(rawValue: outcome.message))
    }

    @Test func aGoldenWithCarriageReturnsFailsAndShowsThem() throws {
        let outcome = try outcome(golden: Data(Self.expected.replacingOccurrences(of: "\n", with: "\r\n").utf8))
        #expect(outcome.label == "failed")
        #expect(outcome.message.contains("-  1 | # kittens/x\\r\n"), Comment(rawValue: outcome.message))
    }

    @Test func aGoldenWithATrailingSpaceFailsAndMarksIt() throws {
        let outcome = try outcome(
            golden: Data(Self.expected.replacingOccurrences(of: "> 2 viewCreated", with: "> 2 viewCreated \t").utf8))
        #expect(outcome.label == "failed")
        #expect(
            outcome.message.contains("-  5 | > 2 viewCreated<SP><TAB>\n+    | > 2 viewCreated\n"),
            Comment(rawValue: outcome.message))
    }

    @Test func aGoldenWithoutItsFinalNewlineFailsAndSaysSo() throws {
        let outcome = try outcome(golden: Data(Self.expected.dropLast().utf8))
        #expect(outcome.label == "failed")
        #expect(
            outcome.message.contains(
                "- 10 |     imageUrls: [0]\n\\ No newline at end of file\n+    |     imageUrls: [0]\n"),
            Comment(rawValue: outcome.message))
    }

    @Test func anExactGoldenPasses() throws {
        #expect(try outcome(golden: Data(Self.expected.utf8)) == .passed)
    }
}

/// A scenario file is read strictly: no guessing at what its author meant.
@Suite struct StrictScenarioFileTests {
    private func error(_ bytes: [UInt8]) -> String? {
        do {
            _ = try ScenarioText.decode(Data(bytes), path: "Fixtures/kittens/x.jsonl")
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aByteOrderMarkIsAnErrorOnLineOne() {
        #expect(
            error([0xEF, 0xBB, 0xBF] + Array(scenario(#"{"event": "create"}"#).utf8))
                == "Fixtures/kittens/x.jsonl:1: the file starts with a byte-order mark (EF BB BF); save it as UTF-8 without one"
        )
    }

    @Test func bytesThatAreNotUTF8AreNamedWithTheirLine() {
        let bytes = Array((header + "\n" + #"{"event": "view", "name": "x"#).utf8) + [0xC3, 0x28] + Array("\"}\n".utf8)
        #expect(error(bytes) == "Fixtures/kittens/x.jsonl:2: the line is not valid UTF-8 (byte 29 of the line, 0xC3)")
    }

    @Test func validUTF8IsReadAsItIs() {
        #expect(error(Array(scenario(#"{"event": "create"}"#).utf8)) == nil)
    }

    @Test func aDuplicateKeyIsAnErrorNamingTheLine() {
        #expect(
            parseError(scenario(#"{"event": "advance", "ms": 1, "ms": 2}"#))
                == #"Fixtures/kittens/x.jsonl:2: not valid JSON (duplicate key "ms" at column 31)"#)
    }

    @Test func aHeaderWithoutEventsIsAnError() {
        #expect(
            parseError(header + "\n")
                == "Fixtures/kittens/x.jsonl:1: the scenario has a header and no events; expected create on line 2")
    }

    @Test func aRunnerReportsAHeaderOnlyScenarioAsAnErrorAndRecordsNothing() throws {
        let fixtures = try TemporaryFixtures(scenarioText: header + "\n")
        let outcome = try fixtures.run(.missing)
        #expect(outcome.label == "errored")
        #expect(fixtures.golden == nil)
    }
}

/// The integer rule: a JSON integer token, no fraction, no exponent, no boolean.
@Suite struct IntegerTokenTests {
    @Test(arguments: [
        (
            #"{"event": "advance", "ms": 1000.0}"#,
            "expected a whole number from 0 to 1000000000000, found 1000.0 (an integer is written without fraction or exponent)"
        ),
        (
            #"{"event": "advance", "ms": 1e3}"#,
            "expected a whole number from 0 to 1000000000000, found 1000.0 (an integer is written without fraction or exponent)"
        ),
        (#"{"event": "advance", "ms": true}"#, "expected a whole number from 0 to 1000000000000, found boolean"),
    ])
    func onlyAnIntegerTokenIsAnInteger(line: String, message: String) {
        #expect(
            parseError(scenario(#"{"event": "create"}"#, line)) == #"Fixtures/kittens/x.jsonl:3: field "ms": "#
                + message)
    }

    @Test func theFormatVersionIsAnIntegerToken() {
        let text =
            #"{"format": 1.0, "id": "kittens/x", "feature": "kittens", "description": "d"}"# + "\n"
            + #"{"event": "create"}"# + "\n"
        #expect(
            parseError(text)
                == #"Fixtures/kittens/x.jsonl:1: field "format": this reader understands format 1, found 1"#)
    }
}

/// A run that selects nothing is not green.
@Suite struct EmptySelectionTests {
    @Test func anEmptyFixturesFolderFails() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let run = CommandRun(["run", "--fixtures", folder.path])
        #expect(run.status == 1)
        #expect(
            run.err.hasPrefix("conformance: no scenario selected: searched \(folder.path) for <feature>/<name>.jsonl"),
            "got: \(run.err)")
    }

    @Test func anEmptyFixturesPathIsAUsageError() {
        let run = CommandRun(["run", "--fixtures", ""])
        #expect(run.status == 2)
        #expect(run.err.hasPrefix("conformance: --fixtures needs a folder"), "got: \(run.err)")
    }

    @Test func aFilterMatchingNothingFails() throws {
        let fixtures = try TemporaryFixtures(golden: TemporaryFixtures.expected)
        let run = CommandRun(["run", "timer/*"], fixtures: fixtures)
        #expect(run.status != 0)
        #expect(run.err.contains("no scenario in \(fixtures.root.path) matches 'timer/*'"), "got: \(run.err)")
    }

    @Test func aShardHoldingNothingFails() throws {
        let fixtures = try TemporaryFixtures(golden: TemporaryFixtures.expected)
        let run = CommandRun(["run", "--shard", "2/2"], fixtures: fixtures)
        #expect(run.status == 1)
        #expect(run.err.contains("in shard 2/2"), "got: \(run.err)")
    }
}
