import Foundation

/// Dates as the news screens show them: `dd.MM.yyyy` of the instant in UTC.
///
/// The same on every machine: the proleptic Gregorian calendar in UTC, computed here, with no
/// locale and no `Calendar`. (Foundation's Gregorian calendar is the Julian one before 15 October
/// 1582: it took 29 February 1500 and refused 10 October 1582, where docs/features/news.md,
/// "Dates", and every port count Gregorian leap years all the way back.)
public enum NewsDate {
    /// `publishedAt` as `dd.MM.yyyy` in UTC; nil when it is missing or not an ISO 8601 date-time
    /// with a zone (`2026-10-28T11:57:00Z`, `...:00.123Z`, `...:00+03:00`, `...T23:30+0200`).
    /// A UTC day outside the years 0001...9999 (reached through the offset) is written with the
    /// era year: `01.01.10000`, and `31.12.0001` for the year 1 before the era (news.36).
    public static func format(_ publishedAt: String?) -> String? {
        guard let publishedAt, let date = parse(publishedAt) else { return nil }
        let seconds = Int(date.timeIntervalSince1970)
        let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        let (year, month, day) = civilDate(daysSince1970: days)
        return pad(day, 2) + "." + pad(month, 2) + "." + pad(year > 0 ? year : 1 - year, 4)
    }

    /// The instant `text` names, or nil if it is not `yyyy-MM-ddTHH:mm[:ss[.fraction]]` followed
    /// by `Z` or `±HH:mm` / `±HHmm`, or names no real time (year 0000, month 13, 30 February,
    /// 29 February 1900, hour 24).
    public static func parse(_ text: String) -> Date? {
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.number(4), scanner.skip("-"), let month = scanner.number(2), scanner.skip("-"),
            let day = scanner.number(2), scanner.skip("T"), let hour = scanner.number(2), scanner.skip(":"),
            let minute = scanner.number(2)
        else { return nil }
        var second = 0
        if scanner.skip(":") {
            guard let value = scanner.number(2) else { return nil }
            second = value
            if scanner.skip(".") {
                guard scanner.digits() > 0 else { return nil }  // fractions do not change the day
            }
        }
        guard let offset = scanner.zoneOffsetSeconds(), scanner.atEnd else { return nil }
        guard year >= 1, (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), hour <= 23,
            minute <= 59,
            second <= 59
        else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3600 + minute * 60 + second - offset))
    }

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to `year-month-day`, proleptic Gregorian. Counted in years that begin
    /// on 1 March, so that the leap day is the last day of its year; 146,097 days make 400 years.
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let marchYear = month <= 2 ? year - 1 : year
        let cycle = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfCycle = marchYear - cycle * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfCycle = yearOfCycle * 365 + yearOfCycle / 4 - yearOfCycle / 100 + dayOfYear
        return cycle * 146_097 + dayOfCycle - 719_468  // 719,468: days from 0000-03-01 to 1970-01-01
    }

    /// The proleptic Gregorian date `days` after 1970-01-01 (year 0 is the year 1 before the era).
    static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let cycle = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfCycle = shifted - cycle * 146_097
        let yearOfCycle = (dayOfCycle - dayOfCycle / 1460 + dayOfCycle / 36_524 - dayOfCycle / 146_096) / 365
        let dayOfYear = dayOfCycle - (365 * yearOfCycle + yearOfCycle / 4 - yearOfCycle / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfCycle + cycle * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

/// Reads fixed-width ASCII numbers and separators from the front of a date string.
private struct DigitScanner {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    /// Exactly `width` digits as a number.
    mutating func number(_ width: Int) -> Int? {
        guard index + width <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<index + width] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += width
        return value
    }

    /// Skips digits; returns how many.
    mutating func digits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }

    /// `Z` -> 0, `+03:00` / `-0230` -> seconds east of UTC; nil if neither.
    mutating func zoneOffsetSeconds() -> Int? {
        if skip("Z") { return 0 }
        let sign: Int
        if skip("+") { sign = 1 } else if skip("-") { sign = -1 } else { return nil }
        guard let hours = number(2), hours <= 23 else { return nil }
        _ = skip(":")
        guard let minutes = number(2), minutes <= 59 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }
}
