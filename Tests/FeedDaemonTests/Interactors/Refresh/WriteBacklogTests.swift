@testable import FeedDaemon
import FeedEntities
import FeedIPC
import FeedStorage
import Foundation
import Testing

/// What the daemon keeps in memory while its storage refuses writes.
struct WriteBacklogTests {
    let backlog = WriteBacklog()
    let full = DiskFullStore.fullError("store the refresh of feed 1")
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func theStorageErrorStandsUntilEveryFeedHitIsWritten() {
        #expect(backlog.storageFailure == nil)
        #expect(backlog.refused(full, feedID: 1, at: start))
        #expect(!backlog.refused(full, feedID: 2, at: start.addingTimeInterval(60)), "began once")
        #expect(backlog.storageFailure == StorageFailure(error: "database or disk is full", since: start, feeds: 2))
        #expect(backlog.isWaiting(1) && backlog.isWaiting(2) && !backlog.isWaiting(3))
        #expect(backlog.written(1) == nil)
        #expect(backlog.storageFailure?.feeds == 1)
        #expect(backlog.written(2) == StorageFailure(error: "database or disk is full", since: start, feeds: 0))
        #expect(backlog.storageFailure == nil && !backlog.isWaiting(2))
    }

    @Test func anUnwrittenFailureIsShownOnItsFeedUntilWritten() {
        let check = FeedCheck(at: start, httpStatus: 500, nextCheck: start.addingTimeInterval(2000))
        backlog.refused(full, feedID: 1, failure: .init(error: "HTTP 500 Internal Server Error", check: check, failures: 2), at: start)
        let healthy = Feed(id: 1, url: "https://a.example/feed", title: "A", subscribedAt: start)
        let other = Feed(id: 2, url: "https://b.example/feed", title: "B", subscribedAt: start)
        let shown = backlog.overlaying([healthy, other])
        #expect(shown[0].lastError == "HTTP 500 Internal Server Error" && shown[0].httpStatus == 500)
        #expect(shown[0].consecutiveFailures == 2 && shown[0].nextCheck == check.nextCheck && shown[0].lastAttempt == start)
        #expect(shown[1] == other)
        #expect(!backlog.isWaiting(1), "a failed fetch is not fetched again before its backoff")
        #expect(backlog.storageFailure?.feeds == 1)
        backlog.written(1)
        #expect(backlog.overlaying([healthy]) == [healthy] && backlog.storageFailure == nil)
    }

    @Test func feedsUnsubscribedFromAreForgotten() {
        backlog.refused(full, feedID: 1, at: start)
        backlog.refused(full, feedID: 2, at: start)
        #expect(backlog.keepOnly([2, 3]) == nil)
        #expect(backlog.storageFailure?.feeds == 1)
        #expect(backlog.keepOnly([3]) != nil)
        #expect(backlog.storageFailure == nil)
    }

    @Test func retriesComeAsLongAfterAsTheErrorHasStoodBetweenOneAndFiveMinutes() {
        let backlog = WriteBacklog()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(backlog.retryIsDue(at: start))
        let full = FeedStoreDatabaseError(operation: "store", reason: "database or disk is full")
        backlog.refused(full, feedID: 1, at: start)
        #expect(!backlog.retryIsDue(at: start + 59) && backlog.retryIsDue(at: start + 60))
        backlog.refused(full, feedID: 1, at: start + 200)
        #expect(!backlog.retryIsDue(at: start + 399) && backlog.retryIsDue(at: start + 400))
        backlog.refused(full, feedID: 1, at: start + 3600)
        #expect(!backlog.retryIsDue(at: start + 3899) && backlog.retryIsDue(at: start + 3900))
        backlog.written(1)
        #expect(backlog.retryIsDue(at: start + 3600))
    }

    @Test func aResetForgetsTheErrorTheWaitingFeedsAndTheFailures() {
        let backlog = WriteBacklog()
        let full = FeedStoreDatabaseError(operation: "store", reason: "database or disk is full")
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        backlog.refused(full, feedID: 1, at: now)
        backlog.refused(full, feedID: 2, failure: .init(error: "HTTP 500", check: FeedCheck(at: now), failures: 1), at: now)
        backlog.reset()
        #expect(backlog.storageFailure == nil && !backlog.isWaiting(1) && backlog.unwrittenFailures.isEmpty)
        #expect(backlog.retryIsDue(at: now))
    }
}
