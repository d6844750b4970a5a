import Foundation
import MVIImagePipeline
import MockHTTPServer
import Testing

/// Subject: `ETag` and `If-None-Match` between the pipeline and a real server.
@Suite struct RevalidationTests {
    @Test func aStaleEntryIsRevalidatedWithIfNoneMatchAndA304RefreshesItWithoutABody() throws {
        let fixture = try ServerFixture()
        defer { fixture.stop() }
        let memory = try fixture.memoryCache()
        let disk = try fixture.diskCache()
        let pipeline = fixture.pipeline(memory: memory, disk: disk, maxAge: 60)
        let url = fixture.imageURL(size: "medium")
        let key = pipeline.cacheKey(for: url)

        let first = try #require(load(url, with: pipeline))
        #expect(first.source == .network)
        let download = try #require(fixture.requests(for: url).first)
        #expect(download.request.header("If-None-Match") == nil)
        #expect(download.status == 200)
        let etag = try #require(disk.entry(forKey: key)?.etag, "the server's ETag is kept with the entry")

        fixture.clock.advance(by: 61)
        let revalidated = try #require(load(url, with: pipeline))
        #expect(revalidated.source == .disk, "the stale entry's bytes, read from disk, confirmed by the 304")
        #expect(revalidated.bytes == first.bytes)
        let requests = fixture.requests(for: url)
        #expect(requests.count == 2)
        #expect(requests.last?.request.header("If-None-Match") == etag)
        #expect(requests.last?.status == 304)

        // Refreshed: both copies are dated by the 304, so the next request is a hit with no request.
        #expect(memory.entry(forKey: key)?.storedAt == fixture.clock.now)
        #expect(disk.entry(forKey: key)?.storedAt == fixture.clock.now)
        #expect(disk.entry(forKey: key)?.etag == etag)
        #expect(try #require(load(url, with: pipeline)).source == .memory)
        let reopened = fixture.pipeline(memory: nil, disk: try fixture.diskCache(), maxAge: 60)
        #expect(try #require(load(url, with: reopened)).source == .disk)
        #expect(fixture.requests(for: url).count == 2)
    }
}
