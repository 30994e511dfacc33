import FeedEntities
import GRDB

/// Storing items that came from a sync service, inside the caller's transaction.
extension ItemWriter {
    /// One item from the service, prepared, with its remote id and state.
    struct SyncedEntry {
        let prepared: PreparedItem
        let remoteID: String
        let read: Bool
        let starred: Bool
    }

    /// Stores the service's items of this feed: a known item (by remote id, else by key, else
    /// by canonical link among the feed's items not from the service) gets its remote id, its
    /// text if it changed, and the service's state (`SyncStateRule`); a new one is inserted
    /// with the service's state, through duplicate detection and the rules.
    func storeSynced(_ entries: [SyncedEntry]) throws -> SyncedItemsStored {
        let byRemoteID = try db.cachedStatement(sql: "SELECT id, key, is_read, is_starred FROM item WHERE remote_id = ?")
        let byKey = try db.cachedStatement(sql: "SELECT id, key, is_read, is_starred FROM item WHERE feed_id = ? AND key = ?")
        let byLink = try db.cachedStatement(sql: """
            SELECT id, key, is_read, is_starred FROM item
            WHERE feed_id = ? AND canonical_link = ? AND remote_id IS NULL ORDER BY id LIMIT 1
            """)
        let link = try db.cachedStatement(sql: "UPDATE item SET remote_id = ? WHERE id = ?")
        let update = try db.cachedStatement(sql: Self.updateIfChanged)
        let insert = try db.cachedStatement(sql: """
            INSERT INTO item (feed_id, key, guid, title, link, author, published, updated,
                              html, categories, enclosures, first_seen,
                              canonical_link, duplicate_of, is_read, is_starred, remote_id)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)
            """)
        let lookUps = try duplicateLookUps()
        let ruleRunner = try RuleRunner(db: db, feedID: feedID, rules: rules)
        let feed: StatementArguments = [feedID]
        let states = SyncStateRule(db: db)
        var stored = SyncedItemsStored()
        var insertedUnread = 0
        for entry in entries.reversed() {
            let prepared = entry.prepared
            let found = try Row.fetchOne(byRemoteID, arguments: [entry.remoteID])
                ?? Row.fetchOne(byKey, arguments: [feedID, prepared.key])
                ?? prepared.canonicalLink.flatMap { try Row.fetchOne(byLink, arguments: [feedID, $0]) }
            if let found {
                let id: Int64 = found[0]
                try link.execute(arguments: [entry.remoteID, id])
                if (found[1] as String) == prepared.key {
                    try update.execute(arguments: feed + prepared.columns + [prepared.canonicalLink])
                }
                stored.statesChanged += try states.apply(
                    itemID: id, current: (found[2], found[3]), service: (entry.read, entry.starred))
                continue
            }
            let duplicate = try duplicate(of: prepared, lookUps)
            try insert.execute(arguments: feed + prepared.columns + [
                firstSeen, prepared.canonicalLink, duplicate.original, entry.read, entry.starred, entry.remoteID,
            ])
            let id = db.lastInsertedRowID
            stored.new += 1
            if !entry.read { insertedUnread += 1 }
            // An article read or starred here through another copy is read or starred: the
            // service hears of it (the triggers queue the change).
            if duplicate.originalRead && !entry.read {
                try db.cachedStatement(sql: "UPDATE item SET is_read = 1 WHERE id = ?").execute(arguments: [id])
            }
            if duplicate.originalStarred && !entry.starred {
                try db.cachedStatement(sql: "UPDATE item SET is_starred = 1 WHERE id = ?").execute(arguments: [id])
            }
            try ruleRunner?.apply(to: id, prepared.item)
        }
        try countInFeed(inserted: stored.new, unread: insertedUnread)
        return stored
    }
}

/// How the service's state of an item meets the local one, per flag: with no local change
/// waiting, the service's state is taken; with one waiting, the service either agrees (the
/// change goes off the queue) or still has the state from before the local change, which then
/// wins and goes to the service. (A flag has two values, so a service that differs from a
/// waiting change has not changed the flag since; it may have flipped it and back, which no
/// service records.)
struct SyncStateRule {
    let db: Database

    /// - Returns: how many flags changed here.
    func apply(itemID: Int64, current: (read: Bool, starred: Bool), service: (read: Bool, starred: Bool)) throws -> Int {
        var changed = 0
        for (kind, column, local, remote) in [
            (PendingSyncChange.Kind.read, "is_read", current.read, service.read),
            (.starred, "is_starred", current.starred, service.starred),
        ] {
            if let waiting = try Bool.fetchOne(
                db.cachedStatement(sql: "SELECT value FROM sync_change WHERE kind = ? AND item_id = ?"),
                arguments: [kind.rawValue, itemID])
            {
                if waiting == remote { try SQLiteFeedStore.unqueue(kind: kind, itemID: itemID, db) }
                continue
            }
            guard local != remote else { continue }
            try db.execute(sql: "UPDATE item SET \(column) = ? WHERE id = ?", arguments: [remote, itemID])
            try SQLiteFeedStore.unqueue(kind: kind, itemID: itemID, db)
            // The copies from outside the service share the article's state; other copies of
            // the service have states of their own there.
            try db.execute(
                sql: """
                    UPDATE item SET \(column) = ?1
                    WHERE \(column) <> ?1 AND remote_id IS NULL
                      AND (id = (SELECT COALESCE(duplicate_of, id) FROM item WHERE id = ?2)
                           OR duplicate_of = (SELECT COALESCE(duplicate_of, id) FROM item WHERE id = ?2))
                    """,
                arguments: [remote, itemID])
            changed += 1
        }
        return changed
    }
}
