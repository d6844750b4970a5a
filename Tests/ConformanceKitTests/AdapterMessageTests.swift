import FixtureFormat
import Foundation
import ReferenceFeatures
import ReplaySeam
import Testing

@testable import ConformanceKit

/// The protocol's JSON forms and the reference adapter, in process.
@Suite struct AdapterMessageTests {
    @Test func canonicalValuesSurviveTheirJSONForm() throws {
        let value = CanonicalValue.record(
            "Model",
            [
                .init("title", .string("t\u{200B}")), .init("count", .integer(-3)), .init("none", .null),
                .init("on", .bool(true)),
                .init("items", .list([.string("a"), .enumCase(type: "Phase", name: "running", fields: [])])),
                .init("failure", .enumCase(type: "Failure", name: "http", fields: [.init("status", .integer(500))])),
            ])
        let json = AdapterValues.json(value)
        #expect(try AdapterValues.value(try JSONValue.parse(json.compactText), at: "v") == value)
        #expect(
            AdapterValues.json(CanonicalValue.enumCase(type: "SecondButton", name: "reset", fields: [])).compactText
                == #"{"enum":"SecondButton","case":"reset","fields":[]}"#)
    }

    @Test func everyOutputSurvivesItsJSONForm() throws {
        let outputs: [ReplayOutput] = [
            .request(id: 1, description: "load(limit: 50, page: 0)"), .cancel(id: 1), .render(.integer(1)),
            .render(.integer(2), screen: "detail"),
            .label(.string("l")), .rejected("no"), .saved(.bool(false)), .custom(keyword: "stack", value: .list([])),
        ]
        for output in outputs {
            #expect(
                try AdapterValues.output(try JSONValue.parse(AdapterValues.json(output).compactText), at: "o") == output
            )
        }
    }

    @Test(arguments: [
        (
            #"{"render": 1.5}"#,
            #"malformed reply: field "outputs[0].render": a number with a fraction or exponent; canonical values have integers only"#
        ),
        (#"{"cancel": 0}"#, #"malformed reply: field "outputs[0].cancel": expected a whole number >= 1"#),
        (
            #"{"render": 1, "colour": "red"}"#,
            #"malformed reply: field "outputs[0]": unknown key "colour"; allowed: render, screen"#
        ),
        (
            #"{"shout": 1}"#,
            #"malformed reply: field "outputs[0]": expected one of the keys request, cancel, render, label, rejected, saved, reaction; found ["shout"]"#
        ),
        (
            #"{"render": {"record": "M", "fields": [["a"]]}}"#,
            #"malformed reply: field "outputs[0].render.fields[0]": expected a pair [name, value] with a string name"#
        ),
        (
            #"{"render": {"type": "M"}}"#,
            #"malformed reply: field "outputs[0].render": an object must be a record ({"record", "fields"}) or an enum case ({"enum", "case", "fields"})"#
        ),
        (
            #"{"reaction": "render", "value": 1}"#,
            #"malformed reply: field "outputs[0].reaction": "render" is not lowercase words, or is a keyword of the format"#
        ),
        (#"7"#, #"malformed reply: field "outputs[0]": expected an object, found number"#),
    ])
    func malformedOutputIsAnErrorThatNamesTheField(json: String, message: String) throws {
        let value = try JSONValue.parse(json)
        let error = #expect(throws: AdapterError.self) { try AdapterValues.output(value, at: "outputs[0]") }
        #expect(error?.description == message)
    }

    /// Feeds `lines` to the reference adapter and returns its replies.
    private func converse(_ lines: [String]) -> [String] {
        var input = lines[...]
        var replies: [String] = []
        ReferenceAdapter(features: .reference).serve(readLine: { input.popFirst() }, write: { replies.append($0) })
        return replies
    }

    @Test func referenceAdapterShakesHandsAndAnswersEachScenarioWhole() throws {
        let header = #"{"format": 1, "id": "kittens/x", "feature": "kittens", "description": "d"}"#
        let replies = converse([
            #"{"cmd": "start", "seq": 1, "version": 2}"#,
            #"{"cmd": "run", "seq": 2, "header": \#(header), "events": [{"event": "create"}, {"event": "destroy"}]}"#,
            #"{"cmd": "run", "seq": 3, "header": \#(header), "events": [{"event": "create"}, "#
                + #"{"event": "respond", "request": 9, "urls": []}]}"#,
            #"{"cmd": "run", "seq": 4, "header": \#(header), "events": [{"event": "create"}, {"event": "fly"}]}"#,
            #"{"cmd": "stop"}"#,
            #"{"cmd": "start", "seq": 5, "version": 2}"#,
        ])
        #expect(replies.count == 4, "nothing is answered after stop")
        #expect(replies[0].hasPrefix(#"{"seq":1,"version":2,"implementation":{"name":"reference","language":"swift""#))
        #expect(
            replies[1]
                == #"{"seq":2,"steps":[[{"request":1,"description":"load(limit: 50, page: 0)"}],[{"cancel":1}]]}"#)
        // A rule broken at run time, and a line the reader refuses: each stops at its step.
        #expect(
            replies[2].hasPrefix(
                #"{"seq":3,"errored":{"step":2,"message":"(the runner's scenario):3: field \"request\": request #9 was never made"#
            ), "\(replies[2])")
        #expect(replies[3].hasPrefix(#"{"seq":4,"errored":{"step":2,"message":"(the runner's scenario):3: "#))
    }

    @Test func referenceAdapterAnswersBadMessagesWithErrored() {
        let replies = converse([
            "not json",
            #"{"cmd": "start", "seq": 1, "version": 1}"#,
            #"{"cmd": "run", "seq": 2, "header": {}}"#,
            #"{"cmd": "step", "seq": 3, "step": 1, "event": {"event": "create"}}"#,
        ])
        #expect(
            replies == [
                #"{"seq":null,"errored":{"step":0,"message":"the runner sent a line that is not a JSON object: \"not json\""}}"#,
                #"{"seq":1,"errored":{"step":0,"message":"this adapter speaks protocol version 2"}}"#,
                #"{"seq":2,"errored":{"step":0,"message":"run needs a \"header\" object and an \"events\" array"}}"#,
                #"{"seq":3,"errored":{"step":0,"message":"unknown cmd \"step\"; expected start, run or stop"}}"#,
            ])
    }

    /// The runner reads a port's answer to `run` against the scenario it sent: one array of outputs
    /// per event, `omitted` in a quiet advance's only, and an `errored` step within the scenario.
    @Test(arguments: [
        (
            #"{"seq": 2, "steps": [[]]}"#,
            #"malformed reply: field "steps": expected one array of outputs for each of the 2 events, got 1"#
        ),
        (#"{"seq": 2, "steps": [[], {}]}"#, #"malformed reply: field "steps[1]": expected an array of outputs"#),
        (
            #"{"seq": 2, "steps": [[{"omitted": 2}], []]}"#,
            #"malformed reply: field "steps[0][0]": {"omitted": k} is allowed only in the outputs of a quiet advance"#
        ),
        (
            #"{"seq": 2, "steps": [[], [{"omitted": 0}]]}"#,
            #"malformed reply: field "steps[1][0]": {"omitted": k} takes a whole number k >= 1 and nothing else"#
        ),
        (
            #"{"seq": 2, "steps": [[], [{"cancel": 0}]]}"#,
            #"malformed reply: field "steps[1][0].cancel": expected a whole number >= 1"#
        ),
        (
            #"{"seq": 2, "errored": {"step": 3, "message": "m"}}"#,
            #"malformed reply: field "errored.step": expected the step it stopped at, 0 (the header) to 2"#
        ),
        (
            #"{"seq": 2, "errored": {"message": "m"}}"#,
            #"malformed reply: field "errored.step": expected the step it stopped at, 0 (the header) to 2"#
        ),
        (
            #"{"seq": 2, "ready": true}"#,
            #"malformed reply: field "steps": a reply holds "steps" (an array), "skipped" or "errored""#
        ),
        (#"{"seq": 7, "steps": [[], []]}"#, "wrong sequence number: expected seq 2, the reply has seq 7"),
    ])
    func malformedAnswerToRunIsAnErrorThatNamesTheField(reply: String, message: String) throws {
        let scenario = try TestFeatures.replayer.read(
            """
            {"format": 1, "id": "kittens/x", "feature": "kittens", "description": "d"}
            {"event": "create"}
            {"event": "advance", "ms": 10, "quiet": true}

            """, file: "x.jsonl")
        let error = #expect(throws: AdapterError.self) {
            try AdapterProtocol.answer(try AdapterProtocol.replyObject(reply, seq: 2), events: scenario.events)
        }
        #expect(error?.description == message)
    }

    @Test func answerToRunIsEachStepsOutputsOrWhereItStopped() throws {
        let scenario = try TestFeatures.replayer.read(
            """
            {"format": 1, "id": "kittens/x", "feature": "kittens", "description": "d"}
            {"event": "create"}
            {"event": "advance", "ms": 10, "quiet": true}

            """, file: "x.jsonl")
        func answer(_ line: String) throws -> ScenarioAnswer {
            try AdapterProtocol.answer(try AdapterProtocol.replyObject(line, seq: 1), events: scenario.events)
        }
        #expect(
            try answer(#"{"seq": 1, "steps": [[{"cancel": 1}], [{"omitted": 3}, {"render": 2}]]}"#)
                == .steps([StepOutputs([.cancel(id: 1)]), StepOutputs([.render(.integer(2))], omitted: 3)]))
        #expect(
            try answer(#"{"seq": 1, "errored": {"step": 0, "message": "m", "details": "d"}}"#)
                == .errored(step: 0, message: "m", details: "d"))
        #expect(
            try answer(##"{"seq": 1, "skipped": {"message": "m", "issue": "#7"}}"##)
                == .skipped(message: "m", issue: "#7"))
    }

    @Test func quietStepSendsItsLastRenderAndHowManyWereLeftOut() {
        let outputs: [ReplayOutput] = [
            .render(.integer(1)), .label(.integer(9)), .render(.integer(2)), .render(.integer(3)),
        ]
        #expect(
            ReferenceAdapter.outputs(outputs, omitted: 0, quiet: true).map(\.compactText) == [
                #"{"omitted":2}"#, #"{"label":9}"#, #"{"render":3}"#,
            ])
    }

    @Test func quietStepCountsTheRendersTheReplayAlreadyLeftOut() {
        // The replay keeps one render of a quiet step and a count of the rest (HarnessLimits).
        #expect(
            ReferenceAdapter.outputs([.render(.integer(3))], omitted: 20, quiet: true).map(\.compactText) == [
                #"{"omitted":20}"#, #"{"render":3}"#,
            ])
    }

    @Test(arguments: [
        (
            "# a\n> 1 create\n  request #1 x\n> 2 start\n  render 1\n",
            "# a\n> 1 create\n  request #1 x\n> 2 start\n  render 2\n", 2 as Int?
        ),
        ("# a\n> 1 create\n> 2 start\n", "# a\n> 1 create\n  cancel #1\n> 2 start\n", 1),
        ("# a\n> 1 create\n", "# a\n> 1 create\n> 2 start\n", 2),
        ("# a\n> 1 create\n", "# b\n> 1 create\n", nil),
    ])
    func firstDivergingStepIsTheStepHoldingTheFirstDifferentLine(golden: String, actual: String, step: Int?) {
        #expect(ConformanceRunner.firstDivergingStep(golden: golden, actual: actual) == step)
    }
}

/// The runner's echo of each input, the same whichever implementation runs the scenario.
@Suite struct TranscriptEchoTests {
    @Test func anAnswerToACancelledRequestSaysSoAndTimeIsTheSumOfTheAdvances() throws {
        let text = """
            {"format": 1, "id": "kittens/x", "feature": "kittens", "description": "d"}
            {"event": "create"}
            {"event": "advance", "ms": 250}
            {"event": "respond", "request": 1, "urls": ["a", "b"]}
            {"event": "respond", "request": 2, "failure": "timeout"}
            {"event": "advance", "ms": 1000, "quiet": true}

            """
        let scenario = try TestFeatures.replayer.read(text, file: "x.jsonl")
        var echo = TranscriptEcho()
        var echoes: [String] = []
        for (index, event) in scenario.events.enumerated() {
            echoes.append(echo.echo(event))
            // Request #1 is cancelled in the reaction to step 2; request #2 never is.
            echo.note(index == 1 ? [.request(id: 2, description: "load"), .cancel(id: 1)] : [])
        }
        #expect(
            echoes == [
                "create", "advance 250ms (now 250ms)", "respond #1 urls [2] (after cancel)",
                "respond #2 failure timeout",
                "advance 1000ms (now 1250ms)",
            ])
    }
}
