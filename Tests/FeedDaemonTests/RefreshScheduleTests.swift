@testable import FeedDaemon
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
}
