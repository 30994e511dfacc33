import FeedEntities
import Foundation
import GRDB

/// `SyncStore`: items and their states.
extension SQLiteFeedStore {
    public func storeSyncedItems(_ items: [SyncedItem], rules: RuleSet, at date: Date) async throws -> SyncedItemsStored {
        guard !items.isEmpty else { return SyncedItemsStored() }
        // Prepared before the write, as a refresh's items are (`PreparedItem`).
        var byFeed: [String: [ItemWriter.SyncedEntry]] = [:]
        var order: [String] = []
        var groups: [String: [SyncedItem]] = [:]
        for item in items {
            if groups[item.remoteFeedID] == nil { order.append(item.remoteFeedID) }
            groups[item.remoteFeedID, default: []].append(item)
        }
        for feed in order {
            let group = groups[feed] ?? []
            var byKey: [String: SyncedItem] = [:]
            for item in group where byKey[item.item.storeKey] == nil { byKey[item.item.storeKey] = item }
            byFeed[feed] = PreparedItem.prepare(group.map(\.item), htmlToText: htmlToText, compressor: compressor).compactMap { prepared in
                byKey[prepared.key].map {
                    ItemWriter.SyncedEntry(prepared: prepared, remoteID: $0.remoteID, read: $0.read, starred: $0.starred)
                }
            }
        }
        let prepared = byFeed, feedOrder = order
        return try await write("store \(Counted.phrase(items.count, "item")) from the service") { db in
            var total = SyncedItemsStored()
            let feeds = try Row.fetchAll(db, sql: "SELECT remote_id, id FROM feed WHERE remote_id IS NOT NULL AND removed_at IS NULL")
            let feedIDs = Dictionary(feeds.map { ($0[0] as String, $0[1] as Int64) }, uniquingKeysWith: { first, _ in first })
            for feed in feedOrder {
                guard let feedID = feedIDs[feed], let entries = prepared[feed] else { continue }
                let stored = try ItemWriter(db: db, feedID: feedID, firstSeen: date.timeIntervalSince1970, rules: rules)
                    .storeSynced(entries)
                total.new += stored.new
                total.statesChanged += stored.statesChanged
            }
            return total
        }
    }

    public func applySyncStates(unread: Set<String>, starred: Set<String>) async throws -> Int {
        try await write("apply the service's read and starred states") { db in
            // Items of feeds synced now: the kept items of a feed unsubscribed from are no
            // longer on the service, and must not lose their stars for that.
            // An item whose state is the service's already still meets the rule when a local
            // change of it waits: the service agrees, and the change goes.
            let rows = try Row.fetchCursor(db, sql: """
                SELECT item.id, item.remote_id, item.is_read, item.is_starred,
                       EXISTS (SELECT 1 FROM sync_change WHERE sync_change.item_id = item.id) FROM item
                JOIN feed ON feed.id = item.feed_id
                WHERE item.remote_id IS NOT NULL AND feed.remote_id IS NOT NULL AND feed.removed_at IS NULL
                """)
            var differing: [(id: Int64, current: (Bool, Bool), service: (Bool, Bool))] = []
            while let row = try rows.next() {
                let remote: String = row[1]
                let current: (Bool, Bool) = (row[2], row[3])
                let service = (!unread.contains(remote), starred.contains(remote))
                if current != service || row[4] { differing.append((row[0], current, service)) }
            }
            let rule = SyncStateRule(db: db)
            var changed = 0
            for item in differing {
                changed += try rule.apply(itemID: item.id, current: item.current, service: item.service)
            }
            return changed
        }
    }
}
