#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// Writes the pieces of the `tidingsd parse` JSON contract (docs/parse-contract.md) as bytes: the
/// feed's fields, items, JSON strings and dates. `ParseContractEncoder` and `EncodedItems` put
/// the pieces together; the contract's key order and formats live here.
struct ContractWriter {
    var output: [UInt8] = []
    /// Where `cleanedString` cleans text before escaping it.
    private var scratch: [UInt8] = []

    /// Everything before the first item: the feed's fields, `wellFormed` and `"items":[`.
    mutating func head(of feed: ParsedFeed) {
        raw("{\"format\":")
        string(feed.format.rawValue)
        member(",\"title\":", feed.title)
        member(",\"link\":", feed.link)
        member(",\"subtitle\":", feed.subtitle)
        member(",\"language\":", feed.language)
        member(",\"updated\":", date: feed.updated)
        member(",\"author\":", feed.author)
        member(",\"image\":", feed.image)
        raw(feed.wellFormed ? ",\"wellFormed\":true,\"items\":[" : ",\"wellFormed\":false,\"items\":[")
    }

    mutating func item(_ item: borrowing ParsedItem) {
        self.item(
            id: item.id, title: { $0.string(item.title) }, link: item.link, author: item.author,
            published: item.published, updated: item.updated, summary: { $0.string(item.summary) },
            content: { $0.string(item.content) }, categories: item.categories, enclosures: item.enclosures)
    }

    /// An item, with the three long fields written by the caller (a string or `null` each):
    /// `ParsedItem`s pass their strings, item drafts write their captured bytes cleaned in place
    /// (`DraftText.write`) without making strings of them. The contract's key order is here only.
    mutating func item(
        id: String?, title: (inout ContractWriter) -> Void, link: String?, author: String?,
        published: Date?, updated: Date?, summary: (inout ContractWriter) -> Void,
        content: (inout ContractWriter) -> Void, categories: [String], enclosures: [Enclosure]
    ) {
        raw("{\"id\":")
        string(id)
        raw(",\"title\":")
        title(&self)
        member(",\"link\":", link)
        member(",\"author\":", author)
        member(",\"published\":", date: published)
        member(",\"updated\":", date: updated)
        raw(",\"summary\":")
        summary(&self)
        raw(",\"content\":")
        content(&self)
        raw(",\"categories\":[")
        for (index, category) in categories.enumerated() {
            if index > 0 { raw(",") }
            string(category)
        }
        raw("],\"enclosures\":[")
        for (index, enclosure) in enclosures.enumerated() {
            raw(index > 0 ? ",{\"url\":" : "{\"url\":")
            string(enclosure.url)
            member(",\"type\":", enclosure.type)
            raw(",\"length\":")
            if let length = enclosure.length { raw(String(length)) } else { raw("null") }
            raw(",\"duration\":")
            if let duration = enclosure.duration { raw(String(duration)) } else { raw("null") }
            raw("}")
        }
        raw("]}")
    }

    /// `key` (written with its leading comma and colon) and a string or `null`.
    mutating func member(_ key: StaticString, _ value: String?) {
        raw(key)
        string(value)
    }

    mutating func member(_ key: StaticString, date value: Date?) {
        raw(key)
        date(value)
    }

    mutating func raw(_ text: StaticString) {
        output.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func raw(_ text: String) {
        output.append(contentsOf: text.utf8)
    }

    mutating func string(_ text: String?) {
        guard var text else { return raw("null") }
        text.withUTF8 { escaped($0) }
    }

    /// `bytes` cleaned for `layout` (`TextSanitizer`) as a JSON string, straight into the output;
    /// nothing, and `false`, when nothing is left after cleaning.
    mutating func cleanedString(_ bytes: UnsafeBufferPointer<UInt8>, layout: TextSanitizer.Layout) -> Bool {
        if scratch.count < bytes.count { scratch = [UInt8](repeating: 0, count: max(bytes.count, 4096)) }
        let count = scratch.withUnsafeMutableBufferPointer { buffer in
            TextSanitizer.clean(utf8: bytes, layout: layout, into: buffer.baseAddress!)
        }
        guard count > 0 else { return false }
        scratch.withUnsafeBufferPointer { buffer in
            let cleaned = UnsafeBufferPointer(rebasing: buffer[..<count])
            if Self.isValidUTF8(cleaned) {
                escaped(cleaned)
            } else {
                // Repaired with U+FFFD exactly as the `String` a `ParsedItem` holds would be.
                string(String(decoding: cleaned, as: UTF8.self))
            }
        }
        return true
    }

    /// Whether `bytes` are well-formed UTF-8 (RFC 3629: shortest forms, no surrogates, at most
    /// U+10FFFF). ASCII, most of any feed, is skipped eight bytes at a time.
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        while index < count {
            while count - index >= 8, UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & highBits == 0 {
                index += 8
            }
            guard index < count else { return true }
            let lead = base[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE, 0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return false
            }
            guard count - index >= length, (low...high).contains(base[index + 1]) else { return false }
            for offset in 2..<max(length, 2) where base[index + offset] & 0xC0 != 0x80 { return false }
            index += length
        }
        return true
    }

