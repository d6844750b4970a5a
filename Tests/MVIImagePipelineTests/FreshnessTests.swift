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

    @Test func anImageStaysFreshForAnHourByDefault() {
        #expect(ImagePipeline.Configuration().maxAge == 3600)
    }

    /// Each date is rounded to the nearest whole millisecond before the two are subtracted, half a
    /// millisecond up: an age is a whole number of milliseconds, decided at the half-millisecond.
    @Test func eachDateIsRoundedToTheNearestMillisecond() {
        let entry = ImageCacheEntry(bytes: Data(), storedAt: Date(timeIntervalSince1970: 0))
        #expect(entry.isFresh(at: Date(timeIntervalSince1970: 59.9994999), maxAge: 60), "59,999 ms old")
        #expect(!entry.isFresh(at: Date(timeIntervalSince1970: 59.9995003), maxAge: 60), "60,000 ms old")
        let late = ImageCacheEntry(bytes: Data(), storedAt: Date(timeIntervalSince1970: 0.0005003))
        #expect(late.isFresh(at: Date(timeIntervalSince1970: 60.0004999), maxAge: 60), "stored at 1 ms, now 60,000 ms")
        #expect(!late.isFresh(at: Date(timeIntervalSince1970: 60.0005003), maxAge: 60), "stored at 1 ms, now 60,001 ms")
    }
}
