import FixtureFormat
import Foundation
import ImagesReplay
import KittensReplay
import MVIImages
import MVIKittens
import MockHTTPServer
import ReplaySeam
import ScenarioRecording
import Testing

/// Subject: what a recorder refuses to write: secrets, answers its feature's codec cannot hold,
/// events it cannot encode, and a scenario that does not start with create.
@Suite struct RecorderProblemTests {
    @Test func theAPIKeyNeverReachesTheScenario() throws {
        let fixture = try LiveFixture()
        defer { fixture.stop() }
        let key = "sk-live-7f3a9c"
        let body =
            #"[{"url": "http://cats.test/a.png?api_key=sk-live-7f3a9c"}, {"url": "http://cats.test/b.png?apiKey=other-secret"}]"#
        fixture.server.stub(Stub(path: "/v1/images/search", responses: [.text(200, body)]))
        let recorder = try fixture.recorder(KittensFeature.module, "keys-redacted", apiKey: key)
        recorder.create()
        recorder.perform(.viewCreated)
        recorder.perform(.start)
        settle(recorder)
        let scenario = try recorder.finish()
        #expect(
            fixture.server.journal.all.first?.request.header("x-api-key") == key, "the live request carried the key")
        #expect(!scenario.contains(key))
        #expect(!scenario.contains("other-secret"))
        #expect(scenario.contains("a.png?api_key=[redacted]"))
        #expect(scenario.contains("b.png?apiKey=[redacted]"))
        _ = try replay(scenario)  // still a scenario the runner reads
    }

    /// A short key is taken out where it stands whole, never out of a word: with the key `k`
    /// the recorder once wrote `[redacted]itten` for `kitten`.
    @Test func aShortKeyIsRedactedOnlyWhereItStandsWhole() throws {
        let fixture = try LiveFixture()
        defer { fixture.stop() }
        let body =
            #"[{"url": "http://cats.test/kitten-ok.png?api_key=k"}, {"url": "k"}, {"url": "http://cats.test/k.png"}]"#
        fixture.server.stub(Stub(path: "/v1/images/search", responses: [.text(200, body)]))
        let recorder = try fixture.recorder(KittensFeature.module, "short-key", apiKey: "k")
        recorder.create()
        recorder.perform(.viewCreated)
        recorder.perform(.start)
        settle(recorder)
        let scenario = try recorder.finish()
        // The body is written as a JSON string, its quotes escaped.
        #expect(scenario.contains(#"{\"url\": \"http://cats.test/kitten-ok.png?api_key=[redacted]\"}"#), "\(scenario)")
        #expect(scenario.contains(#"{\"url\": \"[redacted]\"}"#), "a value equal to the key")
        #expect(
            scenario.contains(#"{\"url\": \"http://cats.test/k.png\"}"#),
            "a short key inside text is left: too likely a word")
        #expect(scenario.hasPrefix(#"{"format": 1, "id": "kittens/short-key", "feature": "kittens""#))
        #expect(!scenario.contains("[redacted]itten"))
        _ = try replay(scenario)
    }

    @Test func bytesThatAreNotTextAreReportedNotWritten() throws {
        let fixture = try LiveFixture()
        defer { fixture.stop() }
        let id = try #require(fixture.server.configuration.data.cats.first?.id)
        let url = "\(fixture.server.baseURL.absoluteString)/images/\(id).png"
        let recorder = try fixture.recorder(ImagesFeature.module, "png-bytes", config: ["views": ["a": .string(url)]])
        recorder.create()
        recorder.perform(.viewCreated)
        recorder.perform(.start)
        recorder.send(view: ImageViewEvent.appeared, screen: "a")
        settle(recorder)
        let error = try #require(throws: RecordingError.self) { try recorder.finish() }
        #expect(error.problems.count == 1)
        #expect(
            error.problems.first?.hasPrefix(
                "request #1: the answer cannot be written as a respond line: field \"body\"") == true)
        #expect(error.problems.first?.contains("is not UTF-8 text") == true)
    }

    @Test func anEventNoCodecWritesAndALateCreateAreProblems() throws {
        let fixture = try LiveFixture()
        defer { fixture.stop() }
        let recorder = try fixture.recorder(KittensFeature.module, "bad-inputs")
        recorder.perform(.viewCreated)
        recorder.create()
        recorder.send(view: "refresh, please")
        recorder.send(view: KittenViewEvent.refreshTriggered, screen: "list")
        recorder.send(custom: "back", "now")
        settle(recorder)
        let error = try #require(throws: RecordingError.self) { try recorder.finish() }
        #expect(
            error.problems == [
                "viewCreated before create: the first event must be create",
                "view event refresh, please: kittens's codecs cannot write it (a payload event needs its encode:)",
                "view event on screen list: kittens has no such screen",
                "event back: kittens has no such event, or its codec cannot write now",
            ])
    }

    @Test func aHeaderOrConfigTheFeatureDoesNotReadIsRefusedAtOnce() throws {
        let fixture = try LiveFixture()
        defer { fixture.stop() }
        #expect(throws: RecordingError(["header: the id \"timer/x\" must be kittens/<name>"])) {
            try ScenarioRecorder(
                feature: KittensFeature.module, header: .init(id: "timer/x", description: "d"),
                service: .init(baseURL: fixture.server.baseURL), scheduler: fixture.scheduler)
        }
        #expect(throws: RecordingError.self) {
            try fixture.recorder(KittensFeature.module, "with-config", config: ["seed": 1])
        }
    }
}
