import Foundation
import GRDB

extension SQLiteFeedStore {
    /// See `FeedStore.releaseMemory()`. GRDB's `releaseMemory()` would hold every new read
    /// back until the reads running end (a listing behind a long export); its eventual form
    /// closes each reader when it is free and queues the writer's release.
    public func releaseMemory() async {
        guard let pool = writer as? DatabasePool else { return }
        pool.releaseMemoryEventually()
        // Queued behind the writer's release: once this has run, so has the release.
        _ = try? await writer.writeWithoutTransaction { _ in }
    }

    /// Free pages below which `reclaimFreePages` leaves them for the next items: moving pages
    /// to give back a few hundred kilobytes is not worth the writes.
    static let freeBytesKept = 4 << 20
    /// Pages given back per write transaction: 32 MiB of 16 KiB pages, which the log takes
    /// within one checkpoint's worth (`walBytesBeforeCheckpoint`).
    static let pagesReclaimedPerStep = 2_048

    /// See `FeedStore.reclaimFreePages`. `PRAGMA incremental_vacuum` moves pages from the end of
    /// the file into free ones and cuts the end off; only a database in incremental auto-vacuum
    /// mode has the pointer map that needs (every database made since, and older ones once
    /// vacuumed).
    public func reclaimFreePages() async throws {
        while true {
            try Task.checkCancellation()
            let more = try await write("give free pages back") { db -> Bool in
                guard try Int.fetchOne(db, sql: "PRAGMA auto_vacuum") == 2 else { return false }
                let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096
                let free = try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
                guard free * pageSize > Self.freeBytesKept else { return false }
                try db.execute(sql: "PRAGMA incremental_vacuum(\(Self.pagesReclaimedPerStep))")
                return free > Self.pagesReclaimedPerStep
            }
            guard more else { return }
        }
    }

    /// See `FeedStore.integrityProblems`. `integrity_check` answers one row `ok` when it finds
    /// nothing, else up to 100 lines of problems; `foreign_key_check` answers nothing when every
    /// reference holds. The checks run on a reader: a snapshot, so writes go on meanwhile. On a
    /// damaged file SQLite may stop a check with SQLITE_CORRUPT after the rows it found: those
    /// rows are kept and the error is one more problem (the damage is noted, as by any read).
    public func integrityProblems() async throws -> [String] {
        let found = try await read("check the database's integrity") { db -> ([String], damaged: Bool) in
            var problems = [String]()
            do {
                let rows = try String.fetchCursor(db, sql: "PRAGMA integrity_check")
                // As in the start-up check: one problem per line, without SQLite's headers.
                while let row = try rows.next() {
                    problems += row.split(separator: "\n").map(String.init)
                        .filter { $0 != "ok" && !$0.hasPrefix("*** in database ") }
                }
                let damaged = !problems.isEmpty
                for row in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check") {
                    let table: String = row[0]
                    let rowID: Int64? = row[1]
                    let parent: String = row[2]
                    problems.append("\(table) row \(rowID.map(String.init) ?? "?") refers to a missing \(parent)")
                }
                return (problems, damaged)
            } catch let error as DatabaseError where Self.isDamageWhileServing(error) {
                problems.append(error.message ?? "database disk image is malformed")
                return (problems, true)
            }
        }
        // Pages SQLite finds broken are damage as much as a failed read (a reference to a
        // missing row alone is not: nothing is broken to spread).
        if found.damaged, let first = found.0.first { _ = noteDamage(first, operation: "check the database's integrity") }
        return found.0
    }

    /// See `FeedStore.vacuum`. VACUUM cannot run inside a transaction, so it runs on the writer
    /// connection outside one; it writes the new pages through the log, which a truncating
    /// checkpoint then folds back so the file on disk actually shrinks. A reader still holding
    /// an old snapshot makes that checkpoint wait (busy timeout) and then give way to a passive
    /// one: the space comes back at the next checkpoint instead. The feeds' item counters are
    /// set from their items first, which mends any drift in them (`counterDrift`).
    public func vacuum() async throws {
        try await write(withoutTransaction: "vacuum the database") { db in
            try db.inTransaction {
                try Self.recountFeeds(db)
                return .commit
            }
            try db.execute(sql: "VACUUM")
            do {
                _ = try db.checkpoint(.truncate)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
                _ = try db.checkpoint(.passive)
            }
        }
    }
}