    /// A JSON string: `"` and `\` escaped, control characters as `\n`, `\t`… or `\u00XX`,
    /// and U+2028/U+2029 as `\u2028`/`\u2029` so the output is also valid JavaScript.
    /// Runs of bytes that need no escape are copied whole.
    private mutating func escaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        output.append(UInt8(ascii: "\""))
        var runStart = 0
        var index = 0
        let count = bytes.count
        while index < count {
            // Eight bytes at a time while none of them needs a look (most of any text).
            while count - index >= 8,
                !Self.needsEscape(UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
            {
                index += 8
            }
            guard index < count else { break }
            let byte = bytes[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xE2 else {
                index += 1
                continue
            }
            var width = 1
            let escape: UInt8?
            var code: UInt16 = UInt16(byte)
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): escape = byte
            case 0x0A: escape = UInt8(ascii: "n")
            case 0x0D: escape = UInt8(ascii: "r")
            case 0x09: escape = UInt8(ascii: "t")
            case 0xE2:
                guard index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] & 0xFE == 0xA8 else {
                    index += 1
                    continue
                }
                escape = nil
                code = bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029
                width = 3
            default: escape = nil
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            output.append(UInt8(ascii: "\\"))
            if let escape {
                output.append(escape)
            } else {
                output.append(UInt8(ascii: "u"))
                for shift in [12, 8, 4, 0] as [UInt16] { output.append(Self.hexDigits[Int((code >> shift) & 0xF)]) }
            }
            index += width
            runStart = index
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        output.append(UInt8(ascii: "\""))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Whether any of the eight bytes in `word` is below 0x20, `"`, `\\` or 0xE2 (the lead byte
    /// of U+2028/U+2029): the classic "has a zero byte" test, once per condition.
    @inline(__always)
    private static func needsEscape(_ word: UInt64) -> Bool {
        let control = (word &- ones &* 0x20) & ~word
        let quote = hasZeroByte(word ^ (ones &* 0x22))
        let backslash = hasZeroByte(word ^ (ones &* 0x5C))
        let separator = hasZeroByte(word ^ (ones &* 0xE2))
        return (control | quote | backslash | separator) & highBits != 0
    }

    @inline(__always)
    private static func hasZeroByte(_ word: UInt64) -> UInt64 {
        (word &- ones) & ~word & highBits
    }

    /// `2026-11-05T09:30:00Z`, or `2026-11-05T09:30:00.250Z` when the date has milliseconds.
    /// The calendar is computed (`CivilCalendar`) rather than with `gmtime_r`, which takes
    /// the C library's time zone lock: two threads encode at once, one or two dates per item.
    mutating func date(_ date: Date?) {
        guard let date, date.timeIntervalSince1970.magnitude < 1e15 else { return raw("null") }
        let interval = date.timeIntervalSince1970
        var seconds = Int(interval.rounded(.down))
        var milliseconds = Int(((interval - Double(seconds)) * 1000).rounded())
        if milliseconds == 1000 {
            seconds += 1
            milliseconds = 0
        }
        let days = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400
        let secondOfDay = seconds - days * 86400
        let (year, month, day) = CivilCalendar.date(daysSinceEpoch: days)
        raw("\"")
        digits(year, 4)
        raw("-")
        digits(month, 2)
        raw("-")
        digits(day, 2)
        raw("T")
        digits(secondOfDay / 3600, 2)
        raw(":")
        digits(secondOfDay % 3600 / 60, 2)
        raw(":")
        digits(secondOfDay % 60, 2)
        if milliseconds > 0 {
            raw(".")
            digits(milliseconds, 3)
        }
        raw("Z\"")
    }

    /// `value` in decimal, zero-padded to `width` digits. Written in place: six of these
    /// per date, one or two dates per item.
    private mutating func digits(_ value: Int, _ width: Int) {
        guard value >= 0 else {
            let text = String(value)
            for _ in text.utf8.count..<max(width, text.utf8.count) { output.append(UInt8(ascii: "0")) }
            return output.append(contentsOf: text.utf8)
        }
        var count = 1
        var rest = value / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        let end = output.count + max(width, count)
        output.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(width, count)))
        rest = value
        for index in stride(from: end - 1, through: end - count, by: -1) {
            output[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
    }
}
