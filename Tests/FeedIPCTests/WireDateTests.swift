import FeedIPC
import Foundation
import Testing

/// The wire's dates, written and read by hand, against `Date.ISO8601FormatStyle` (what
/// `JSONEncoder` and `JSONDecoder` use for `.iso8601`) from the Gregorian calendar's first
/// full year on; before it, the style counts Julian days, and the wire, as ISO 8601 says,
/// Gregorian ones.
struct WireDateTests {
    /// Whole and fractional seconds on both sides of 1970, leap days, the ends of years and of
    /// four-digit years.
    static let dates: [Date] = [
        0, -1, -0.25, 0.999, 1_700_000_000, 1_700_000_000.75, 951_782_400, 951_868_799.5,  // 2000-02-29
        4_107_542_399, 253_402_300_799, -2_208_988_800.5, -12_212_553_600,  // 1583-01-01
    ].map(Date.init(timeIntervalSince1970:))

    @Test func writesWhatTheFormatStyleWrites() {
        #expect(WireDate.text(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(WireDate.text(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
        for date in Self.dates {
            #expect(WireDate.text(date) == Date.ISO8601FormatStyle().format(date), "\(date.timeIntervalSince1970)")
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let date = Date(timeIntervalSince1970: Double.random(in: -12_212_553_600...253_402_300_799, using: &generator))
            #expect(WireDate.text(date) == Date.ISO8601FormatStyle().format(date), "\(date.timeIntervalSince1970)")
        }
    }

    @Test func datesBeforeTheGregorianCalendarAreProlepticGregorian() {
        let first = Date(timeIntervalSince1970: -62_135_596_800)
        #expect(WireDate.text(first) == "0001-01-01T00:00:00Z")
        #expect(WireDate.text(first - 1) == "0000-12-31T23:59:59Z")
        #expect(WireDate.date("0001-01-01T00:00:00Z") == first)
        #expect(WireDate.date("1582-10-10T00:00:00Z") == Date(timeIntervalSince1970: -12_219_724_800))
    }

    @Test func readsWhatItWritesAndWhatTheFormatStyleReads() throws {
        for date in Self.dates {
            let whole = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
            #expect(WireDate.date(WireDate.text(date)) == whole)
        }
        for text in ["2026-11-22T10:00:00+02:00", "2026-11-22T10:00:00.5Z", "2024-02-29T00:00:00Z"] {
            #expect(WireDate.date(text) == (try Date.ISO8601FormatStyle().parse(text)), "\(text)")
        }
        // A day the month does not have, and text that is no date, are left to the style.
        for text in ["2026-02-30T10:00:00Z", "2026-13-01T00:00:00Z", "2026-11-22T24:00:00Z", "2026-11-22 10:00:00Z", "x", ""] {
            #expect(WireDate.date(text) == (try? Date.ISO8601FormatStyle().parse(text)), "\(text)")
        }
    }

    @Test func theCodersUseThem() throws {
        struct Stamp: Codable, Equatable { var at: Date }
        let data = try WireCoding.makeEncoder().encode(Stamp(at: Date(timeIntervalSince1970: 1_700_000_000.9)))
        #expect(String(decoding: data, as: UTF8.self) == #"{"at":"2023-11-14T22:13:20Z"}"#)
        #expect(try WireCoding.makeDecoder().decode(Stamp.self, from: data) == Stamp(at: Date(timeIntervalSince1970: 1_700_000_000)))
        #expect(throws: DecodingError.self) {
            try WireCoding.makeDecoder().decode(Stamp.self, from: Data(#"{"at":"yesterday"}"#.utf8))
        }
    }
}
