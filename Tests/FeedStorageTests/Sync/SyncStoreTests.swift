import FeedEntities
@testable import FeedStorage
import Foundation
import GRDB
import Testing

/// `SyncStore`: the account's record, the triggers that queue local changes, the queue's API
/// and the migration that brings it all.
struct SyncStoreTests {
    let fixture: SyncStoreFixture
    var store: SQLiteFeedStore { fixture.store }

    init() throws {
        fixture = try SyncStoreFixture()
    }

    // MARK: - The account

    @Test func anotherAccountForgetsTheRemoteIDsTheQueueAndTheCursor() async throws {
        let feed = try await fixture.syncedFeed()
        try await fixture.store([SyncStoreFixture.entry("101", title: "A")])
        _ = try await store.markRead(ids: [try await fixture.item("A").id], read: true)
        try await store.recordSyncSuccess(cursor: "{\"after\":101}", at: day(2))
        #expect(try await fixture.queue().count == 1)

        // The same account again: nothing is forgotten.
        let same = try await store.startSyncing(with: SyncStoreFixture.service)
        #expect(same.cursor == "{\"after\":101}" && same.active)
        #expect(try await fixture.queue().count == 1)

        try await store.stopSyncing()
        #expect(try await store.syncRecord()?.active == false)
        let other = try await store.startSyncing(with: "miniflux https://elsewhere.example/ bob")
        #expect(other == SyncRecord(service: "miniflux https://elsewhere.example/ bob", active: true))
        #expect(try await fixture.queue().isEmpty)
        #expect(try fixture.feedRemoteIDs() == [SyncStoreFixture.blogURL: nil])
        #expect(try fixture.itemRemoteIDs() == ["A": nil])
        // The feed and its item stay, as local ones.
        #expect(try await store.feeds().map(\.id) == [feed])
        #expect(try await fixture.item("A").isRead)
    }

    @Test func successAndFailureAreRecorded() async throws {
        try await fixture.startSyncing()
        try await store.recordSyncFailure("cannot reach the service: timed out", at: day(1), retryAt: day(2))
        try await store.recordSyncFailure("cannot reach the service: timed out", at: day(2), retryAt: day(3))
        var record = try #require(try await store.syncRecord())
        #expect(record.failures == 2 && record.lastError == "cannot reach the service: timed out" && record.nextAttempt == day(3))
        try await store.recordSyncSuccess(cursor: "c", at: day(4))
        record = try #require(try await store.syncRecord())
        #expect(record.failures == 0 && record.lastError == nil && record.lastSync == day(4) && record.cursor == "c")
        try await store.forgetSyncCursor()
        #expect(try await store.syncRecord()?.cursor == nil)
    }

    // MARK: - Triggers: items

    @Test func markingAnItemOfTheServiceQueuesOneChangeAndMarkingItBackTakesItOff() async throws {
        _ = try await fixture.syncedFeed()
        try await fixture.store([SyncStoreFixture.entry("101", title: "A")])
        let item = try await fixture.item("A").id
        #expect(try await fixture.queue().isEmpty)

        _ = try await store.markRead(ids: [item], read: true)
        _ = try await store.setStarred(ids: [item], starred: true)
        let lines = try await fixture.queueLines()
        #expect(lines == ["read 101 1", "starred 101 1"])
        let base = try await store.writer.read { db in try Int.fetchAll(db, sql: "SELECT base FROM sync_change ORDER BY id") }
        #expect(base == [0, 0])

        _ = try await store.markRead(ids: [item], read: false)
        let left = try await fixture.queueLines()
        #expect(left == ["starred 101 1"])
        _ = try await store.setStarred(ids: [item], starred: false)
        #expect(try await fixture.queue().isEmpty)
    }

