#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// The dates of the wire and of the JSON documents: ISO 8601 in UTC with whole seconds,
/// `2026-11-22T10:00:00Z`, as `Date.ISO8601FormatStyle` writes them. Days are counted on the
/// proleptic Gregorian calendar, as ISO 8601 says; the style counts Julian days before
/// October 1582, which no feed's date is.
///
/// Written and read here by hand rather than through the format style: a feed list of 500
/// feeds carries 2,500 dates, and the style's general parser was a sixth of the client's
/// decoding time. Text in any other form the style reads (an offset, fractional seconds, a
/// year past 9999) goes to the style, so both read the same dates.
public enum WireDate {
    /// `date` as ISO 8601 UTC, its fraction of a second dropped (rounded down, also before 1970).
    public static func text(_ date: Date) -> String {
        let total = Int(date.timeIntervalSince1970.rounded(.down))
        let day = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let second = total - day * 86_400
        let (year, month, dayOfMonth) = CivilCalendar.date(daysSinceEpoch: day)
        guard (0...9999).contains(year) else { return Date.ISO8601FormatStyle().format(date) }
        var bytes = [UInt8](repeating: 0, count: 20)
        func put(_ number: Int, at offset: Int, digits: Int) {
            var rest = number
            for index in stride(from: offset + digits - 1, through: offset, by: -1) {
                bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
        }
        put(year, at: 0, digits: 4)
        bytes[4] = UInt8(ascii: "-")
        put(month, at: 5, digits: 2)
        bytes[7] = UInt8(ascii: "-")
        put(dayOfMonth, at: 8, digits: 2)
        bytes[10] = UInt8(ascii: "T")
        put(second / 3600, at: 11, digits: 2)
        bytes[13] = UInt8(ascii: ":")
        put(second / 60 % 60, at: 14, digits: 2)
        bytes[16] = UInt8(ascii: ":")
        put(second % 60, at: 17, digits: 2)
        bytes[19] = UInt8(ascii: "Z")
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The date `text` names: `YYYY-MM-DDTHH:MM:SSZ` read directly, anything else by
    /// `Date.ISO8601FormatStyle`; `nil` when neither reads it.
    public static func date(_ text: String) -> Date? {
        var text = text
        let quick = text.withUTF8 { bytes -> Date? in
            guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
                bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
                bytes[19] == UInt8(ascii: "Z")
            else { return nil }
            func number(_ offset: Int, _ digits: Int) -> Int? {
                var value = 0
                for index in offset..<offset + digits {
                    let digit = Int(bytes[index]) - Int(UInt8(ascii: "0"))
                    guard (0...9).contains(digit) else { return nil }
                    value = value * 10 + digit
                }
                return value
            }
            guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
                let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
                (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
            else { return nil }
            let days = CivilCalendar.daysSinceEpoch(year: year, month: month, day: day)
            // A day the month does not have (02-30) is the style's to judge.
            guard CivilCalendar.date(daysSinceEpoch: days) == (year, month, day) else { return nil }
            return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
        }
        return quick ?? (try? Date.ISO8601FormatStyle().parse(text))
    }
}
