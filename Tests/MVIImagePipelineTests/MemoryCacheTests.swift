import Foundation
import MVIImagePipeline
import Testing

@Suite struct MemoryCacheTests {
    private let at = Date(timeIntervalSince1970: 0)

    private func entry(_ size: Int) -> ImageCacheEntry { ImageCacheEntry(bytes: Data(count: size), storedAt: at) }

    @Test func aStoredEntryIsAHit() throws {
        let cache = try ImageMemoryCache()
        cache.store(ImageCacheEntry(bytes: bytes("cat"), etag: "\"1\"", storedAt: at), forKey: "k")
        #expect(cache.entry(forKey: "k") == ImageCacheEntry(bytes: bytes("cat"), etag: "\"1\"", storedAt: at))
        #expect(cache.entry(forKey: "other") == nil)
    }

    @Test func theDefaultsAre64MiB500EntriesAndATenthOfTheBytesPerEntry() throws {
        let cache = try ImageMemoryCache()
        #expect(cache.costLimit == 67_108_864)
        #expect(cache.countLimit == 500)
        #expect(cache.entryCostFraction == 0.1)
        #expect(cache.entryCostLimit == 6_710_886)
    }

    @Test func goingOverTheCountLimitEvictsTheLeastRecentlyUsed() throws {
        let cache = try ImageMemoryCache(countLimit: 2)
        cache.store(entry(1), forKey: "a")
        cache.store(entry(1), forKey: "b")
        _ = cache.entry(forKey: "a")  // b is now the least recently used
        cache.store(entry(1), forKey: "c")
        #expect(cache.keysLeastRecentlyUsedFirst == ["a", "c"])
    }

    @Test func goingOverTheByteLimitEvictsUntilTheTotalFits() throws {
        let cache = try ImageMemoryCache(costLimit: 100, entryCostFraction: 0.5)
        cache.store(entry(40), forKey: "a")
        cache.store(entry(40), forKey: "b")
        cache.store(entry(30), forKey: "c")
        #expect(cache.keysLeastRecentlyUsedFirst == ["b", "c"])
        #expect(cache.totalCost == 70)
    }

    @Test func anEntryAboveTheFractionOfTheLimitIsNotCached() throws {
        let cache = try ImageMemoryCache(costLimit: 100, entryCostFraction: 0.1)
        #expect(cache.entryCostLimit == 10)
        #expect(cache.store(entry(10), forKey: "fits"))
        #expect(!cache.store(entry(11), forKey: "big"))
        #expect(cache.entry(forKey: "big") == nil)
        #expect(cache.keysLeastRecentlyUsedFirst == ["fits"])
    }

    @Test func anOversizedReplacementRemovesTheOldEntryForItsKey() throws {
        let cache = try ImageMemoryCache(costLimit: 100, entryCostFraction: 0.1)
        cache.store(entry(5), forKey: "k")
        cache.store(entry(50), forKey: "k")
        #expect(cache.entry(forKey: "k") == nil)
        #expect(cache.totalCost == 0)
    }

    @Test func replacingAnEntryCountsOnlyItsNewSize() throws {
        let cache = try ImageMemoryCache(costLimit: 100, entryCostFraction: 1)
        cache.store(entry(30), forKey: "k")
        cache.store(entry(20), forKey: "k")
        #expect(cache.totalCost == 20)
        #expect(cache.count == 1)
    }

    @Test func removeAllEmptiesTheCache() throws {
        let cache = try ImageMemoryCache()
        cache.store(entry(1), forKey: "a")
        cache.removeAll()
        #expect(cache.count == 0 && cache.totalCost == 0 && cache.entry(forKey: "a") == nil)
    }

    @Test func limitsOutOfRangeAreRefusedWithTheParameterNamed() {
        #expect(
            throws: ImageCacheConfigurationError(
                parameter: "costLimit", value: "0", expected: "an integer of at least 1")
        ) {
            try ImageMemoryCache(costLimit: 0)
        }
        #expect(
            throws: ImageCacheConfigurationError(
                parameter: "countLimit", value: "-1", expected: "an integer of at least 1")
        ) {
            try ImageMemoryCache(countLimit: -1)
        }
        #expect(
            throws: ImageCacheConfigurationError(
                parameter: "entryCostFraction", value: "1.5", expected: "a fraction greater than 0 and at most 1")
        ) {
            try ImageMemoryCache(entryCostFraction: 1.5)
        }
        #expect(throws: ImageCacheConfigurationError.self) { try ImageMemoryCache(entryCostFraction: 0) }
        #expect(
            ImageCacheConfigurationError(parameter: "costLimit", value: "0", expected: "an integer of at least 1")
                .description
                == "costLimit is 0; expected an integer of at least 1")
    }
}
