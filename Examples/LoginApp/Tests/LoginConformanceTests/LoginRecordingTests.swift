import ConformanceKit
import FixtureFormat
import Login
import LoginReplay
import MVICore
import ReplaySeam
import ScenarioRecording
import Testing

/// A live session of the feature over its real authenticator, which is not HTTP, recorded as a
/// scenario (the recorder gets no service: `Service()`), then replayed to the same reactions.
@Suite struct LoginRecordingTests {
    @Test func aLiveSessionRecordsAndReplaysToTheSameReactions() throws {
        let real = Authenticator.local(accounts: ["ada": ("engine", "Ada Lovelace")])
        let module = LoginFeature.module(live: real)
        let recorder = try ScenarioRecorder(
            feature: module, header: .init(id: "login/recorded", description: "A wrong password, then the right one."),
            scheduler: DispatchQueueScheduler.background(label: "login-recording"))
        recorder.create()
        recorder.perform(.viewCreated)
        recorder.perform(.start)
        for event in [LoginViewEvent.userEdited("ada"), .passwordEdited("nope"), .submitTapped, .passwordEdited("engine"), .submitTapped] {
            recorder.send(view: event)
        }
        recorder.perform(.stop)
        #expect(recorder.waitUntilIdle(timeout: .seconds(60)), "the live session did not settle")
        let text = try recorder.finish()
        #expect(text.contains(#"{"event": "respond", "request": 2, "name": "Ada Lovelace"}"#), "\(text)")

        let replayer = ReferenceImplementation(features: FeatureRegistry([module]))
        let result = try replayer.replay(try replayer.read(text, file: "recorded.jsonl"))
        #expect(result.steps.flatMap(\.outputs) == recorder.reactions)
    }
}
