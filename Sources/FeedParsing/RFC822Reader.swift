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
                if Self.weekdays.contains(word) { continue }
                if let number = Self.month(named: word) {
                    guard month == nil else { return nil }
                    month = number
                } else if word == "am" || word == "pm" {
                    guard haveTime, afternoon == nil else { return nil }
                    afternoon = word == "pm"
                } else if wasNumber, ["st", "nd", "rd", "th"].contains(word) {
                    continue  // "June 10th"
                } else if !haveZoneName, !haveZoneOffset, let offset = TimeZoneNames.offset(named: word) {
                    fields.offset = offset
                    haveZoneName = true
                } else if haveTime {
                    haveZoneName = true  // an unknown zone after the time: read the time as UTC
                } else {
                    return nil
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
        guard cursor.skip(UInt8(ascii: ":")), let minute = cursor.fixedDigits(2) else { return false }
        fields.hour = hour
        fields.minute = minute
        if cursor.skip(UInt8(ascii: ":")) {
            guard let second = cursor.fixedDigits(2) else { return false }
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

    private static let weekdays: Set<String> = [
        "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun",
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    ]

    private static func month(named name: String) -> Int? {
        switch name {
        case "jan", "january": 1
        case "feb", "february": 2
        case "mar", "march": 3
        case "apr", "april": 4
        case "may": 5
        case "jun", "june": 6
        case "jul", "july": 7
        case "aug", "august": 8
        case "sep", "sept", "september": 9
        case "oct", "october": 10
        case "nov", "november": 11
        case "dec", "december": 12
        default: nil
        }
    }
}
