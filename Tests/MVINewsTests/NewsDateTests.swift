import MVINews
import Testing

@Suite struct NewsDateTests {
    @Test(arguments: [
        ("2026-10-28T11:57:00Z", "28.10.2026"),
        ("2026-10-28T11:57:00.123Z", "28.10.2026"),
        ("2026-10-28T11:57Z", "28.10.2026"),
        ("2026-10-28T01:30:00+03:00", "27.10.2026"),
        ("2026-12-31T22:30:00-0200", "01.01.2027"),
        ("2024-02-29T00:00:00Z", "29.02.2024"),
        ("0999-01-05T00:00:00Z", "05.01.0999"),
    ])
    func formatsTheUTCDayAsDayMonthYear(publishedAt: String, shown: String) {
        #expect(NewsDate.format(publishedAt) == shown)
    }

    @Test(arguments: [
        "", "2026-10-28", "2026-10-28T11:57:00", "2026-13-01T00:00:00Z", "2025-02-29T00:00:00Z",
        "2026-10-28T24:00:00Z", "2026-10-28T11:57:00.Z", "2026-10-28 11:57:00Z", "28.10.2026",
        "2026-10-28T11:57:00+25:00",
        "2026-10-28T11:57:00Zjunk", "２０２６-10-28T11:57:00Z",
    ])
    func anUnreadableDateIsAbsent(publishedAt: String) {
        #expect(NewsDate.format(publishedAt) == nil)
    }

    @Test func aMissingDateIsAbsent() {
        #expect(NewsDate.format(nil) == nil)
    }
}
