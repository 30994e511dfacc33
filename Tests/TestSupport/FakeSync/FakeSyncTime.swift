import FeedEntities
import Foundation

/// Times as the services keep and write them: microseconds (PostgreSQL's precision), RFC 3339
/// in UTC with the fraction Go's `time.RFC3339Nano` writes (trailing zeros dropped).
enum FakeSyncTime {
    /// `date` cut to whole microseconds.
    static func truncated(_ date: Date) -> Date {
        Date(timeIntervalSince1970: Double(microseconds(date)) / 1_000_000)
    }

    /// Microseconds since 1970.
    static func microseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
    }

    /// Whole seconds since 1970 (rounded down).
    static func seconds(_ date: Date) -> Int64 {
        let micros = microseconds(date)
        return micros >= 0 ? micros / 1_000_000 : (micros - 999_999) / 1_000_000
    }

    /// `2024-05-01T10:00:00Z`, `2024-05-01T10:00:00.25Z`.
    static func rfc3339(_ date: Date) -> String {
        let micros = microseconds(date)
        let seconds = self.seconds(date)
        let fraction = Int(micros - seconds * 1_000_000)
        let days = Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
        let secondOfDay = Int(seconds - Int64(days) * 86_400)
        let (year, month, day) = CivilCalendar.date(daysSinceEpoch: days)
        var text = String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d", year, month, day, secondOfDay / 3600, secondOfDay / 60 % 60,
            secondOfDay % 60)
        if fraction > 0 {
            var digits = String(format: "%06d", fraction)
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text + "Z"
    }
}
