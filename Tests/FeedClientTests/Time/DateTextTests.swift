#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing
@testable import FeedClient

struct DateTextTests {
    let now = Fixtures.now  // 2026-11-22T10:00:00Z

    @Test func formatsISO8601InUTC() {
        #expect(DateText.iso8601(now) == "2026-11-22T10:00:00Z")
        #expect(DateText.iso8601(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(DateText.iso8601(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
        #expect(DateText.iso8601(Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00Z")
        #expect(DateText.iso8601(now.addingTimeInterval(0.999)) == "2026-11-22T10:00:00Z")
    }

    @Test func formatsLocalTimeWithTheGivenOffset() {
        #expect(DateText.local(now, offset: 0) == "2026-11-22 10:00")
        #expect(DateText.local(now, offset: 3600) == "2026-11-22 11:00")
        #expect(DateText.local(now, offset: 14 * 3600) == "2026-11-23 00:00")
        #expect(DateText.local(now, offset: -(10 * 3600 + 30 * 60)) == "2026-11-21 23:30")
        #expect(DateText.local(Date(timeIntervalSince1970: 1_798_761_599), offset: 0) == "2026-12-31 23:59")
    }

    @Test func compactDatesFitFiveColumns() {
        #expect(DateText.compact(now, now: now, offset: 0) == "10:00")
        #expect(DateText.compact(now.addingTimeInterval(-10 * 3600), now: now, offset: 0) == "00:00")
        // Sunday 2026-11-22: the six days before by their weekday, then month and day.
        #expect(DateText.compact(now.addingTimeInterval(-10 * 3600 - 1), now: now, offset: 0) == "Sat")
        #expect(DateText.compact(now.addingTimeInterval(-6 * 86_400), now: now, offset: 0) == "Mon")
        #expect(DateText.compact(now.addingTimeInterval(-7 * 86_400), now: now, offset: 0) == "11-15")
        #expect(DateText.compact(now.addingTimeInterval(-4 * 86_400), now: now, offset: -11 * 3600) == "Tue")
        // The local day, not UTC's: 14 h east, 10:00Z is already tomorrow.
        #expect(DateText.compact(now, now: now, offset: 14 * 3600) == "00:00")
        #expect(DateText.compact(now.addingTimeInterval(-182 * 86_400), now: now, offset: 0) == "05-24")
        // This year's dates keep their month and day; last year's too within half a year.
        #expect(DateText.compact(now.addingTimeInterval(-183 * 86_400), now: now, offset: 0) == "05-23")
        #expect(DateText.compact(now.addingTimeInterval(-330 * 86_400), now: now, offset: 0) == "2025")
        let january = Date(timeIntervalSince1970: 1_798_848_000) // 2027-01-02
        #expect(DateText.compact(january.addingTimeInterval(-40 * 86_400), now: january, offset: 0) == "11-23")
        #expect(DateText.compact(Date(timeIntervalSince1970: 0), now: now, offset: 0) == "1970")
        #expect(DateText.compact(now.addingTimeInterval(30 * 86_400), now: now, offset: 0) == "12-22")
        #expect(DateText.compact(now.addingTimeInterval(400 * 86_400), now: now, offset: 0) == "2027")
    }

    @Test func saysHowLongAgoInAFewColumns() {
        #expect(DateText.relativeCompact(nil, now: now, offset: 0) == "never")
        #expect(DateText.relativeCompact(now.addingTimeInterval(-30), now: now, offset: 0) == "now")
        #expect(DateText.relativeCompact(now.addingTimeInterval(90), now: now, offset: 0) == "now")
        #expect(DateText.relativeCompact(now.addingTimeInterval(-5 * 60), now: now, offset: 0) == "5m")
        #expect(DateText.relativeCompact(now.addingTimeInterval(-3 * 3600 - 59), now: now, offset: 0) == "3h")
        #expect(DateText.relativeCompact(now.addingTimeInterval(-29 * 86_400), now: now, offset: 0) == "29d")
        #expect(DateText.relativeCompact(now.addingTimeInterval(-40 * 86_400), now: now, offset: 0) == "10-13")
    }

    @Test func saysHowLongAgo() {
        #expect(DateText.relative(nil, now: now, offset: 0) == "never")
        #expect(DateText.relative(now.addingTimeInterval(-30), now: now, offset: 0) == "just now")
        #expect(DateText.relative(now.addingTimeInterval(120), now: now, offset: 0) == "just now")
        #expect(DateText.relative(now.addingTimeInterval(-5 * 60), now: now, offset: 0) == "5 min ago")
        #expect(DateText.relative(now.addingTimeInterval(-3 * 3600 - 59), now: now, offset: 0) == "3 h ago")
        #expect(DateText.relative(now.addingTimeInterval(-30 * 3600), now: now, offset: 0) == "1 day ago")
        #expect(DateText.relative(now.addingTimeInterval(-3 * 86_400), now: now, offset: 0) == "3 days ago")
        #expect(DateText.relative(now.addingTimeInterval(-90 * 86_400), now: now, offset: 0) == "2026-08-24")
    }
}
