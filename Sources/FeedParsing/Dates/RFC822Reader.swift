import FeedEntities

/// Reads RFC 822/1123 dates and the variants RSS feeds actually contain.
///
/// Rather than matching one fixed layout it reads tokens and gives each a role: weekday names
/// are skipped, a month name is the month, `hh:mm[:ss]` is the time, numbers are day and year
/// (a number of three or more digits, or above 31, is the year), a sign followed by digits after
/// the date is a zone offset, and a zone name sets the zone. So it reads
/// `Mon, 02 Jan 2006 15:04:05 -0700`, `2 Jan 06 15:04 EST`, `Monday, 02-Jan-06 15:04:05 GMT`,
/// `Mon Jan  2 15:04:05 2006`, `Jan 2, 2006 3:04 PM` and `Tue, 10 Jun 2003 04:00:00 +0000 (GMT)`
/// alike, and refuses anything with unknown words before the time or slashes (`01/02/2006`
/// is ambiguous).
struct RFC822Reader {
    private var cursor: DateCursor

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        cursor = DateCursor(bytes)
    }

    mutating func read() -> DateFields? {
        var fields = DateFields()
        var day: Int?
        var month: Int?
        var year: Int?
        var haveTime = false
        var haveZoneName = false
        var haveZoneOffset = false
        var afternoon: Bool?
        var previousWasNumber = false

        while let byte = cursor.current {
            let wasNumber = previousWasNumber
            previousWasNumber = false
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "."):
                cursor.index += 1

            case UInt8(ascii: "("):
                // A trailing comment such as "(GMT)" or "(Pacific Standard Time)".
                while let next = cursor.current, next != UInt8(ascii: ")") { cursor.index += 1 }
                cursor.index += 1

            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard let number = cursor.digits(maximum: 4), cursor.current?.isASCIIDigit != true else {
                    return nil
                }
                if cursor.current == UInt8(ascii: ":") {
                    guard !haveTime, number.count <= 2, readTime(hour: number.value, into: &fields) else {
                        return nil
                    }
                    haveTime = true
                } else if number.count >= 3 || number.value > 31 {
                    guard year == nil else { return nil }
                    year = Self.fullYear(number.value, digits: number.count)
                } else if day == nil {
                    day = number.value
                } else if year == nil {
                    year = Self.fullYear(number.value, digits: number.count)
                } else {
                    return nil
                }
                previousWasNumber = true

            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                cursor.index += 1
                let dateComplete = day != nil && month != nil && year != nil
                guard (haveTime || dateComplete), !haveZoneOffset, cursor.current?.isASCIIDigit == true else {
                    continue  // a date separator, as in 02-Jan-06
                }
                guard let magnitude = cursor.offsetMagnitude() else { return nil }
                // "GMT+2" adds to the named zone; a plain "+0200" replaces the default UTC.
                fields.offset = (haveZoneName ? fields.offset : 0) + (byte == UInt8(ascii: "-") ? -magnitude : magnitude)
                haveZoneOffset = true

            default:
                guard byte.isASCIILetter, let word = cursor.word() else { return nil }
                switch Self.vocabulary[word] {
                case .weekday?:
                    continue
                case .month(let number)?:
                    guard month == nil else { return nil }
                    month = number
                case .meridiem(let pm)?:
                    guard haveTime, afternoon == nil else { return nil }
                    afternoon = pm
                case .ordinalSuffix? where wasNumber:
                    continue  // "June 10th"
                case .ordinalSuffix?, nil:
                    if !haveZoneName, !haveZoneOffset, let offset = TimeZoneNames.offset(named: word) {
                        fields.offset = offset
                        haveZoneName = true
                    } else if haveTime {
                        haveZoneName = true  // an unknown zone after the time: read the time as UTC
                    } else {
                        return nil
                    }
                }
            }
        }

        guard let day, let month, let year else { return nil }
        fields.day = day
        fields.month = month
        fields.year = year
        if let afternoon {
            guard (1...12).contains(fields.hour) else { return nil }
            if afternoon, fields.hour < 12 { fields.hour += 12 }
            if !afternoon, fields.hour == 12 { fields.hour = 0 }
        }
        return fields
    }

    /// Reads `:mm[:ss[.fff]]` after the hour.
    private mutating func readTime(hour: Int, into fields: inout DateFields) -> Bool {
        guard cursor.skip(UInt8(ascii: ":")), let minute = cursor.oneOrTwoDigits() else { return false }
        fields.hour = hour
        fields.minute = minute
        if cursor.skip(UInt8(ascii: ":")) {
            guard let second = cursor.oneOrTwoDigits() else { return false }
            fields.second = second
        }
        if cursor.current == UInt8(ascii: "."), cursor.peek(1)?.isASCIIDigit == true {
            cursor.index += 1
            fields.fraction = cursor.fraction()
        }
        return true
    }

    /// RFC 2822 §4.3: two-digit years 00–49 are 2000–2049, 50–99 are 1950–1999; three-digit
    /// years count from 1900.
    private static func fullYear(_ value: Int, digits: Int) -> Int {
        switch digits {
        case 1, 2: value < 50 ? 2000 + value : 1900 + value
        case 3: 1900 + value
        default: value
        }
    }

    /// The words with a role of their own, looked up once per word (zone names are
    /// `TimeZoneNames`'). Read for every date of every item, so one hash instead of a chain of
    /// string comparisons.
    private enum Word: Equatable {
        case weekday
        case month(Int)
        case meridiem(pm: Bool)
        case ordinalSuffix
    }

    private static let vocabulary: [String: Word] = {
        var words: [String: Word] = [:]
        // The names and abbreviations, and the longer abbreviations feeds write.
        for day in CalendarNames.weekdays + CalendarNames.fullWeekdays + ["Tues", "Thur", "Thurs"] {
            words[day.lowercased()] = .weekday
        }
        for (index, names) in zip(CalendarNames.months, CalendarNames.fullMonths).enumerated() {
            words[names.0.lowercased()] = .month(index + 1)
            words[names.1.lowercased()] = .month(index + 1)
        }
        words["sept"] = .month(9)
        words["am"] = .meridiem(pm: false)
        words["pm"] = .meridiem(pm: true)
        for suffix in ["st", "nd", "rd", "th"] { words[suffix] = .ordinalSuffix }
        return words
    }()
}
