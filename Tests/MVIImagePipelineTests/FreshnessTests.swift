import Foundation
import MVIImagePipeline
import Testing

@Suite struct FreshnessTests {
    /// Far from 1970 the two dates subtract with a rounding error; an entry exactly maxAge old
    /// must still be stale, and one a millisecond younger fresh.
    @Test(arguments: [0.0, 1_577_836_800.011, 1_764_000_000.123])
    func anEntryExactlyMaxAgeOldIsStale(base: Double) {
        let entry = ImageCacheEntry(bytes: Data(), storedAt: Date(timeIntervalSince1970: base))
        #expect(!entry.isFresh(at: Date(timeIntervalSince1970: base + 3600), maxAge: 3600))
        #expect(entry.isFresh(at: Date(timeIntervalSince1970: base + 3599.999), maxAge: 3600))
        #expect(entry.isFresh(at: Date(timeIntervalSince1970: base - 10), maxAge: 3600), "dated in the future: fresh")
    }
}
