import ConformanceKit
import FixtureFormat
import ReplaySeam
import Testing

let header = #"{"format": 1, "id": "kittens/x", "feature": "kittens", "description": "d"}"#

func scenario(_ lines: String...) -> String { ([header] + lines).joined(separator: "\n") + "\n" }

func parseError(_ text: String, expectedID: String? = nil) -> String? {
    do {
        _ = try TestFeatures.replayer.read(text, file: "Fixtures/kittens/x.jsonl", expectedID: expectedID)
        return nil
    } catch {
        return error.description
    }
}

func replayError(_ text: String) -> String? {
    do {
        let parsed = try TestFeatures.replayer.read(text, file: "Fixtures/kittens/x.jsonl")
        _ = try TestFeatures.replayer.replay(parsed)
        return nil
    } catch {
        return error.description
    }
}

@Suite struct ScenarioParseErrorTests {
    @Test func aWellFormedScenarioParses() throws {
        let parsed = try TestFeatures.replayer.read(
            scenario(
                #"{"event": "create"}"#, #"{"event": "advance", "ms": 100, "quiet": true}"#,
                #"{"event": "respond", "request": 1, "body": "[]"}"#),
            file: "f", expectedID: "kittens/x")
        #expect(parsed.id == "kittens/x")
        #expect(parsed.name == "x")
        #expect(
            parsed.events.map(\.kind) == [
                .create, .advance(milliseconds: 100, quiet: true),
                .respond(request: 1, fields: ["body": .string("[]")]),
            ])
        #expect(parsed.events.map(\.line) == [2, 3, 4])
    }

    @Test(arguments: [
        ("", "Fixtures/kittens/x.jsonl: the file is empty; expected a header line"),
        ("{\"format\": 1", "Fixtures/kittens/x.jsonl:1: not valid JSON"),
        ("[1]", "Fixtures/kittens/x.jsonl:1: expected a JSON object, found array"),
        (
            #"{"id": "kittens/x", "feature": "kittens", "description": "d"}"#,
            #"Fixtures/kittens/x.jsonl:1: field "format": missing; expected 1"#
        ),
        (
            #"{"format": 2, "id": "kittens/x", "feature": "kittens", "description": "d"}"#,
            #"Fixtures/kittens/x.jsonl:1: field "format": this reader understands format 1, found 2"#
        ),
        (
            #"{"format": 1, "id": "kittens/X Y", "feature": "kittens", "description": "d"}"#,
            #"Fixtures/kittens/x.jsonl:1: field "id": expected "kittens/<name>" with lowercase letters, digits and dashes, found "kittens/X Y""#
        ),
        (
            #"{"format": 1, "id": "kittens/x", "feature": "kittens", "description": "d", "tag": []}"#,
            #"Fixtures/kittens/x.jsonl:1: field "tag": unknown field; expected only format, id, feature, description, tags, config"#
        ),
        (
            #"{"format": 1, "id": "kittens/x", "feature": "kittens", "description": 5}"#,
            #"Fixtures/kittens/x.jsonl:1: field "description": expected a string, found number"#
        ),
        (
            #"{"format": 1, "id": "kittens/x", "feature": "kittens", "description": "d", "tags": ["a", 1]}"#,
            #"Fixtures/kittens/x.jsonl:1: field "tags": element [1]: expected a string, found number"#
        ),
    ])
    func badHeadersNameTheLineAndField(text: String, expected: String) {
        let message = parseError(text)
        #expect(message?.hasPrefix(expected) == true, "got: \(message ?? "no error")")
    }

