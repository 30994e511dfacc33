/// Reads ISO 8601 dates as feeds write them: RFC 3339 (`2026-11-05T09:30:00.250+01:00`),
/// W3C-DTF partial dates (`2026`, `2026-11`, `2026-11-05`), the basic form (`20261105T093000Z`)
/// and the common sloppy variants (space instead of `T`, `+0100`, a trailing ` UTC`).
struct ISO8601Reader {
    private var cursor: DateCursor

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        cursor = DateCursor(bytes)
    }

    /// Whether the text starts like an ISO date: four digits, then the end, `-` or more digits.
    static func looksLikeISO(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 4, bytes[0].isASCIIDigit, bytes[1].isASCIIDigit,
            bytes[2].isASCIIDigit, bytes[3].isASCIIDigit
        else { return false }
        return bytes.count == 4 || bytes[4] == UInt8(ascii: "-") || bytes[4].isASCIIDigit
    }

    mutating func read() -> DateFields? {
        var fields = DateFields()
        guard let year = cursor.fixedDigits(4) else { return nil }
        fields.year = year
        let basic: Bool
        if cursor.current?.isASCIIDigit == true {
            guard let month = cursor.fixedDigits(2), let day = cursor.fixedDigits(2) else { return nil }
            fields.month = month
            fields.day = day
            basic = true
        } else if cursor.skip(UInt8(ascii: "-")) {
            guard let month = cursor.digits(maximum: 2) else { return nil }
            fields.month = month.value
            guard cursor.skip(UInt8(ascii: "-")) else {
                return cursor.atEnd ? fields : nil  // year and month only
            }
            guard let day = cursor.digits(maximum: 2) else { return nil }
            fields.day = day.value
            basic = false
        } else {
            return cursor.atEnd ? fields : nil  // year only
        }
        if cursor.atEnd { return fields }

        guard let separator = cursor.current,
            separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") || separator == 0x20
        else { return nil }
        cursor.index += 1
        cursor.skipSpaces()
        guard readTime(into: &fields, basic: basic) else { return nil }
        cursor.skipSpaces()
        guard readZone(into: &fields) else { return nil }
        cursor.skipSpaces()
        // Go's default format repeats the zone as a name after the offset: "+0000 UTC".
        if cursor.current?.isASCIILetter == true, cursor.word() != nil { cursor.skipSpaces() }
        return cursor.atEnd ? fields : nil
    }

    private mutating func readTime(into fields: inout DateFields, basic: Bool) -> Bool {
        guard let hour = cursor.digits(maximum: 2) else { return false }
        fields.hour = hour.value
        if basic, hour.count == 2, cursor.current?.isASCIIDigit == true {
            guard let minute = cursor.fixedDigits(2) else { return false }
            fields.minute = minute
            if let second = cursor.fixedDigits(2) { fields.second = second }
        } else {
            guard cursor.skip(UInt8(ascii: ":")), let minute = cursor.oneOrTwoDigits() else { return false }
            fields.minute = minute
            if cursor.skip(UInt8(ascii: ":")) {
                guard let second = cursor.oneOrTwoDigits() else { return false }
                fields.second = second
            }
        }
        if cursor.current == UInt8(ascii: ".") || cursor.current == UInt8(ascii: ",") {
            cursor.index += 1
            guard cursor.current?.isASCIIDigit == true else { return false }
            fields.fraction = cursor.fraction()
        }
        return true
    }

    private mutating func readZone(into fields: inout DateFields) -> Bool {
        guard let byte = cursor.current else { return true }  // no zone: UTC
        switch byte {
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            cursor.index += 1
            guard let magnitude = cursor.offsetMagnitude() else { return false }
            fields.offset = byte == UInt8(ascii: "-") ? -magnitude : magnitude
            return true
        default:
            guard let name = cursor.word(), let offset = TimeZoneNames.offset(named: name) else { return false }
            fields.offset = offset
            return true
        }
    }
}
