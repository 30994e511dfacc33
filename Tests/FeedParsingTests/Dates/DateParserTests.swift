import Foundation
import Testing
@testable import FeedParsing

@Suite("DateParser")
struct DateParserTests {
    /// Written date, and the UTC instant it means.
    static let rfc822: [(String, Date)] = [
        ("Mon, 02 Jan 2006 15:04:05 -0700", utc(2006, 1, 2, 22, 4, 5)),
        ("Mon, 02 Jan 2006 15:04:05 +0000", utc(2006, 1, 2, 15, 4, 5)),
        ("Sat, 07 Sep 2002 00:00:01 GMT", utc(2002, 9, 7, 0, 0, 1)),
        ("Sat, 07 Sep 2002 00:00:01 UT", utc(2002, 9, 7, 0, 0, 1)),
        ("Sat, 07 Sep 2002 00:00:01 UTC", utc(2002, 9, 7, 0, 0, 1)),
        ("Sat, 07 Sep 2002 00:00:01 Z", utc(2002, 9, 7, 0, 0, 1)),
        ("Wed, 02 Oct 2002 08:00:00 EST", utc(2002, 10, 2, 13)),
        ("Wed, 02 Oct 2002 08:00:00 EDT", utc(2002, 10, 2, 12)),
        ("Wed, 02 Oct 2002 08:00:00 CST", utc(2002, 10, 2, 14)),
        ("Wed, 02 Oct 2002 08:00:00 CDT", utc(2002, 10, 2, 13)),
        ("Wed, 02 Oct 2002 08:00:00 MST", utc(2002, 10, 2, 15)),
        ("Wed, 02 Oct 2002 08:00:00 MDT", utc(2002, 10, 2, 14)),
        ("Wed, 02 Oct 2002 08:00:00 PST", utc(2002, 10, 2, 16)),
        ("Wed, 02 Oct 2002 08:00:00 PDT", utc(2002, 10, 2, 15)),
        ("Wed, 02 Oct 2002 08:00:00 A", utc(2002, 10, 2, 7)),
        ("Wed, 02 Oct 2002 08:00:00 N", utc(2002, 10, 2, 9)),
        ("Wed, 02 Oct 2002 08:00:00 Y", utc(2002, 10, 2, 20)),
        ("Wed, 02 Oct 2002 08:00:00 +05:30", utc(2002, 10, 2, 2, 30)),
        ("Wed, 02 Oct 2002 08:00:00 CEST", utc(2002, 10, 2, 6)),
        ("Wed, 02 Oct 2002 08:00:00 GMT+2", utc(2002, 10, 2, 6)),
        // No seconds, no weekday, one-digit day, two-digit years on both sides of 2000.
        ("02 Oct 2002 08:00 GMT", utc(2002, 10, 2, 8)),
        ("2 Oct 2002 08:00:00 GMT", utc(2002, 10, 2, 8)),
        ("Wed, 02 Oct 02 08:00:00 GMT", utc(2002, 10, 2, 8)),
        ("Fri, 31 Dec 99 23:59:59 GMT", utc(1999, 12, 31, 23, 59, 59)),
        // No zone: UTC. No time: midnight.
        ("Tue, 10 Jun 2003 04:00:00", utc(2003, 6, 10, 4)),
        ("10 Jun 2003", utc(2003, 6, 10)),
        // RFC 850, asctime, Go's UnixDate, a comment, full names, AM/PM, ordinals.
        ("Monday, 02-Jan-06 15:04:05 GMT", utc(2006, 1, 2, 15, 4, 5)),
        ("Mon Jan  2 15:04:05 2006", utc(2006, 1, 2, 15, 4, 5)),
        ("Mon Jan 2 15:04:05 MST 2006", utc(2006, 1, 2, 22, 4, 5)),
        ("Tue, 10 Jun 2003 04:00:00 +0000 (GMT)", utc(2003, 6, 10, 4)),
        ("Tuesday, 10 June 2003 04:00:00 GMT", utc(2003, 6, 10, 4)),
        ("Jan 2, 2006 3:04 PM", utc(2006, 1, 2, 15, 4)),
        ("Jan 2, 2006 12:30 AM", utc(2006, 1, 2, 0, 30)),
        ("June 10th, 2003", utc(2003, 6, 10)),
        ("Sun, 29 Feb 2004 12:00:00 GMT", utc(2004, 2, 29, 12)),
        ("  Thu, 01 Jan 1970 00:00:00 GMT \n", utc(1970, 1, 1)),
        ("Wed, 02 Oct 2002 08:00:00 XYZT", utc(2002, 10, 2, 8)),
        // Minutes, seconds and an offset's minutes without their leading zero, as feeds write them.
        ("Wed, 02 Oct 2002 12:35:9 +0100", utc(2002, 10, 2, 11, 35, 9)),
        ("Wed, 02 Oct 2002 12:5 GMT", utc(2002, 10, 2, 12, 5)),
        ("Wed, 02 Oct 2002 12:35:09 +00:0", utc(2002, 10, 2, 12, 35, 9)),
    ]

