import Foundation
import MVICore
import MVICountdownTimer
import MVIKittens
import ReferenceFeatures
import ReplaySeam
import Testing

@testable import DemoApp

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The recorder's URLSession has no URL cache: on Linux, a cached request cancelled as it completes
/// (a refresh in flight when the demo quits) stopped the demo on an illegal instruction in
/// FoundationNetworking (docs/demo.md, "Recording").
@Suite struct RecordingSessionTests {
    @Test func theRecordersSessionIsEphemeralAndCachesNothing() {
        let session = DemoShell.recordingSession()
        #expect(session !== URLSession.shared)
        #expect(session.configuration.urlCache == nil)
        #expect(session.configuration.requestCachePolicy == .reloadIgnoringLocalCacheData)
        #expect(session.configuration.timeoutIntervalForRequest == 10)
    }
}

/// What the status lines say beside the features' own renders.
@Suite struct StatusLineTests {
    /// A data source that fails every load at once, as a refused connection does.
    private struct RefusedDataSource: KittenDataSource {
        func load(limit: Int, page: Int) async throws -> Data {
            throw KittenDataSourceError.transport("Could not connect to the server.")
        }
    }

    /// `Error loading kittens :-(` is the feature's render; the cause goes on the status line.
    @Test func aFailedKittensLoadNamesItsCause() {
        let scheduler = TestScheduler()
        let component = KittenComponent(
            dataSource: RefusedDataSource(), scheduler: scheduler)
        let cause = KittenLoadCause(component.store)
        #expect(cause.text == nil)
        scheduler.advance(by: .zero)
        #expect(component.model.isError)
        #expect(cause.text == "last load failed: network: transport error: Could not connect to the server.")
        component.onDestroy()
    }

    /// The Timer makes no requests: its recording status does not count them.
    @Test func theTimersRecordingStatusCountsNoRequests() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("status-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let module = try #require(FeatureRegistry.reference["timer"])
        let timer = try RecordedFeed<TimerViewModel, TimerViewEvent>(
            feature: module, name: "status", config: ["seed": 1],
            service: .init(baseURL: URL(string: "http://127.0.0.1:9")!, session: DemoShell.recordingSession()),
            initial: TimerMappers.model(TimerState()), file: folder.appendingPathComponent("status.jsonl"))
        #expect(timer.status == "recording to status.jsonl")
    }
}
