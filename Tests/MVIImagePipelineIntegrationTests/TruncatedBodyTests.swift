import Foundation
import MVIImagePipeline
import MockHTTPServer
import Testing

/// Subject: a response cut short by the server (`truncatedBody`), as URLSession reports it.
@Suite struct TruncatedBodyTests {
    @Test func aTruncatedBodyIsAFailureThatIsNeverCachedAndTheNextRequestTriesAgain() throws {
        let fixture = try ServerFixture()
        defer { fixture.stop() }
        let memory = try fixture.memoryCache()
        let disk = try fixture.diskCache()
        let pipeline = fixture.pipeline(memory: memory, disk: disk)
        let url = fixture.imageURL(size: "medium")
        let stub = fixture.server.stub(
            Stub(path: url.path, query: ["size": "medium"], responses: [.fault(.truncatedBody)]))

        let cut = try #require(load(url, with: pipeline))
        guard case .failure(let error) = cut.result, case .loader(.transport) = error.reason else {
            Issue.record("expected a transport failure, got \(cut.result)")
            return
        }
        #expect(error.url == url)
        #expect(fixture.requests(for: url).first?.fault == .truncatedBody)
        #expect(memory.count == 0)
        #expect(disk.count == 0)
        #expect(pipeline.downloadsInFlight == 0)

        // Not remembered as failed: the next request goes to the server, which now sends the image.
        #expect(fixture.server.removeStub(stub))
        let whole = try #require(load(url, with: pipeline))
        #expect(whole.source == .network)
        #expect(whole.bytes?.count == 101_825)
        #expect(fixture.requests(for: url).count == 2)
        #expect(memory.count == 1)
        #expect(disk.count == 1)
    }
}
