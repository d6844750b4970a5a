// NewsDate, the reader of NewsAPI's `publishedAt` (docs/features/news.md, "Dates"). Oracles: a
// date read has whole seconds (the fraction never changes the day); written back as
// `yyyy-MM-ddTHH:mm:ssZ` it reads as the same instant (when its UTC year is 0001...9999); the shown
// form is `dd.MM.yyyy` of that instant's UTC day, counted here in the proleptic Gregorian calendar
// by whole years and months (no calendar library: Foundation's is Julian before 1582), the year
// being the era year with at least four digits (news.36: `0001-01-01T00:30+01:00` shows `31.12.0001`).
import Foundation
import FuzzCheck
import MVINews

func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

/// Days from 0001-01-01 to the first of January of year `y`, at index `y` (1...10001).
let yearStarts: [Int] = {
    var starts = [0, 0]
    for year in 1...10_000 { starts.append(starts[year] + (isLeap(year) ? 366 : 365)) }
    return starts
}()

/// The UTC date and time of `seconds` since 1970; year 0 is the year 1 before the era.
func civil(_ seconds: Int) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
    let dayStart = Int((Double(seconds) / 86_400).rounded(.down))
    let time = seconds - dayStart * 86_400
    var days = dayStart + 719_162  // from 0001-01-01
    var year = 0
    var leap = true
    if days < 0 {
        days += 366
    } else {
        year = max(1, days / 366)  // at most the year, as no year is longer
        while yearStarts[year + 1] <= days { year += 1 }
        days -= yearStarts[year]
        leap = isLeap(year)
    }
    let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    var month = 1
    while days >= lengths[month - 1] {
        days -= lengths[month - 1]
        month += 1
    }
    return (year, month, days + 1, time / 3600, time % 3600 / 60, time % 60)
}

@main
enum Main {
    static func main() { runLibFuzzer(fuzzNewsDate) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNewsDate(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = fuzzText(fuzzBytes(start, count))
    guard let date = NewsDate.parse(text) else {
        oracle(NewsDate.format(text) == nil, "\(text.debugDescription) is shown though it does not read")
        return 0
    }
    let seconds = date.timeIntervalSince1970
    oracle(seconds == seconds.rounded(), "\(text.debugDescription) reads with a fraction of a second: \(seconds)")
    let utc = civil(Int(seconds))
    if (1...9999).contains(utc.year) {
        let written =
            "\(pad(utc.year, 4))-\(pad(utc.month, 2))-\(pad(utc.day, 2))T\(pad(utc.hour, 2)):\(pad(utc.minute, 2)):\(pad(utc.second, 2))Z"
        oracle(
            NewsDate.parse(written) == date,
            "\(text.debugDescription) reads as \(written), which reads as \(String(describing: NewsDate.parse(written)))"
        )
    }
    let expected = "\(pad(utc.day, 2)).\(pad(utc.month, 2)).\(pad(utc.year > 0 ? utc.year : 1, 4))"
    oracle(
        NewsDate.format(text) == expected,
        "\(text.debugDescription) is shown as \(NewsDate.format(text) ?? "nothing"), its UTC day is \(expected)")
    return 0
}

func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}
