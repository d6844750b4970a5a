import ConformanceKit
import FixtureFormat
import ReplaySeam
import Testing

/// The seam carries a feature with several screens: renders name their screen, view events are
/// addressed to a screen, and the feature's own events (`back`, `deepLink`) and reactions (`stack`)
/// flow through the one engine like the built-in ones.
@Suite struct CompositeFeatureTests {
    static let header = #"{"format": 1, "id": "demo-app/x", "feature": "demo-app", "description": "two screens"}"#

    private func transcript(_ events: String...) throws -> String {
        let text = ([Self.header] + events).joined(separator: "\n") + "\n"
        let scenario = try TestFeatures.replayer.read(text, file: "demo-app/x.jsonl")
        return TranscriptFormatter.text(try TestFeatures.replayer.replay(scenario))
    }

    @Test func screensViewEventsAndOwnEventsReplayIntoOneTranscript() throws {
        let text = try transcript(
            #"{"event": "create"}"#,
            #"{"event": "viewCreated"}"#,
            #"{"event": "start"}"#,
            #"{"event": "view", "screen": "list", "name": "select", "payload": {"index": 1}}"#,
            #"{"event": "view", "screen": "detail", "name": "favourite"}"#,
            #"{"event": "view", "screen": "list", "name": "refresh"}"#,
            #"{"event": "back"}"#,
            #"{"event": "back"}"#,
            #"{"event": "deepLink", "url": "demo://detail?item=2"}"#,
            #"{"event": "deepLink", "url": "demo://nowhere"}"#)
        #expect(
            text == """
                # demo-app/x
                # two screens
                > 1 create
                > 2 viewCreated
                > 3 start
                  render list: ListModel
                    items: [3]
                      [0] "alpha"
                      [1] "beta"
                      [2] "gamma"
                > 4 view list: select(index: 1)
                  stack [2]
                    [0] "list"
                    [1] "detail"
                  render detail: DetailModel
                    title: "beta"
                    isFavourite: false
                > 5 view detail: favourite
                  render detail: DetailModel
                    title: "beta"
                    isFavourite: true
                > 6 view list: refresh
                  rejected view list: the screen is not on top (detail is)
                > 7 back
                  stack [1]
                    [0] "list"
                  render list: ListModel
                    items: [3]
                      [0] "alpha"
                      [1] "beta"
                      [2] "gamma"
                > 8 back
                  rejected back: already at the root screen
                > 9 deepLink "demo://detail?item=2"
                  stack [2]
                    [0] "list"
                    [1] "detail"
                  render detail: DetailModel
                    title: "gamma"
                    isFavourite: false
                > 10 deepLink "demo://nowhere"
                  rejected deepLink: "demo://nowhere" is not demo://list or demo://detail?item=N

                """)
    }

    @Test func theLifecycleRulesApplyToACompositeAsToAnyFeature() throws {
        let text = try transcript(#"{"event": "create"}"#, #"{"event": "start"}"#)
        #expect(
            text.hasSuffix(
                "> 2 start\n  rejected DemoAppComponent.onStart() called while created: no view is attached; call onViewCreated(view) first\n"
            ))
    }

    @Test(arguments: [
        (#"{"event": "view", "name": "refresh"}"#, #"demo-app/x.jsonl:3: field "screen": missing; expected a string"#),
        (
            #"{"event": "view", "screen": "settings", "name": "refresh"}"#,
            #"demo-app/x.jsonl:3: field "screen": unknown demo-app screen "settings"; expected one of list, detail"#
        ),
        (
            #"{"event": "view", "screen": "detail", "name": "refresh"}"#,
            #"demo-app/x.jsonl:3: field "name": unknown demo-app detail view event "refresh"; expected favourite"#
        ),
        (
            #"{"event": "view", "screen": "list", "name": "select", "payload": {"index": "1"}}"#,
            #"demo-app/x.jsonl:3: field "payload.index": expected a whole number from 0 to 99, found string"#
        ),
        (#"{"event": "deepLink"}"#, #"demo-app/x.jsonl:3: field "url": missing; expected a string"#),
        (#"{"event": "back", "count": 2}"#, #"demo-app/x.jsonl:3: field "count": unknown field; expected only event"#),
        (
            #"{"event": "restore"}"#,
            #"demo-app/x.jsonl:3: field "event": demo-app takes no restore event; expected one of create, viewCreated, start, stop, viewDestroyed, destroy, view, advance, back, deepLink"#
        ),
    ])
    func badCompositeLinesNameTheLineAndField(line: String, expected: String) {
        let text = [Self.header, #"{"event": "create"}"#, line].joined(separator: "\n") + "\n"
        do {
            _ = try TestFeatures.replayer.read(text, file: "demo-app/x.jsonl")
            Issue.record("the reader accepted \(line)")
        } catch {
            #expect(error.description == expected)
        }
    }
}
