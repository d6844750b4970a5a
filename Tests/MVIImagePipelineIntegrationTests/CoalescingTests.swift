import Dispatch
import Foundation
import MVIImagePipeline
import MockHTTPServer
import Testing

/// Subject: one download per URL for requesters on many threads, against a real server.
@Suite struct CoalescingTests {
    @Test func aHundredConcurrentRequestsForOneURLMakeOneRequest() throws {
        let fixture = try ServerFixture()
        defer { fixture.stop() }
        let pipeline = fixture.pipeline(memory: try fixture.memoryCache(), disk: try fixture.diskCache())
        // The large image, so that the download lasts while the requesters arrive.
        let url = fixture.imageURL(size: "large")
        let requesters = 100
        let delivered = DispatchGroup()
        let deliveries = Deliveries()
        DispatchQueue.concurrentPerform(iterations: requesters) { _ in
            delivered.enter()
            pipeline.loadImage(url) { result in
                deliveries.append(result)
                delivered.leave()
            }
        }
        #expect(delivered.wait(timeout: .now() + answerTimeout) == .success)

        let responses = try deliveries.all.map { try $0.get() }
        #expect(responses.count == requesters)
        #expect(responses.allSatisfy { $0.bytes.count == 1_045_033 && $0.bytes == responses.first?.bytes })
        // Each requester either joined the download or, arriving after it, hit the memory cache.
        #expect(responses.allSatisfy { $0.source == .network || $0.source == .memory })
        #expect(fixture.requests(for: url).count == 1)
        #expect(fixture.server.journal.count == 1)
        #expect(pipeline.downloadsInFlight == 0)
    }
}
