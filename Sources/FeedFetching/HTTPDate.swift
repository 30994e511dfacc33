#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// Reads the date formats HTTP allows (RFC 9110 §5.6.7): IMF-fixdate
/// (`Sun, 06 Nov 1994 08:49:37 GMT`), the obsolete RFC 850 form (`Sunday, 06-Nov-94 08:49:37 GMT`)
/// and asctime (`Sun Nov  6 08:49:37 1994`). All are UTC.
enum HTTPDate {
    static func parse(_ text: String) -> Date? {
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" }).map(String.init)
        var day: Int?
        var month: Int?
        var year: Int?
        var time: (hour: Int, minute: Int, second: Int)?
        for token in tokens {
            if let parsed = Self.time(token) {
                time = parsed
            } else if let number = Int(token), token.allSatisfy(\.isASCII) {
                if day == nil, token.count <= 2 {
                    day = number
                } else if year == nil {
                    // RFC 850's two-digit years: 70–99 are 19xx, the rest 20xx (RFC 9110 §5.6.7).
                    year = token.count == 2 ? (number >= 70 ? 1900 + number : 2000 + number) : number
                } else {
                    return nil
                }
            } else if let number = months.firstIndex(of: token.lowercased()) {
                month = number + 1
            }
        }
        guard let day, let month, let year, let time, (1...31).contains(day), (1...9999).contains(year) else {
            return nil
        }
        let days = CivilCalendar.daysSinceEpoch(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86400 + time.hour * 3600 + time.minute * 60 + time.second))
    }

    private static let months = CalendarNames.months.map { $0.lowercased() }

    private static func time(_ token: String) -> (hour: Int, minute: Int, second: Int)? {
        let parts = token.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let hour = Int(parts[0]), let minute = Int(parts[1]), let second = Int(parts[2]),
            (0..<24).contains(hour), (0..<60).contains(minute), (0...60).contains(second)
        else { return nil }
        return (hour, minute, second)
    }
}
