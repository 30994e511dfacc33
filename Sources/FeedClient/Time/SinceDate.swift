#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// The moment `--since` names: `2d` (relative to now), `today` or `yesterday` (local midnight),
/// `2026-11-01` (local midnight) or `2026-11-01T08:00:00Z` (an instant).
///
/// Parsing needs no clock, so the command can refuse a malformed value as a usage error before
/// anything runs; `resolve(clock:)` turns it into a date when the request is made.
public enum SinceDate: Equatable, Sendable {
    /// `amount` units before now.
    case ago(amount: Int, unit: Unit)
    /// Midnight at the start of this day, in local time.
    case localDay(year: Int, month: Int, day: Int)
    /// Local midnight at the start of today (0) or of a day before it (`yesterday` is 1).
    case startOfDay(daysAgo: Int)
    /// This moment.
    case instant(Date)

    public enum Unit: Character, Sendable, CaseIterable {
        case minutes = "m"
        case hours = "h"
        case days = "d"
        case weeks = "w"

        var seconds: Int {
            switch self {
            case .minutes: 60
            case .hours: 3600
            case .days: 86_400
            case .weeks: 604_800
            }
        }

        var noun: String {
            switch self {
            case .minutes: "minute"
            case .hours: "hour"
            case .days: "day"
            case .weeks: "week"
            }
        }
    }

    /// Why a `--since` value was refused; the description names the accepted forms.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public var text: String
        public var description: String {
            "'\(text)' is not a time: use Nm, Nh, Nd or Nw (minutes, hours, days or weeks ago), "
                + "today, yesterday, YYYY-MM-DD (local midnight) or YYYY-MM-DDTHH:MM:SSZ (UTC)"
        }
    }

    /// Reads `text`: `N` followed by `m`, `h`, `d` or `w` (N of 1 to 6 digits), `today`,
    /// `yesterday` (any case), `YYYY-MM-DD`, or `YYYY-MM-DDTHH:MM:SSZ`. Dates must exist (no
    /// 2026-02-30, no hour 24).
    /// - Throws: `ParseError` for anything else.
    public init(parsing text: String) throws(ParseError) {
        let bytes = Array(text.utf8)
        if let parsed = Self.named(text) ?? Self.relative(bytes) ?? Self.day(bytes) ?? Self.instant(bytes) {
            self = parsed
        } else {
            throw ParseError(text: text)
        }
    }

    /// The date this stands for, with "now" and the local zone from `clock`.
    public func resolve(clock: any WallClock) -> Date {
        switch self {
        case .ago(let amount, let unit):
            return clock.now.addingTimeInterval(-Double(amount * unit.seconds))
        case .localDay(let year, let month, let day):
            return Self.localMidnight(daysSinceEpoch: CivilCalendar.daysSinceEpoch(year: year, month: month, day: day), clock: clock)
        case .startOfDay(let daysAgo):
            let now = clock.now
            let localNow = now.timeIntervalSince1970 + Double(clock.utcOffset(at: now))
            let today = Int((localNow / 86_400).rounded(.down))
            return Self.localMidnight(daysSinceEpoch: today - daysAgo, clock: clock)
        case .instant(let date):
            return date
        }
    }

    /// Local midnight at the start of the day `days` after 1970-01-01.
    private static func localMidnight(daysSinceEpoch days: Int, clock: any WallClock) -> Date {
        let utcMidnight = Double(days * 86_400)
        // The offset at UTC midnight can differ from the one at local midnight across a DST
        // change; asking again at the first guess settles it.
        let guess = utcMidnight - Double(clock.utcOffset(at: Date(timeIntervalSince1970: utcMidnight)))
        return Date(timeIntervalSince1970: utcMidnight - Double(clock.utcOffset(at: Date(timeIntervalSince1970: guess))))
    }

    /// For notes: `in the last 2 days`, `today`, `since yesterday`, `since 2026-11-01`,
    /// `since 2026-11-01T08:00:00Z`.
    public var description: String {
        switch self {
        case .ago(let amount, let unit):
            amount == 1 ? "in the last \(unit.noun)" : "in the last \(amount) \(unit.noun)s"
        case .localDay(let year, let month, let day):
            "since " + DateText.localDay(
                Date(timeIntervalSince1970: Double(CivilCalendar.daysSinceEpoch(year: year, month: month, day: day) * 86_400)),
                offset: 0)
        case .startOfDay(let daysAgo):
            switch daysAgo {
            case 0: "today"
            case 1: "since yesterday"
            default: "in the last \(daysAgo + 1) days"
            }
        case .instant(let date):
            "since " + DateText.iso8601(date)
        }
    }

    // MARK: - Forms

    /// `today`, `yesterday`.
    private static func named(_ text: String) -> SinceDate? {
        switch text.lowercased() {
        case "today": .startOfDay(daysAgo: 0)
        case "yesterday": .startOfDay(daysAgo: 1)
        default: nil
        }
    }

    private static func relative(_ bytes: [UInt8]) -> SinceDate? {
        guard (2...7).contains(bytes.count), let unit = Unit(rawValue: Character(Unicode.Scalar(bytes[bytes.count - 1]))),
              let amount = number(bytes[..<(bytes.count - 1)])
        else { return nil }
        return .ago(amount: amount, unit: unit)
    }

    /// `YYYY-MM-DD`.
    private static func day(_ bytes: [UInt8]) -> SinceDate? {
        guard bytes.count == 10, let (year, month, day) = date(bytes[0..<10]) else { return nil }
        return .localDay(year: year, month: month, day: day)
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`.
    private static func instant(_ bytes: [UInt8]) -> SinceDate? {
        guard bytes.count == 20, bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
              bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "Z"),
              let (year, month, day) = date(bytes[0..<10]),
              let hour = number(bytes[11..<13]), let minute = number(bytes[14..<16]), let second = number(bytes[17..<19]),
              hour < 24, minute < 60, second < 60
        else { return nil }
        let days = CivilCalendar.daysSinceEpoch(year: year, month: month, day: day)
        return .instant(Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second)))
    }

    /// A calendar date that exists, from `YYYY-MM-DD`.
    private static func date(_ bytes: ArraySlice<UInt8>) -> (Int, Int, Int)? {
        let start = bytes.startIndex
        guard bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-"),
              let year = number(bytes[start..<(start + 4)]), let month = number(bytes[(start + 5)..<(start + 7)]),
              let day = number(bytes[(start + 8)..<(start + 10)]), (1...12).contains(month), day >= 1
        else { return nil }
        // The round trip refuses days past the month's end (2026-02-30 would become March 2).
        let days = CivilCalendar.daysSinceEpoch(year: year, month: month, day: day)
        guard CivilCalendar.date(daysSinceEpoch: days) == (year, month, day) else { return nil }
        return (year, month, day)
    }

    /// The value of ASCII digits only (no sign, no spaces).
    private static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return bytes.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
}
