import Foundation
import MVIImagePipeline
import MockHTTPServer
import Testing

/// Subject: the pipeline's caches in front of a real server; the server's journal shows what reached it.
@Suite struct CacheHitTests {
    @Test func aMemoryHitIsDeliveredBeforeLoadImageReturnsAndMakesNoRequest() throws {
        let fixture = try ServerFixture()
        defer { fixture.stop() }
        let pipeline = fixture.pipeline(memory: try fixture.memoryCache(), disk: nil)
        let url = fixture.imageURL()

        let first = try #require(load(url, with: pipeline))
        #expect(first.source == .network)
        #expect(first.bytes?.count == 268)
        #expect(fixture.requests(for: url).count == 1)

        let second = try #require(load(url, with: pipeline))
        #expect(second.source == .memory)
        #expect(second.synchronous, "a memory hit is answered inside loadImage, so a first render can show it")
        #expect(second.bytes == first.bytes)
        #expect(fixture.requests(for: url).count == 1)
        #expect(fixture.server.journal.count == 1)
    }

    @Test func aDiskHitAfterARestartMakesNoRequest() throws {
        let fixture = try ServerFixture()
        defer { fixture.stop() }
        let url = fixture.imageURL(size: "medium")
        let first = try #require(
            load(url, with: fixture.pipeline(memory: try fixture.memoryCache(), disk: try fixture.diskCache())))
        #expect(first.source == .network)
        #expect(first.bytes?.count == 101_825)

        // A new pipeline on the same directory: the app opened again, its memory empty.
        let reopened = fixture.pipeline(memory: try fixture.memoryCache(), disk: try fixture.diskCache())
        let second = try #require(load(url, with: reopened))
        #expect(second.source == .disk)
        #expect(second.bytes == first.bytes)
        #expect(try #require(load(url, with: reopened)).source == .memory, "a disk hit is copied into memory")
        #expect(fixture.requests(for: url).count == 1)
        #expect(fixture.server.journal.count == 1)
    }
}
