import ConformanceKit
import FixtureFormat
import Foundation
import MVICore
import MockHTTPServer
import ReferenceFeatures
import ReplaySeam
import ScenarioRecording
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How long a live step may take: generous, since CI is a loaded 2-core machine that may also run
/// the thread sanitizer.
let liveTimeout: Duration = .seconds(120)

/// A running mock server, a URLSession and a dispatch-queue scheduler for one live session.
final class LiveFixture {
    let server: MockServer
    let session: URLSession
    let scheduler = DispatchQueueScheduler.background(label: "scenario-recording-tests")

    init(newsAPI: NewsAPIKeys = NewsAPIKeys()) throws {
        server = MockServer(configuration: .init(data: try MockData.locate(), newsAPI: newsAPI))
        try server.start()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 60
        configuration.urlCache = nil
        session = URLSession(configuration: configuration)
    }

    func stop() {
        session.invalidateAndCancel()
        server.stop()
    }

    func recorder(_ module: FeatureModule, _ name: String, config: JSONObject = [:], apiKey: String? = "test-key")
        throws -> ScenarioRecorder
    {
        try ScenarioRecorder(
            feature: module,
            header: .init(
                id: "\(module.name)/\(name)", description: "Recorded live against the mock server.", tags: ["recorded"]),
            config: config, service: .init(baseURL: server.baseURL, apiKey: apiKey, session: session),
            scheduler: scheduler)
    }
}

/// Waits until the recorder has nothing under way; a test fails if it never gets there.
func settle(_ recorder: ScenarioRecorder, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(
        recorder.waitUntilIdle(timeout: liveTimeout), "the live session did not settle", sourceLocation: sourceLocation)
}

/// Replays a recorded scenario with the reference features: its transcript and its reactions in order.
func replay(_ text: String) throws -> (transcript: String, reactions: [ReplayOutput]) {
    let replayer = ReferenceImplementation(features: .reference)
    let scenario = try replayer.read(text, file: "recorded.jsonl")
    let result = try replayer.replay(scenario)
    return (TranscriptFormatter.text(result), result.steps.flatMap(\.outputs))
}

/// Records, replays, and checks that the replay's reactions are the live run's, one for one; returns
/// the scenario and the transcript for further checks.
@discardableResult
func expectRoundTrip(_ recorder: ScenarioRecorder, sourceLocation: SourceLocation = #_sourceLocation) throws -> (
    scenario: String, transcript: String
) {
    settle(recorder, sourceLocation: sourceLocation)
    let scenario = try recorder.finish()
    let live = recorder.reactions
    let (transcript, replayed) = try replay(scenario)
    #expect(
        live.contains { if case .render = $0 { true } else { false } }, "the live run rendered nothing",
        sourceLocation: sourceLocation)
    #expect(
        replayed == live, "the replay differs from the live run:\n\(scenario)\n\(transcript)",
        sourceLocation: sourceLocation)
    return (scenario, transcript)
}

/// The renders among `outputs`.
func renders(_ outputs: [ReplayOutput]) -> [CanonicalValue] {
    outputs.compactMap { if case .render(let value, _) = $0 { value } else { nil } }
}
