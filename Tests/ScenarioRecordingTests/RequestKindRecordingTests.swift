import FixtureFormat
import Foundation
import MVICore
import ReplaySeam
import ScenarioRecording
import Testing

/// Subject: a live answer is written only if its request's kind takes it (`FeatureModule.requests`):
/// a `load()` answered in a save's form would read with the feature's `responses` and fail only
/// when replayed; the recorder reports it instead, naming the request.
@Suite struct RequestKindRecordingTests {
    struct Items: ReplayAnswer { let echo: String }
    struct Saved: ReplayAnswer { let echo: String }

    static let items: ObjectCodec<any ReplayAnswer> = ObjectCodec<Items>.object(
        Field.required("items", JSONCodec.array(of: JSONCodec.string))
    ) { _ in Items(echo: "items") }.answers
    static let saved: ObjectCodec<any ReplayAnswer> = ObjectCodec<Saved>.object(
        Field.required("saved", JSONCodec.string)
    ) { _ in Saved(echo: "saved") }.answers

    /// A feature whose one live call, `load()`, is answered at once with `answer`'s fields.
    static func module(answer: JSONObject) -> FeatureModule {
        FeatureModule(
            name: "todos", componentName: "TodosComponent", config: .empty(()),
            screens: [ScreenDescription(events: [ViewEventCodec<Int>.plain("noop", 0)])],
            responses: .oneOf("a todos answer", [.has("items", items), .has("saved", saved)]),
            requests: [RequestKind("load", answers: items), RequestKind("save", answers: saved)], hasSavedState: false
        ) { environment, _ in LiveLoad(environment: environment, answer: answer) }
    }

    final class LiveLoad: FeatureSession, Sendable {
        let environment: FeatureEnvironment
        let answer: JSONObject

        init(environment: FeatureEnvironment, answer: JSONObject) {
            self.environment = environment
            self.answer = answer
        }

        func create() {
            _ = environment.live?.request(
                "load()", encode: { (fields: JSONObject) throws(FieldError) in fields },
                start: { [answer] done in
                    done(answer)
                    return Cancellation {}
                }, deliver: { _ in })
        }
        func perform(_ event: LifecycleEvent) {}
        func send(_ input: FeatureInput) throws(FieldError) {}
        func restore() throws(FieldError) -> CanonicalValue { throw FieldError("no saved state") }
    }

    static func record(_ answer: JSONObject) throws -> String {
        let recorder = try ScenarioRecorder(
            feature: module(answer: answer), header: .init(id: "todos/live", description: "d"),
            scheduler: DispatchQueueScheduler.background(label: "request-kind-recording-tests"))
        recorder.create()
        #expect(recorder.waitUntilIdle(timeout: .seconds(120)))
        return try recorder.finish()
    }

    @Test func anAnswerOfItsKindIsWritten() throws {
        let scenario = try Self.record(["items": ["a"]])
        #expect(scenario.contains(#"{"event": "respond", "request": 1, "items": ["a"]}"#), "\(scenario)")
    }

    @Test func anAnswerOfAnotherKindIsAProblemNamingTheRequest() {
        #expect {
            _ = try Self.record(["saved": "yes"])
        } throws: { error in
            "\(error)".contains(
                #"request #1: the answer does not read back with todos's codec: field "saved": unknown field; expected only items"#
            )
        }
    }
}
