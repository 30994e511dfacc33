#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing
@testable import FeedClient

struct SinceDateTests {
    @Test(arguments: [
        ("30m", SinceDate.ago(amount: 30, unit: .minutes)),
        ("1h", .ago(amount: 1, unit: .hours)),
        ("2d", .ago(amount: 2, unit: .days)),
        ("3w", .ago(amount: 3, unit: .weeks)),
        ("999999d", .ago(amount: 999_999, unit: .days)),
        ("2026-11-01", .localDay(year: 2026, month: 11, day: 1)),
        ("2024-02-29", .localDay(year: 2024, month: 2, day: 29)),
        ("2026-11-01T08:30:15Z", .instant(Date(timeIntervalSince1970: 1_793_521_815))),
        ("today", .startOfDay(daysAgo: 0)),
        ("yesterday", .startOfDay(daysAgo: 1)),
        ("Today", .startOfDay(daysAgo: 0)),
        ("YESTERDAY", .startOfDay(daysAgo: 1)),
    ])
    func readsTheAcceptedForms(text: String, expected: SinceDate) throws {
        #expect(try SinceDate(parsing: text) == expected)
    }

    @Test(arguments: [
        "", "d", "2", "2y", "2M", "2D", "-2d", "+2d", " 2d", "2d ", "2 d", "1.5h", "1234567d", "２d",
        "2026-11-1", "2026-13-01", "2026-00-10", "2026-02-29", "2026-04-31", "2026-11-00", "26-11-01",
        "2026/11/01", "2026-11-01T08:30Z", "2026-11-01T24:00:00Z", "2026-11-01T08:60:00Z",
        "2026-11-01T08:30:60Z", "2026-11-01T08:30:15", "2026-11-01T08:30:15+01:00", "2026-11-01 08:30:15Z",
        "tomorrow", "today ", "to day", "yesterday2", "now",
    ])
    func refusesAnythingElseNamingTheForms(text: String) {
        #expect(throws: SinceDate.ParseError(text: text)) { try SinceDate(parsing: text) }
        #expect(SinceDate.ParseError(text: text).description == "'\(text)' is not a time: use Nm, Nh, Nd or Nw "
            + "(minutes, hours, days or weeks ago), today, yesterday, YYYY-MM-DD (local midnight) or YYYY-MM-DDTHH:MM:SSZ (UTC)")
    }

    @Test func relativeTimesCountBackFromTheClock() {
        let clock = FixedClock(now: Fixtures.now)
        #expect(SinceDate.ago(amount: 90, unit: .minutes).resolve(clock: clock) == Fixtures.now.addingTimeInterval(-5400))
        #expect(SinceDate.ago(amount: 2, unit: .weeks).resolve(clock: clock) == Fixtures.now.addingTimeInterval(-14 * 86_400))
    }

    @Test func aDayMeansLocalMidnight() {
        let day = SinceDate.localDay(year: 2026, month: 11, day: 1)
        let utcMidnight = Date(timeIntervalSince1970: 1_793_491_200)  // 2026-11-01T00:00:00Z
        #expect(day.resolve(clock: FixedClock(now: Fixtures.now, offset: 0)) == utcMidnight)
        #expect(day.resolve(clock: FixedClock(now: Fixtures.now, offset: 3600)) == utcMidnight.addingTimeInterval(-3600))
        #expect(day.resolve(clock: FixedClock(now: Fixtures.now, offset: -5 * 3600)) == utcMidnight.addingTimeInterval(5 * 3600))
    }

    @Test func aDayAcrossAnOffsetChangeUsesTheOffsetAtLocalMidnight() {
        // A zone at UTC+1 that moves to UTC+2 at 23:30 UTC, between local and UTC midnight:
        // the offset at UTC midnight (+2) would give 23:00 local time on the day before.
        struct ChangingClock: WallClock {
            var now: Date { Fixtures.now }
            func utcOffset(at date: Date) -> Int { date.timeIntervalSince1970 < 1_774_740_600 ? 3600 : 7200 }
        }
        let resolved = SinceDate.localDay(year: 2026, month: 3, day: 29).resolve(clock: ChangingClock())
        #expect(resolved == Date(timeIntervalSince1970: 1_774_742_400 - 3600))
    }

    @Test func todayAndYesterdayMeanLocalMidnight() {
        // Fixtures.now is 2026-11-22T10:00:00Z.
        let utcMidnight = Date(timeIntervalSince1970: 1_795_305_600)  // 2026-11-22T00:00:00Z
        let today = SinceDate.startOfDay(daysAgo: 0), yesterday = SinceDate.startOfDay(daysAgo: 1)
        #expect(today.resolve(clock: FixedClock(now: Fixtures.now, offset: 0)) == utcMidnight)
        #expect(yesterday.resolve(clock: FixedClock(now: Fixtures.now, offset: 0)) == utcMidnight.addingTimeInterval(-86_400))
        // 11:00 at UTC+1: today began at 23:00 UTC the day before.
        #expect(today.resolve(clock: FixedClock(now: Fixtures.now, offset: 3600)) == utcMidnight.addingTimeInterval(-3600))
        // 23:00 on the 21st at UTC-11: today is the 21st, which began at 11:00 UTC that day.
        #expect(today.resolve(clock: FixedClock(now: Fixtures.now, offset: -11 * 3600))
            == utcMidnight.addingTimeInterval(-86_400 + 11 * 3600))
        #expect(yesterday.resolve(clock: FixedClock(now: Fixtures.now, offset: -11 * 3600))
            == utcMidnight.addingTimeInterval(-2 * 86_400 + 11 * 3600))
        // Just after local midnight, today is the new day.
        let justAfter = utcMidnight.addingTimeInterval(1)
        #expect(today.resolve(clock: FixedClock(now: justAfter, offset: 0)) == utcMidnight)
    }

    @Test func describesItselfForNotes() {
        #expect(SinceDate.ago(amount: 1, unit: .days).description == "in the last day")
        #expect(SinceDate.ago(amount: 12, unit: .hours).description == "in the last 12 hours")
        #expect(SinceDate.localDay(year: 2026, month: 3, day: 9).description == "since 2026-03-09")
        #expect(SinceDate.instant(Date(timeIntervalSince1970: 1_793_521_815)).description == "since 2026-11-01T08:30:15Z")
        #expect(SinceDate.startOfDay(daysAgo: 0).description == "today")
        #expect(SinceDate.startOfDay(daysAgo: 1).description == "since yesterday")
    }
}
