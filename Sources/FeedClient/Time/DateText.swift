#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities
import FeedIPC

/// Dates as the client prints them. Pure arithmetic on the proleptic Gregorian calendar, so it
/// needs neither ICU nor the process's time zone (the offset is passed in).
public enum DateText {
    /// `2026-11-22T10:00:00Z`: ISO 8601 in UTC, whole seconds (the `--json` and plain formats).
    public static func iso8601(_ date: Date) -> String {
        WireDate.text(date)
    }

    /// `2026-11-22 11:00`: local date and time to the minute.
    /// - Parameter offset: seconds east of UTC (from `WallClock.utcOffset(at:)`).
    public static func local(_ date: Date, offset: Int) -> String {
        let (day, second) = split(date, offset: offset)
        let (year, month, dayOfMonth) = CivilCalendar.date(daysSinceEpoch: day)
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(dayOfMonth, 2)) \(pad(second / 3600, 2)):\(pad(second / 60 % 60, 2))"
    }

    /// `2026-11-22`: the local date.
    public static func localDay(_ date: Date, offset: Int) -> String {
        let (year, month, dayOfMonth) = CivilCalendar.date(daysSinceEpoch: split(date, offset: offset).day)
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(dayOfMonth, 2))"
    }

    /// `date` in 5 columns or fewer, for narrow tables: `19:30` on the local day of `now`, the
    /// weekday (`Mon`) in the six days before it, `11-21` (month and day) in the year of `now`
    /// or within half a year of it either way, else the year, `2025`. Half a year too, as
    /// `ls -l` does: in January, December's items keep their day.
    /// - Parameter offset: seconds east of UTC (from `WallClock.utcOffset(at:)`), used for both dates.
    public static func compact(_ date: Date, now: Date, offset: Int) -> String {
        let (day, second) = split(date, offset: offset)
        let today = split(now, offset: offset).day
        if day == today { return "\(pad(second / 3600, 2)):\(pad(second / 60 % 60, 2))" }
        if (today - 6)..<today ~= day { return CalendarNames.weekdays[CalendarNames.weekday(daysSinceEpoch: day)] }
        let (year, month, dayOfMonth) = CivilCalendar.date(daysSinceEpoch: day)
        guard year == CivilCalendar.date(daysSinceEpoch: today).year || abs(now.timeIntervalSince(date)) < halfYear else {
            return pad(year, 4)
        }
        return "\(pad(month, 2))-\(pad(dayOfMonth, 2))"
    }

    /// How long ago `date` was in a few columns, for narrow tables: "never", "now", "5m",
    /// "3h", "2d", and beyond 30 days `compact(_:now:offset:)` (`10-01`, `2025`).
    public static func relativeCompact(_ date: Date?, now: Date, offset: Int) -> String {
        guard let date else { return "never" }
        let seconds = Int(now.timeIntervalSince(date).rounded(.down))
        switch seconds {
        case ..<60: return "now"
        case ..<3600: return "\(seconds / 60)m"
        case ..<86_400: return "\(seconds / 3600)h"
        case ..<(30 * 86_400): return "\(seconds / 86_400)d"
        default: return compact(date, now: now, offset: offset)
        }
    }

    /// 182.5 days, in seconds.
    private static let halfYear: Double = 365 * 86_400 / 2

    /// How long ago `date` was: "never" when `nil`, "just now", "5 min ago", "3 h ago",
    /// "2 days ago", and the local date beyond 30 days. Dates in the future (a skewed clock)
    /// read "just now".
    public static func relative(_ date: Date?, now: Date, offset: Int) -> String {
        guard let date else { return "never" }
        let seconds = Int(now.timeIntervalSince(date).rounded(.down))
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return "\(seconds / 60) min ago"
        case ..<86_400: return "\(seconds / 3600) h ago"
        case ..<(2 * 86_400): return "1 day ago"
        case ..<(30 * 86_400): return "\(seconds / 86_400) days ago"
        default: return localDay(date, offset: offset)
        }
    }

    /// How long until `date`: "now" when it has come, "in 5 min", "in 3 h", "in 2 days".
    public static func until(_ date: Date, now: Date) -> String {
        let seconds = Int(date.timeIntervalSince(now).rounded(.up))
        switch seconds {
        case ..<60: return seconds <= 0 ? "now" : "in 1 min"
        case ..<3600: return "in \((seconds + 59) / 60) min"
        case ..<86_400: return "in \(seconds / 3600) h"
        case ..<(2 * 86_400): return "in 1 day"
        default: return "in \(seconds / 86_400) days"
        }
    }

    // MARK: - Calendar arithmetic

    /// `42 s`, `12 min`, `3 h 12 min`, `2 days 4 h`: the two largest units, whole.
    public static func duration(_ seconds: Int64) -> String {
        switch seconds {
        case ..<60:
            return "\(max(0, seconds)) s"
        case ..<3600:
            return "\(seconds / 60) min"
        case ..<86_400:
            let minutes = seconds / 60 % 60
            return "\(seconds / 3600) h" + (minutes == 0 ? "" : " \(minutes) min")
        default:
            let days = seconds / 86_400
            let hours = seconds / 3600 % 24
            return (days == 1 ? "1 day" : "\(days) days") + (hours == 0 ? "" : " \(hours) h")
        }
    }

    /// Days since 1970-01-01 and seconds into that day, in the zone `offset` seconds east of UTC.
    static func split(_ date: Date, offset: Int) -> (day: Int, second: Int) {
        let total = Int(date.timeIntervalSince1970.rounded(.down)) + offset
        let day = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        return (day, total - day * 86_400)
    }

    static func pad(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
