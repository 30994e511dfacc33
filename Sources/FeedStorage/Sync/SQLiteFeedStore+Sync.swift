import FeedEntities
import Foundation
import GRDB

/// `SyncStore`: the account's record and the queue of local changes.
extension SQLiteFeedStore: SyncStore {
    public func startSyncing(with service: String) async throws -> SyncRecord {
        try await write("start syncing with \(service)") { db in
            if let current = try String.fetchOne(db, sql: "SELECT service FROM sync_account WHERE id = 1"), current != service {
                // Another account's ids would name other feeds and entries there.
                try db.execute(sql: """
                    DELETE FROM sync_change;
                    DELETE FROM sync_account;
                    UPDATE feed SET remote_id = NULL, remote_categories = NULL WHERE remote_id IS NOT NULL;
                    UPDATE item SET remote_id = NULL WHERE remote_id IS NOT NULL;
                    """)
            }
            try db.execute(
                sql: """
                    INSERT INTO sync_account (id, service, active) VALUES (1, ?, 1)
                    ON CONFLICT (id) DO UPDATE SET active = 1
                    """,
                arguments: [service])
            return try Self.fetchSyncRecord(db) ?? SyncRecord(service: service, active: true)
        }
    }

    public func stopSyncing() async throws {
        try await write("stop syncing") { db in
            try db.execute(sql: "UPDATE sync_account SET active = 0")
        }
    }

    public func syncRecord() async throws -> SyncRecord? {
        try await read("read the sync record") { db in try Self.fetchSyncRecord(db) }
    }

    public func recordSyncSuccess(cursor: String?, at date: Date) async throws {
        try await write("record a sync") { db in
            try db.execute(
                sql: """
                    UPDATE sync_account SET cursor = ?1, last_sync = ?2, last_attempt = ?2, last_error = NULL,
                                            failures = 0, next_attempt = NULL
                    """,
                arguments: [cursor, date.timeIntervalSince1970])
        }
    }

    public func recordSyncFailure(_ reason: String, at date: Date, retryAt: Date) async throws {
        try await write("record a failed sync") { db in
            try db.execute(
                sql: "UPDATE sync_account SET last_attempt = ?1, last_error = ?2, failures = failures + 1, next_attempt = ?3",
                arguments: [date.timeIntervalSince1970, StoredText.title(reason), retryAt.timeIntervalSince1970])
        }
    }

    public func forgetSyncCursor() async throws {
        try await write("forget the sync cursor") { db in
            try db.execute(sql: "UPDATE sync_account SET cursor = NULL")
        }
    }

    public func pendingSyncChanges(dueAt now: Date, limit: Int) async throws -> [PendingSyncChange] {
        try await read("read the changes waiting for the service") { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT id, kind, remote_id, feed_id, value, changed_at, attempts FROM sync_change
                    WHERE next_attempt IS NULL OR next_attempt <= ?
                    ORDER BY id LIMIT ?
                    """,
                arguments: [now.timeIntervalSince1970, limit])
            return rows.compactMap { row in
                guard let kind = PendingSyncChange.Kind(rawValue: row[1]) else { return nil }
                return PendingSyncChange(
                    id: row[0], kind: kind, remoteID: row[2], feedID: row[3], value: (row[4] as Int?).map { $0 != 0 },
                    changedAt: Date(timeIntervalSince1970: row[5]), attempts: row[6])
            }
        }
    }

    public func pendingSyncSummary() async throws -> PendingSyncSummary {
        try await read("count the changes waiting for the service") { db in
            let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM sync_change") ?? 0
            let refusals = try Row.fetchAll(db, sql: """
                SELECT last_error, count(*) FROM sync_change WHERE last_error IS NOT NULL
                GROUP BY last_error ORDER BY count(*) DESC, last_error LIMIT 10
                """).map { PendingSyncSummary.Refusal(reason: $0[0], count: $0[1]) }
            return PendingSyncSummary(count: count, refusals: refusals)
        }
    }

    public func finishSyncChanges(_ changes: [PendingSyncChange]) async throws {
        guard !changes.isEmpty else { return }
        try await write("take \(Counted.phrase(changes.count, "change")) off the sync queue") { db in
            // Only the row as it was read: a change queued again meanwhile has a newer time (the
            // time went through `Date`, which may round its last digits).
            let statement = try db.cachedStatement(sql: "DELETE FROM sync_change WHERE id = ? AND abs(changed_at - ?) < 0.001")
            for change in changes {
                try statement.execute(arguments: [change.id, change.changedAt.timeIntervalSince1970])
            }
        }
    }

    public func postponeSyncChanges(_ changes: [PendingSyncChange], reason: String, until date: Date) async throws {
        guard !changes.isEmpty else { return }
        try await write("put off \(Counted.phrase(changes.count, "change")) for the service") { db in
            let statement = try db.cachedStatement(sql: """
                UPDATE sync_change SET attempts = attempts + 1, next_attempt = ?2, last_error = ?3 WHERE id = ?1
                """)
            let text = StoredText.title(reason)
            for change in changes {
                try statement.execute(arguments: [change.id, date.timeIntervalSince1970, text])
            }
        }
    }

    /// Whether syncing is on: synced feeds are then the service's to refresh, not the scheduler's.
    static func isSyncing(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sync_account WHERE active = 1)") ?? false
    }

    static func fetchSyncRecord(_ db: Database) throws -> SyncRecord? {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT service, active, cursor, last_sync, last_attempt, last_error, failures, next_attempt
            FROM sync_account WHERE id = 1
            """)
        else { return nil }
        return SyncRecord(
            service: row[0], active: row[1], cursor: row[2], lastSync: (row[3] as Double?).map(Date.init(timeIntervalSince1970:)),
            lastAttempt: (row[4] as Double?).map(Date.init(timeIntervalSince1970:)), lastError: row[5], failures: row[6],
            nextAttempt: (row[7] as Double?).map(Date.init(timeIntervalSince1970:)))
    }

    /// Takes off the queue what the sync itself just changed: the triggers queue every change,
    /// and one that came from the service must not go back to it.
    static func unqueue(kind: PendingSyncChange.Kind, itemID: Int64, _ db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM sync_change WHERE kind = ? AND item_id = ?")
            .execute(arguments: [kind.rawValue, itemID])
    }

    static func unqueue(kind: PendingSyncChange.Kind, feedID: Int64, _ db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM sync_change WHERE kind = ? AND feed_id = ?")
            .execute(arguments: [kind.rawValue, feedID])
    }
}
