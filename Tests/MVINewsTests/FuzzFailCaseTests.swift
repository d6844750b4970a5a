import Foundation
import MVINews
import Testing

/// The inputs the News readers' fuzz targets (FuzzTesting/, docs/fuzzing.md) found, replayed
/// without the fuzzer: each file of FuzzTesting/FailCases/FuzzNewsDate/ through the target's
/// oracle (a date read is shown as the UTC day of its instant, the era year in four digits or more).
@Suite struct FuzzFailCaseTests {
    static let failCases = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("FuzzTesting/FailCases")

    static func inputs(_ target: String) throws -> [(name: String, text: String)] {
        let folder = failCases.appendingPathComponent(target)
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { name in
            (name, String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self))
        }
    }

    /// Through the target's oracle: a date that reads is shown, one that does not is not, and the
    /// day shown is the UTC day of the instant, counted in the proleptic Gregorian calendar.
    @Test func everyDateIsShownAsTheUTCDayOfItsInstant() throws {
        let cases = try Self.inputs("FuzzNewsDate")
        #expect(cases.count >= 4)
        for (name, text) in cases {
            guard let date = NewsDate.parse(text) else {
                #expect(NewsDate.format(text) == nil, "\(name)")
                continue
            }
            // Days from 0001-01-01 (day 0) by whole years and months: no calendar library.
            var days = Int((date.timeIntervalSince1970 / 86_400).rounded(.down)) + 719_162
            var year = 1
            while days >= (Self.isLeap(year) ? 366 : 365) {
                days -= Self.isLeap(year) ? 366 : 365
                year += 1
            }
            var leap = Self.isLeap(year)
            // The year 1 before the era (year 0), a leap year, shown 0001.
            if days < 0 { (days, leap) = (days + 366, true) }
            let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
            var month = 1
            while days >= lengths[month - 1] {
                days -= lengths[month - 1]
                month += 1
            }
            let expected = String(format: "%02ld.%02ld.%04ld", days + 1, month, year)
            #expect(NewsDate.format(text) == expected, "\(name)")
        }
    }

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    /// An offset that moves the first day of the year 1 into the day before: the year 1 before the
    /// era, written as the calendar's era year (news.36). Not a fault of the reader: the target's
    /// first oracle wrote the date with `ISO8601DateFormatter`, which says 0001 for that year.
    @Test func yearOneBeforeTheEra() throws {
        #expect(try Self.text("year-one-before-the-era.txt") == "0001-01-01T00:30+01:00")
        #expect(NewsDate.format(try Self.text("year-one-before-the-era.txt")) == "31.12.0001")
        #expect(
            NewsDate.parse(try Self.text("year-one-before-the-era.txt")) == Date(timeIntervalSince1970: -62_135_598_600)
        )
    }

    /// Found with the fix of the oracle above: the reader counted days with Foundation's Gregorian
    /// calendar, which is the Julian one before 15 October 1582. It took 29 February 1500 (a
    /// Julian leap year, not a Gregorian one: news.33), refused 10 October 1582 (a day that calendar
    /// skips) and moved an offset across the reform by eleven days. The Python port counted right.
    @Test func theGregorianCalendarAllTheWayBack() throws {
        #expect(NewsDate.format(try Self.text("julian-leap-day-1500.txt")) == nil)
        #expect(NewsDate.format(try Self.text("gregorian-reform-gap-1582.txt")) == "10.10.1582")
        #expect(NewsDate.format(try Self.text("day-before-the-reform.txt")) == "05.10.1582")
        #expect(
            NewsDate.parse(try Self.text("gregorian-reform-gap-1582.txt"))
                == Date(timeIntervalSince1970: -12_219_724_800))
    }

    static func text(_ name: String) throws -> String {
        try inputs("FuzzNewsDate").first { $0.name == name }?.text ?? ""
    }
}
