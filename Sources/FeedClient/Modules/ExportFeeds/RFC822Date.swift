#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// `Sun, 22 Nov 2026 10:00:00 GMT`: the RFC 822 dates OPML's `dateCreated` holds, always in
/// GMT and with English names whatever the locale (no `DateFormatter` in the client).
enum RFC822Date {
    static func string(from date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let day = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let second = seconds - day * 86_400
        let (year, month, dayOfMonth) = CivilCalendar.date(daysSinceEpoch: day)
        let weekday = CalendarNames.weekday(daysSinceEpoch: day)
        return "\(CalendarNames.weekdays[weekday]), \(pad(dayOfMonth)) \(CalendarNames.months[month - 1]) \(year) "
            + "\(pad(second / 3600)):\(pad(second / 60 % 60)):\(pad(second % 60)) GMT"
    }

    private static func pad(_ number: Int) -> String {
        number < 10 ? "0\(number)" : "\(number)"
    }
}
