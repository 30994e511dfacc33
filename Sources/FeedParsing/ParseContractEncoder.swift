#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// Writes a `ParsedFeed` as the `tidingsd parse` JSON contract (docs/ARCHITECTURE.md).
///
/// Tools outside the project check against that contract, so the output is fixed byte for byte:
/// keys in the contract's order, every key present (`null` or `[]` when absent), dates as
/// ISO 8601 in UTC ending in `Z` (milliseconds only when the date has a fraction), one compact
/// JSON document followed by a newline. `JSONEncoder` promises neither the key order nor `null`
/// for absent optionals, hence a writer of its own; it works on bytes because a large feed's
/// output is as large as the feed.
public struct ParseContractEncoder: Sendable {
    public init() {}

    /// The JSON document for `feed`, with its trailing newline, as UTF-8.
    public func encode(_ feed: ParsedFeed) -> [UInt8] {
        var document: [UInt8] = []
        write(feed, flushingEvery: .max) { document.append(contentsOf: $0) }
        return document
    }

    /// Writes the JSON document for `feed` piece by piece, so a large feed's output never has
    /// to be held whole.
    /// - Parameters:
    ///   - threshold: `sink` is called whenever at least this many bytes are ready (between
    ///     items), and once at the end with the rest.
    ///   - sink: receives consecutive pieces of the document; the buffer is valid only during
    ///     the call.
    public func write(
        _ feed: ParsedFeed, flushingEvery threshold: Int = 1 << 16, to sink: (UnsafeRawBufferPointer) -> Void
    ) {
        var writer = Writer()
        writer.output.reserveCapacity(min(threshold, 1024 + feed.items.count * 512) + 4096)
        writer.head(of: feed)
        // Through the buffer: the items are borrowed in place, not copied (and retained field
        // by field) as an array's subscript would.
        feed.items.withUnsafeBufferPointer { items in
            for index in items.indices {
                if index > 0 { writer.raw(",") }
                writer.item(items[index])
                if writer.output.count >= threshold {
                    writer.output.withUnsafeBytes(sink)
                    writer.output.removeAll(keepingCapacity: true)
                }
            }
        }
        writer.raw("]}\n")
        writer.output.withUnsafeBytes(sink)
    }

    /// Writes the JSON document for `feed` with the items encoded earlier into `items` (the
    /// feed's own `items` are not written): how `tidingsd parse` writes a feed whose items were
    /// streamed out of the parser (`FeedParseSession`'s item sink) as they were read.
    public func write(_ feed: ParsedFeed, items: EncodedItems, to sink: (UnsafeRawBufferPointer) -> Void) {
        var writer = Writer()
        writer.head(of: feed)
        writer.output.withUnsafeBytes(sink)
        for chunk in items.takeChunks() { chunk.withUnsafeBytes(sink) }
        sink(UnsafeRawBufferPointer(start: Self.tail.utf8Start, count: Self.tail.utf8CodeUnitCount))
    }

    private static let tail: StaticString = "]}\n"

    /// Appends the JSON of `item`, as an element of the `items` array, to `output`.
    func encode(_ item: ParsedItem, into output: inout [UInt8]) {
        var writer = Writer()
        swap(&writer.output, &output)
        writer.item(item)
        swap(&writer.output, &output)
    }

    private struct Writer {
        var output: [UInt8] = []

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
            raw("{\"id\":")
            string(item.id)
            member(",\"title\":", item.title)
            member(",\"link\":", item.link)
            member(",\"author\":", item.author)
            member(",\"published\":", date: item.published)
            member(",\"updated\":", date: item.updated)
            member(",\"summary\":", item.summary)
            member(",\"content\":", item.content)
            raw(",\"categories\":[")
            for (index, category) in item.categories.enumerated() {
                if index > 0 { raw(",") }
                string(category)
            }
            raw("],\"enclosures\":[")
            for (index, enclosure) in item.enclosures.enumerated() {
                raw(index > 0 ? ",{\"url\":" : "{\"url\":")
                string(enclosure.url)
                member(",\"type\":", enclosure.type)
                raw(",\"length\":")
                if let length = enclosure.length { raw(String(length)) } else { raw("null") }
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
        /// The calendar is computed here (`civilDate`) rather than with `gmtime_r`, which takes
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
            let (year, month, day) = Self.civilDate(daysSinceEpoch: days)
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

        /// The proleptic Gregorian date `days` after 1970-01-01 (Howard Hinnant's
        /// `civil_from_days`, exact for every Int day count used here).
        static func civilDate(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
            let shifted = days + 719_468  // days since 0000-03-01
            let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
            let dayOfEra = shifted - era * 146_097
            let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
            let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
            let monthFromMarch = (5 * dayOfYear + 2) / 153
            let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
            let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
            return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
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
}
