import Foundation

/// Dates as the news screens show them: `dd.MM.yyyy` of the instant in UTC.
///
/// The same on every machine: a fixed Gregorian calendar in UTC, no locale, no formatter
/// whose output depends on the system's settings.
public enum NewsDate {
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        return calendar
    }()

    /// `publishedAt` as `dd.MM.yyyy` in UTC; nil when it is missing or not an ISO 8601 date-time
    /// with a zone (`2026-10-28T11:57:00Z`, `...:00.123Z`, `...:00+03:00`, `...T23:30+0200`).
    public static func format(_ publishedAt: String?) -> String? {
        guard let publishedAt, let date = parse(publishedAt) else { return nil }
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        guard let year = parts.year, let month = parts.month, let day = parts.day else { return nil }
        return pad(day, 2) + "." + pad(month, 2) + "." + pad(year, 4)
    }

    /// The instant `text` names, or nil if it is not `yyyy-MM-ddTHH:mm[:ss[.fraction]]` followed
    /// by `Z` or `±HH:mm` / `±HHmm`, or names no real time (month 13, 30 February, hour 24).
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
        let parts = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let local = calendar.date(from: parts) else { return nil }
        // Reject what the calendar would roll over (30 February -> 2 March).
        let back = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: local)
        guard back.year == year, back.month == month, back.day == day, back.hour == hour, back.minute == minute,
            back.second == second
        else { return nil }
        return local.addingTimeInterval(TimeInterval(-offset))
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