    static let iso8601: [(String, Date)] = [
        ("2025-11-05T09:30:00Z", utc(2025, 11, 5, 9, 30)),
        ("2025-11-05T09:30:00z", utc(2025, 11, 5, 9, 30)),
        ("2025-11-05t09:30:00Z", utc(2025, 11, 5, 9, 30)),
        ("2025-11-05T09:30:00+01:00", utc(2025, 11, 5, 8, 30)),
        ("2025-11-05T09:30:00-08:00", utc(2025, 11, 5, 17, 30)),
        ("2025-11-05T09:30:00+0100", utc(2025, 11, 5, 8, 30)),
        ("2025-11-05T09:30:00+01", utc(2025, 11, 5, 8, 30)),
        ("2025-11-05T09:30:00.250Z", utc(2025, 11, 5, 9, 30).addingTimeInterval(0.25)),
        ("2025-11-05T09:30:00.123456789-00:00", utc(2025, 11, 5, 9, 30).addingTimeInterval(0.123456789)),
        ("2025-11-05T09:30Z", utc(2025, 11, 5, 9, 30)),
        ("2025-11-05T09:30:00", utc(2025, 11, 5, 9, 30)),
        ("2025-11-05 09:30:00", utc(2025, 11, 5, 9, 30)),
        ("2025-11-05 09:30:00 +0000 UTC", utc(2025, 11, 5, 9, 30)),
        ("2025-11-05 09:30:00 UTC", utc(2025, 11, 5, 9, 30)),
        ("2025-11-05", utc(2025, 11, 5)),
        ("2026-11", utc(2026, 11, 1)),
        ("2026", utc(2026, 1, 1)),
        ("20251105T093000Z", utc(2025, 11, 5, 9, 30)),
        ("20251105", utc(2025, 11, 5)),
        ("2024-02-29T23:59:60Z", utc(2024, 3, 1)),
        ("2025-11-05T24:00:00Z", utc(2025, 11, 6)),
        ("2025-11-05T12:35:9+01:00", utc(2025, 11, 5, 11, 35, 9)),
        ("2025-11-05T12:35:09+00:0", utc(2025, 11, 5, 12, 35, 9)),
        ("2025-11-05T12:35:09+01:3", utc(2025, 11, 5, 11, 32, 9)),
        ("2025-11-05T9:30:00Z", utc(2025, 11, 5, 9, 30)),
    ]

    static let unparseable: [String] = [
        "", "   ", "yesterday", "not a date at all", "01/02/2006", "2006/01/02",
        "Mon, 32 Jan 2006 15:04:05 GMT", "Mon, 29 Feb 2005 12:00:00 GMT", "Mon, 02 Foo 2006 15:04:05 GMT",
        "Mon, 02 Jan 2006 25:04:05 GMT", "Mon, 02 Jan 2006 15:61:05 GMT", "Mon, 02 Jan 2006 15:04:05 +9999",
        "2025-13-01", "2025-00-10", "2025-02-30", "2025-11-05T09:30:00+25:00", "2025-11-05T9", "2025-11-05Tnoon",
        "0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "1899-12-31", "12345-01-01", "2025-11-05T09:30:00Zjunk",
        "Jan 2006", "15:04:05", "Mon, 02 Jan 123456 15:04:05 GMT", "\u{0}\u{1}\u{2}",
        String(repeating: "9", count: 500), "2025-11-05T09:30:00." + String(repeating: "1", count: 200),
    ]

    @Test(arguments: rfc822)
    func readsRFC822(text: String, expected: Date) {
        #expect(DateParser.parse(text) == expected)
    }

    @Test(arguments: iso8601)
    func readsISO8601(text: String, expected: Date) {
        let parsed = DateParser.parse(text)
        // Fractions are compared to the microsecond: Double cannot hold nine digits exactly.
        #expect(parsed.map { abs($0.timeIntervalSince(expected)) < 0.000_001 } == true, "\(text) → \(String(describing: parsed))")
    }

    @Test(arguments: unparseable)
    func unparseableGivesNil(text: String) {
        #expect(DateParser.parse(text) == nil)
    }
}