    @Test func itemsWithoutARemoteIDQueueNothing() async throws {
        try await fixture.startSyncing()
        let local = try await store.addFeed(
            url: "exec:/usr/bin/printf", document: document(items: [ParsedItem(id: "1", title: "Local")]), fetchedAt: day(1))
        _ = try await store.markRead(ids: [try await fixture.item("Local").id], read: true)
        _ = try await store.markAllRead(feedID: local.feed.id, read: false)
        _ = try await store.setStarred(ids: [try await fixture.item("Local").id], starred: true)
        #expect(try await fixture.queue().isEmpty)
    }

    @Test func markingAllReadQueuesEachItem() async throws {
        let feed = try await fixture.syncedFeed()
        try await fixture.store([
            SyncStoreFixture.entry("101", title: "A"), SyncStoreFixture.entry("102", title: "B", read: true),
            SyncStoreFixture.entry("103", title: "C"),
        ])
        #expect(try await store.markAllRead(feedID: feed, read: true) == 2)
        let lines = try await fixture.queueLines().sorted()
        #expect(lines == ["read 101 1", "read 103 1"])
    }

    @Test func changesRulesMakeToNewItemsOfTheServiceAreQueued() async throws {
        _ = try await fixture.syncedFeed()
        let rules = RuleSet([
            Rule(name: "swift", conditions: [RuleCondition(field: .title, pattern: try RulePattern(parsing: "swift"))], actions: [.markRead, .star])
        ])
        let stored = try await fixture.store([SyncStoreFixture.entry("101", title: "Swift 6"), SyncStoreFixture.entry("102", title: "Go")], rules: rules)
        #expect(stored.new == 2)
        let swift = try await fixture.item("Swift 6")
        #expect(swift.isRead && swift.isStarred)
        let lines = try await fixture.queueLines().sorted()
        #expect(lines == ["read 101 1", "starred 101 1"])
    }

    // MARK: - Triggers: feeds

    @Test func subscribingToAWebFeedWhileSyncingQueuesASubscribe() async throws {
        try await fixture.startSyncing()
        let web = try await store.addFeed(url: "https://news.example/rss", document: document(), fetchedAt: day(1)).feed.id
        _ = try await store.addFeed(url: "exec:/usr/bin/printf", document: document(), fetchedAt: day(1))
        let queue = try await fixture.queue()
        #expect(queue.map(\.kind) == [.subscribe] && queue.first?.feedID == web && queue.first?.remoteID == nil)

        // Syncing off: new subscriptions stay local.
        try await store.stopSyncing()
        _ = try await store.addFeed(url: "https://local.example/rss", document: document(), fetchedAt: day(1))
        #expect(try await fixture.queue().count == 1)
    }

    @Test(arguments: [true, false])
    func unsubscribingFromASyncedFeedQueuesAnUnsubscribe(keepStarred: Bool) async throws {
        let feed = try await fixture.syncedFeed()
        try await fixture.store([SyncStoreFixture.entry("101", title: "A", starred: true)])
        _ = try await store.renameFeed(id: feed, title: "Mine")
        _ = try await store.removeFeed(id: feed, keepStarred: keepStarred)
        let lines = try await fixture.queueLines()
        #expect(lines == ["unsubscribe f1 -"])
        #expect(try fixture.feedRemoteIDs()[SyncStoreFixture.blogURL] == (keepStarred ? .some(nil) : nil))
    }

    @Test func taggingAndRenamingASyncedFeedQueueTheirChanges() async throws {
        let feed = try await fixture.syncedFeed()
        _ = try await store.tagFeed(id: feed, adding: ["Extra"], removing: [])
        _ = try await store.renameFeed(id: feed, title: "My blog")
        _ = try await store.tagFeed(id: feed, adding: [], removing: ["Tech"])
        let queue = try await fixture.queue()
        #expect(queue.map(\.kind) == [.tags, .title])
        #expect(queue.allSatisfy { $0.feedID == feed && $0.remoteID == "f1" })
        let feeds = try await store.syncFeeds()
        #expect(feeds.map(\.tags) == [["Extra"]] && feeds.map(\.customTitle) == ["My blog"])
    }

    // MARK: - The queue

