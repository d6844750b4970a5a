import Foundation
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
