import Foundation
import MVIImagePipeline
import MockHTTPServer
import Testing

/// Subject: the caches' byte limits with the server's medium (101,825 bytes) and large
/// (1,045,033 bytes) images; the journal shows which images had to be fetched again.
@Suite struct EvictionTests {
    static let medium = 101_825
    static let large = 1_045_033

    @Test func theMemoryCacheEvictsTheLeastRecentlyUsedImageAndNeverHoldsOneOverItsEntryLimit() throws {
        let fixture = try ServerFixture()
        defer { fixture.stop() }
        // Room for two medium images; a large one is over the entry limit (half the total).
        let memory = try fixture.memoryCache(costLimit: 250_000, entryCostFraction: 0.5)
        let pipeline = fixture.pipeline(memory: memory, disk: nil)
        let mediums = (0..<3).map { fixture.imageURL($0, size: "medium") }
        for url in mediums { #expect(try #require(load(url, with: pipeline)).source == .network) }
        #expect(memory.keysLeastRecentlyUsedFirst == [mediums[1], mediums[2]].map(pipeline.cacheKey(for:)))
        #expect(memory.totalCost == 2 * Self.medium)

        #expect(try #require(load(mediums[2], with: pipeline)).source == .memory)
        #expect(try #require(load(mediums[0], with: pipeline)).source == .network, "evicted, so fetched again")
        #expect(fixture.requests(for: mediums[0]).count == 2)
        #expect(fixture.requests(for: mediums[2]).count == 1)

        let large = fixture.imageURL(size: "large")
        #expect(try #require(load(large, with: pipeline)).bytes?.count == Self.large)
        #expect(try #require(load(large, with: pipeline)).source == .network, "never cached in memory")
        #expect(fixture.requests(for: large).count == 2)
        #expect(memory.count == 2)
        #expect(memory.totalCost <= memory.costLimit)
    }

    @Test func theDiskCacheTrimsTheLeastRecentlyUsedFilesWhenALargeImageTakesItOverItsLimit() throws {
        let fixture = try ServerFixture()
        defer { fixture.stop() }
        // Over 1,200,000 bytes, files are removed oldest first until at most 1,080,000 remain:
        // room for one large image and one medium, or for several mediums.
        let disk = try fixture.diskCache(sizeLimit: 1_200_000, trimRatio: 0.9)
        let pipeline = fixture.pipeline(memory: nil, disk: disk)
        let large = fixture.imageURL(size: "large")
        let mediums = (0..<2).map { fixture.imageURL($0, size: "medium") }
        func fileName(_ url: URL) -> String { ImageDiskCache.fileName(forKey: pipeline.cacheKey(for: url)) }

        #expect(try #require(load(large, with: pipeline)).source == .network)
        #expect(try #require(load(mediums[0], with: pipeline)).source == .network)
        #expect(disk.fileNamesLeastRecentlyUsedFirst == [fileName(large), fileName(mediums[0])])
        #expect(try #require(load(mediums[1], with: pipeline)).source == .network)
        #expect(
            disk.fileNamesLeastRecentlyUsedFirst == mediums.map(fileName),
            "the large file, least recently used, is removed")
        #expect(disk.totalSize <= disk.trimTarget)

        #expect(try #require(load(mediums[0], with: pipeline)).source == .disk)
        #expect(try #require(load(large, with: pipeline)).source == .network)
        #expect(fixture.requests(for: large).count == 2)
        #expect(fixture.requests(for: mediums[0]).count == 1)
        #expect(disk.totalSize <= disk.sizeLimit)
    }
}
