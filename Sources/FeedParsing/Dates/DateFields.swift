#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// The fields of a date as written, before conversion.
struct DateFields {
    var year = 0
    var month = 1
    var day = 1
    var hour = 0
    var minute = 0
    var second = 0
    var fraction = 0.0
    /// Offset of the written time from UTC, in seconds (east positive).
    var offset = 0

    /// The instant, or `nil` when a field is out of range.
    var date: Date? {
        guard (1900...2200).contains(year), (1...12).contains(month) else { return nil }
        guard day >= 1, day <= Self.daysIn(month: month, year: year) else { return nil }
        // 24:00:00 is the end of the day; a leap second 60 is accepted and rolls over.
        guard (0...23).contains(hour) || (hour == 24 && minute == 0 && second == 0 && fraction == 0)
        else { return nil }
        guard (0...59).contains(minute), (0...60).contains(second) else { return nil }
        guard abs(offset) < 24 * 3600 else { return nil }
        let days = CivilCalendar.daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
