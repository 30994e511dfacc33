@testable import FeedDaemon
import FeedEntities
import Foundation
import Testing

@Suite("RefreshSchedule")
struct RefreshScheduleTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func jitterSpreadsEveryDelayByAtMostTenPercent() {
        let low = RefreshSchedule(interval: 1000, random: { 0 })
        let high = RefreshSchedule(interval: 1000, random: { 0.999_999 })
        #expect(low.afterSuccess(at: now, hint: nil).timeIntervalSince(now) == 900)
        #expect(high.afterSuccess(at: now, hint: nil).timeIntervalSince(now) > 1099.99)
        #expect(low.afterFailure(at: now, failures: 3, retryAfter: nil).timeIntervalSince(now) == 3600)
    }

    @Test func hintsOnlyStretchTheInterval() {
        let schedule = RefreshSchedule(interval: 1000, random: { 0.5 })
        #expect(schedule.afterSuccess(at: now, hint: 60).timeIntervalSince(now) == 1000)
        #expect(schedule.afterSuccess(at: now, hint: 7200).timeIntervalSince(now) == 7200)
        #expect(schedule.afterSuccess(at: now, hint: 10 * 86400).timeIntervalSince(now) == 86400, "capped at a day")
    }

    @Test func retryAfterIsNeverShortenedByJitter() {
        let schedule = RefreshSchedule(interval: 1000, random: { 0 })
        #expect(schedule.afterFailure(at: now, failures: 1, retryAfter: 1000).timeIntervalSince(now) == 1000)
        #expect(schedule.afterFailure(at: now, failures: 40, retryAfter: nil).timeIntervalSince(now) == 0.9 * 86400)
    }

    @Test func theLatestNextCheckIsTheStretchedIntervalOrTheBackoffAtTheTopOfTheSpread() {
        let schedule = RefreshSchedule(interval: 1000, random: { 0.5 })
        func latest(failures: Int, hint: Double?) -> Int {
            Int(schedule.latestNextCheck(at: now, failures: failures, hint: hint).timeIntervalSince(now).rounded())
        }
        #expect(latest(failures: 0, hint: nil) == 1100)
        #expect(latest(failures: 0, hint: 60) == 1100, "a hint never shortens")
        #expect(latest(failures: 0, hint: 7200) == 7920)
        #expect(latest(failures: 0, hint: 10 * 86400) == 95040, "capped at a day")
        #expect(latest(failures: 3, hint: 7200) == 4400, "a failing feed backs off instead")
        #expect(latest(failures: 40, hint: nil) == 95040)
    }

    @Test func aNextCheckCountedFromALaterClockIsCutToTheLatestTheScheduleSetsNow() {
        let schedule = RefreshSchedule(interval: 60, random: { 0.5 })
        let ahead = now.addingTimeInterval(2 * 86400)
        var feed = Feed(id: 1, url: "http://127.0.0.1/feed", title: "Feed", subscribedAt: now, lastAttempt: ahead, nextCheck: ahead.addingTimeInterval(60))
        #expect(schedule.correctedNextCheck(of: feed, at: now).map { Int($0.timeIntervalSince(now).rounded()) } == 66)

        feed.consecutiveFailures = 2
        #expect(schedule.correctedNextCheck(of: feed, at: now).map { Int($0.timeIntervalSince(now).rounded()) } == 132)
    }

    @Test func aNextCheckCountedFromThePastStandsHoweverFarAway() {
        let schedule = RefreshSchedule(interval: 60, random: { 0.5 })
        // Retry-After and Cache-Control reach beyond the interval and are not stored.
        let feed = Feed(
            id: 1, url: "http://127.0.0.1/feed", title: "Feed", subscribedAt: now,
            lastAttempt: now.addingTimeInterval(-10), consecutiveFailures: 1, nextCheck: now.addingTimeInterval(5 * 86400))
        #expect(schedule.correctedNextCheck(of: feed, at: now) == nil)
        var dueNow = feed
        dueNow.lastAttempt = now.addingTimeInterval(86400)
        dueNow.nextCheck = now.addingTimeInterval(30)
        #expect(schedule.correctedNextCheck(of: dueNow, at: now) == nil, "a next check within the bound stands")
        var never = feed
        never.lastAttempt = nil
        #expect(schedule.correctedNextCheck(of: never, at: now) == nil)
    }
}
