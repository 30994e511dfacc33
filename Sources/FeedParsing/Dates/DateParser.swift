#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads the dates feeds write, normalised to UTC.
///
/// Two families cover nearly everything in the wild:
/// - RFC 822/1123 as RSS uses it, with the usual deviations: optional weekday, 2- or 4-digit
///   years, missing seconds, `-` separators (RFC 850), asctime order, AM/PM, named zones
///   (UT, GMT, EST … PDT, common others), military letters and numeric offsets;
/// - ISO 8601 as Atom and Dublin Core use it (RFC 3339, W3C-DTF): fractional seconds, `Z` or
///   numeric offsets, and the partial forms `2026`, `2026-11`, `2026-11-05`.
///
/// A missing zone means UTC. Anything it cannot read with confidence yields `nil` rather than a
/// guess: no `DateFormatter`, no locale, no year outside 1900–2200.
public enum DateParser {
    /// The date in `text`, or `nil` when it is not a date this parser understands.
    public static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(utf8: $0) }
    }

    /// The date in UTF-8 `bytes` (leading and trailing whitespace allowed).
    static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start].isASCIIWhitespace { start += 1 }
        while end > start, bytes[end - 1].isASCIIWhitespace { end -= 1 }
        // Nothing legitimate is this long; refusing early bounds the work on garbage.
        guard end > start, end - start <= 96 else { return nil }
        let text = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if ISO8601Reader.looksLikeISO(text) {
            var reader = ISO8601Reader(text)
            return reader.read()?.date
        }
        var reader = RFC822Reader(text)
        return reader.read()?.date
    }
}
