#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// A date format as `strftime` (and newsboat's `datetime-format`) writes one: `%b %d`,
/// `%Y-%m-%d %H:%M`. Read once, checked whole: a conversion it does not know is an error that
/// names the ones it does. English names whatever the locale, the zone given as an offset.
public struct DateFormat: Equatable, Sendable {
    private enum Piece: Equatable, Sendable {
        case text(String)
        case conversion(Character)
    }

    /// Why a format was refused.
    public struct Invalid: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// The conversions understood, for the error that names them.
    static let conversions: [Character] = ["a", "A", "b", "B", "h", "d", "e", "F", "H", "I", "j", "m", "M", "p", "R", "S", "T", "y", "Y", "z", "%"]

    /// At most this many characters: a format is a line of a config file.
    static let maximumLength = 200

    private let pieces: [Piece]

    public init(_ pattern: String) throws(Invalid) {
        guard pattern.count <= Self.maximumLength else { throw Invalid(description: "longer than \(Self.maximumLength) characters") }
        var pieces: [Piece] = []
        var literal = ""
        var iterator = pattern.makeIterator()
        while let character = iterator.next() {
            guard character == "%" else {
                literal.append(character)
                continue
            }
            guard let conversion = iterator.next() else { throw Invalid(description: "`%` at the end of `\(pattern)`") }
            guard Self.conversions.contains(conversion) else {
                throw Invalid(description: "unknown conversion `%\(conversion)` in `\(pattern)` (one of: \(Self.conversions.map { "%\($0)" }.joined(separator: " ")))")
            }
            if conversion == "%" {
                literal.append("%")
                continue
            }
            if !literal.isEmpty { pieces.append(.text(literal)) }
            literal = ""
            pieces.append(.conversion(conversion))
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        self.pieces = pieces
    }

    /// `date` in the zone `offset` seconds east of UTC.
    public func text(_ date: Date, offset: Int) -> String {
        let (day, second) = DateText.split(date, offset: offset)
        let (year, month, dayOfMonth) = CivilCalendar.date(daysSinceEpoch: day)
        let weekday = CalendarNames.weekday(daysSinceEpoch: day)
        let hour = second / 3600, minute = second / 60 % 60, seconds = second % 60
        func pad(_ number: Int, _ width: Int = 2) -> String { DateText.pad(number, width) }
        var text = ""
        for piece in pieces {
            switch piece {
            case .text(let literal): text += literal
            case .conversion(let conversion):
                switch conversion {
                case "a": text += CalendarNames.weekdays[weekday]
                case "A": text += CalendarNames.fullWeekdays[weekday]
                case "b", "h": text += CalendarNames.months[month - 1]
                case "B": text += CalendarNames.fullMonths[month - 1]
                case "d": text += pad(dayOfMonth)
                case "e": text += dayOfMonth < 10 ? " \(dayOfMonth)" : "\(dayOfMonth)"
                case "F": text += "\(pad(year, 4))-\(pad(month))-\(pad(dayOfMonth))"
                case "H": text += pad(hour)
                case "I": text += pad(hour % 12 == 0 ? 12 : hour % 12)
                case "j": text += pad(day - CivilCalendar.daysSinceEpoch(year: year, month: 1, day: 1) + 1, 3)
                case "m": text += pad(month)
                case "M": text += pad(minute)
                case "p": text += hour < 12 ? "AM" : "PM"
                case "R": text += "\(pad(hour)):\(pad(minute))"
                case "S": text += pad(seconds)
                case "T": text += "\(pad(hour)):\(pad(minute)):\(pad(seconds))"
                case "y": text += pad(year % 100)
                case "Y": text += pad(year, 4)
                case "z":
                    let minutes = abs(offset) / 60
                    text += (offset < 0 ? "-" : "+") + pad(minutes / 60) + pad(minutes % 60)
                default: break
                }
            }
        }
        return text
    }
}