    @Test(arguments: [
        (
            scenario(#"{"event": "jump"}"#),
            #"Fixtures/kittens/x.jsonl:2: field "event": unknown event "jump"; expected one of create, viewCreated, start, stop, viewDestroyed, destroy, view, advance, respond"#
        ),
        (
            scenario(#"{"event": "advanc", "ms": 1}"#),
            #"Fixtures/kittens/x.jsonl:2: field "event": unknown event "advanc"; expected one of create, viewCreated, start, stop, viewDestroyed, destroy, view, advance, respond; did you mean advance?"#
        ),
        (
            scenario(#"{"event": "create"}"#, #"{"event": "advance"}"#),
            #"Fixtures/kittens/x.jsonl:3: field "ms": missing; expected a whole number"#
        ),
        (
            scenario(#"{"event": "create"}"#, #"{"event": "advance", "ms": 1.5}"#),
            #"Fixtures/kittens/x.jsonl:3: field "ms": expected a whole number from 0 to 1000000000000, found 1.5"#
        ),
        (
            scenario(#"{"event": "advance", "ms": -1}"#),
            #"Fixtures/kittens/x.jsonl:2: field "ms": expected a whole number from 0 to 1000000000000, found -1"#
        ),
        (
            scenario(#"{"event": "advance", "ms": 5, "quiet": "yes"}"#),
            #"Fixtures/kittens/x.jsonl:2: field "quiet": expected true or false, found string"#
        ),
        (
            scenario(#"{"event": "start", "now": true}"#),
            #"Fixtures/kittens/x.jsonl:2: field "now": unknown field; expected only event"#
        ),
        (
            scenario(#"{"event": "respond", "request": 0}"#),
            #"Fixtures/kittens/x.jsonl:2: field "request": expected a whole number >= 1, found 0"#
        ),
        (
            scenario(#"{"event": "create"}"#, "", #"{"event": "start"}"#),
            "Fixtures/kittens/x.jsonl:3: empty line; every line must hold one JSON object"
        ),
        (
            scenario(#"{"event": "create"}"#, #"{"event": "view"}"#),
            #"Fixtures/kittens/x.jsonl:3: field "name": missing; expected a string"#
        ),
        (
            scenario(#"{"event": "create"}"#, "not json"),
            "Fixtures/kittens/x.jsonl:3: not valid JSON"
        ),
    ])
    func badEventsNameTheLineAndField(text: String, expected: String) {
        let message = parseError(text)
        #expect(message?.hasPrefix(expected) == true, "got: \(message ?? "no error")")
    }

    @Test func theIDMustMatchTheFilesPlace() {
        #expect(
            parseError(scenario(), expectedID: "kittens/y")
                == #"Fixtures/kittens/x.jsonl:1: field "id": the file's place makes its id "kittens/y", but the header says "kittens/x""#
        )
    }

    /// A header whose feature is not its folder's is blamed on "feature", not on the id that the
    /// other feature's prefix refuses.
    @Test func theFeatureMustMatchTheFilesFolder() {
        let timer = header.replacingOccurrences(of: #""feature": "kittens""#, with: #""feature": "timer""#)
        #expect(timer != header)
        #expect(
            parseError(timer + "\n", expectedID: "kittens/x")
                == #"Fixtures/kittens/x.jsonl:1: field "feature": the file is in the folder kittens/, which makes its feature "kittens", but the header says "timer""#
        )
    }

    @Test func windowsLineEndingsAreAccepted() throws {
        let text = header + "\r\n" + #"{"event": "create"}"# + "\r\n"
        #expect(try TestFeatures.replayer.read(text, file: "f").events.count == 1)
    }
}

@Suite struct ReplayErrorTests {
    @Test(arguments: [
        (
            scenario(#"{"event": "start"}"#),
            #"Fixtures/kittens/x.jsonl:2: field "event": the first event must be create"#
        ),
        (
            scenario(#"{"event": "create"}"#, #"{"event": "create"}"#),
            #"Fixtures/kittens/x.jsonl:3: field "event": create may appear only once, as the first event"#
        ),
        (
            scenario(#"{"event": "create"}"#, #"{"event": "respond", "request": 2, "body": "[]"}"#),
            #"Fixtures/kittens/x.jsonl:3: field "request": request #2 was never made (requests #1...#1 so far)"#
        ),
        (
            scenario(
                #"{"event": "create"}"#, #"{"event": "respond", "request": 1, "body": "[]"}"#,
                #"{"event": "respond", "request": 1, "body": "[]"}"#),
            #"Fixtures/kittens/x.jsonl:4: field "request": request #1 was already answered at line 3"#
        ),
        (
            scenario(#"{"event": "create"}"#, #"{"event": "view", "name": "swipe"}"#),
            #"Fixtures/kittens/x.jsonl:3: field "name": unknown kittens view event "swipe"; expected refreshTriggered"#
        ),
        (
            scenario(#"{"event": "create"}"#, #"{"event": "view", "name": "refreshTriggered", "payload": 1}"#),
            #"Fixtures/kittens/x.jsonl:3: field "payload": refreshTriggered takes no payload"#
        ),
        (
            scenario(#"{"event": "create"}"#, #"{"event": "respond", "request": 1}"#),
            "Fixtures/kittens/x.jsonl:3: a kittens response needs one of urls, body or failure"
        ),
        (
            scenario(#"{"event": "create"}"#, #"{"event": "respond", "request": 1, "ulrs": ["a"]}"#),
            #"Fixtures/kittens/x.jsonl:3: field "ulrs": unknown field; a kittens response needs one of urls, body or failure"#
        ),
        (
            scenario(
                #"{"event": "create"}"#, #"{"event": "respond", "request": 1, "detail": "x", "faliure": "timeout"}"#),
            #"Fixtures/kittens/x.jsonl:3: field "faliure": unknown field; a kittens response needs one of urls, body or failure"#
        ),
        (
            scenario(#"{"event": "create"}"#, #"{"event": "respond", "request": 1, "body": "[]", "urls": []}"#),
            "Fixtures/kittens/x.jsonl:3: a kittens response takes only one of urls, body or failure; found urls and body"
        ),
        (
            scenario(#"{"event": "create"}"#, #"{"event": "respond", "request": 1, "failure": "dns"}"#),
            #"Fixtures/kittens/x.jsonl:3: field "failure": unknown failure "dns"; expected timeout, emptyResponse, httpStatus or transport"#
        ),
        (
            scenario(#"{"event": "create"}"#, #"{"event": "respond", "request": 1, "failure": "httpStatus"}"#),
            #"Fixtures/kittens/x.jsonl:3: field "status": missing; expected a whole number from 100 to 599"#
        ),
        (
            scenario(#"{"event": "create"}"#, #"{"event": "respond", "request": 1, "urls": ["a", 2]}"#),
            #"Fixtures/kittens/x.jsonl:3: field "urls": element [1]: expected a string, found number"#
        ),
        (
            scenario(
                #"{"event": "create"}"#, #"{"event": "respond", "request": 1, "failure": "timeout", "status": 500}"#),
            #"Fixtures/kittens/x.jsonl:3: field "status": unknown field; expected only event, request, failure"#
        ),
    ])
    func malformedReplaysNameTheLine(text: String, expected: String) {
        #expect(replayError(text) == expected)
    }

    @Test func anUnknownFeatureIsNamed() {
        let text = #"{"format": 1, "id": "weather/x", "feature": "weather", "description": "d"}"# + "\n"
        // The known features are the registry's, whatever it holds, sorted.
        let known = TestFeatures.registry.names
        #expect(!known.contains("weather") && known == known.sorted() && known.count > 1)
        #expect(
            replayError(text) == #"Fixtures/kittens/x.jsonl:1: field "feature": unknown feature "weather"; known: "#
                + known.joined(separator: ", "))
    }

    @Test func unknownConfigIsRejected() {
        let text =
            #"{"format": 1, "id": "kittens/x", "feature": "kittens", "description": "d", "config": {"seed": 1}}"# + "\n"
        #expect(
            replayError(text)
                == #"Fixtures/kittens/x.jsonl:1: field "config.seed": unknown field; none is allowed here"#)
    }

    @Test func quietStepsKeepOnlyTheLastRender() throws {
        let result = ReplayResult(
            scenario: try TestFeatures.replayer.read(scenario(#"{"event": "create"}"#), file: "f"),
            steps: [
                ReplayStep(
                    step: 1, line: 2, input: "advance 300ms (now 300ms)",
                    outputs: [
                        .render(.integer(1)), .custom(keyword: "note", value: .string("n")), .render(.integer(2)),
                        .render(.integer(3)),
                    ], quiet: true)
            ])
        #expect(
            TranscriptFormatter.text(result) == """
                # kittens/x
                # d
                > 1 advance 300ms (now 300ms)
                  note "n"
                  (2 earlier renders of this step not shown)
                  render 3

                """)
    }
}