    @Test func changesPutOffAreDueLaterWithTheirReason() async throws {
        _ = try await fixture.syncedFeed()
        try await fixture.store((1...3).map { SyncStoreFixture.entry("10\($0)", title: "E\($0)") })
        for title in ["E1", "E2", "E3"] { _ = try await store.markRead(ids: [try await fixture.item(title).id], read: true) }
        let now = Date()
        let all = try await store.pendingSyncChanges(dueAt: now.addingTimeInterval(60), limit: 10)
        #expect(all.map(\.remoteID) == ["101", "102", "103"])
        #expect(try await store.pendingSyncChanges(dueAt: now.addingTimeInterval(60), limit: 2).count == 2)

        try await store.postponeSyncChanges(Array(all.prefix(2)), reason: "the service refused: entry gone", until: now.addingTimeInterval(3_600))
        let due = try await store.pendingSyncChanges(dueAt: now.addingTimeInterval(60), limit: 10)
        #expect(due.map(\.remoteID) == ["103"])
        let later = try await store.pendingSyncChanges(dueAt: now.addingTimeInterval(7_200), limit: 10)
        #expect(later.map(\.attempts) == [1, 1, 0])
        #expect(try await store.pendingSyncSummary() == PendingSyncSummary(
            count: 3, refusals: [PendingSyncSummary.Refusal(reason: "the service refused: entry gone", count: 2)]))

        // A new change of a flag makes it due at once again.
        let first = try await fixture.item("E1").id
        _ = try await store.setStarred(ids: [first], starred: true)
        _ = try await store.markRead(ids: [first], read: false)
        _ = try await store.markRead(ids: [first], read: true)
        let again = try await store.pendingSyncChanges(dueAt: now.addingTimeInterval(60), limit: 10)
        #expect(Set(again.map(\.remoteID)) == ["101", "103"])
    }

    @Test func finishingLeavesAChangeQueuedAgainMeanwhile() async throws {
        _ = try await fixture.syncedFeed()
        try await fixture.store([SyncStoreFixture.entry("101", title: "A"), SyncStoreFixture.entry("102", title: "B")])
        let a = try await fixture.item("A").id, b = try await fixture.item("B").id
        _ = try await store.markRead(ids: [a], read: true)
        _ = try await store.markRead(ids: [b], read: true)
        let sent = try await fixture.queue()
        // While the service is told, A is marked unread and read again: a change of its own.
        _ = try await store.markRead(ids: [a], read: false)
        _ = try await store.markRead(ids: [a], read: true)
        try await store.finishSyncChanges(sent)
        let lines = try await fixture.queueLines()
        #expect(lines == ["read 101 1"])
        try await store.finishSyncChanges(try await fixture.queue())
        #expect(try await fixture.queue().isEmpty)
    }

    // MARK: - Migration

    @Test func theMigrationAddsSyncToAVersion15Database() async throws {
        let queue = try DatabaseQueue()
        let migrator = SQLiteFeedStore.migrator
        try migrator.migrate(queue, upTo: "v15")
        try await queue.write { db in
            try db.execute(sql: "INSERT INTO feed (id, url, title, subscribed_at) VALUES (1, 'https://a.example/f', 'A', 0)")
            try db.execute(sql: "INSERT INTO item (id, feed_id, key, title, first_seen) VALUES (1, 1, 'k1', 'One', 0)")
        }
        try migrator.migrate(queue)
        try await queue.write { db in
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM feed WHERE remote_id IS NULL AND remote_categories IS NULL") == 1)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM item WHERE remote_id IS NULL") == 1)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM sync_account") == 0)
            // Items from before are local: marking them queues nothing, even once syncing is on.
            try db.execute(sql: "INSERT INTO sync_account (id, service) VALUES (1, 's')")
            try db.execute(sql: "UPDATE item SET is_read = 1")
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM sync_change") == 0)
            let triggers = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%to_sync' ORDER BY name")
            #expect(triggers.count == 9)
        }
    }
}
