import FeedEntities
import Foundation
import GRDB
import Synchronization

/// How every store call reaches the database: reads on the pool, writes on the writer, each
/// checked against the file's identity and its failures described for people.
extension SQLiteFeedStore {
    // MARK: - Database access

    /// Runs `body` in one write transaction, translating database errors.
    func write<T: Sendable>(
        _ operation: @autoclosure () -> String, _ body: @Sendable (Database) throws -> T
    ) async throws -> T {
        try await describingFailure(of: operation, writing: true) { try await writer.write(body) }
    }

    /// Runs `body` on the writer connection outside any transaction (VACUUM, checkpoints),
    /// translating database errors.
    func write<T: Sendable>(
        withoutTransaction operation: @autoclosure () -> String, _ body: @Sendable (Database) throws -> T
    ) async throws -> T {
        try await describingFailure(of: operation, writing: true) { try await writer.writeWithoutTransaction(body) }
    }

    /// Runs `body` on a reader connection (a snapshot, concurrent with writes in WAL mode).
    func read<T: Sendable>(
        _ operation: @autoclosure () -> String, _ body: @Sendable (Database) throws -> T
    ) async throws -> T {
        try await describingFailure(of: operation) { try await writer.read(body) }
    }

    /// Rethrows a `DatabaseError` as a `FeedStoreDatabaseError` naming `operation`; other errors
    /// (`FeedStoreError`, `CancellationError`) pass unchanged. Throws `DatabaseFileLostError`
    /// without running `access` once a file of the database is not the one at its path, and
    /// for a write also after it: a write that went into a log deleted meanwhile is not
    /// acknowledged as if a restart would find it (the daemon saves it on its way out). A
    /// damaged database (SQLiteFeedStore+Damage.swift) refuses writes, and damage SQLite
    /// reports is thrown as `DamagedDatabaseError`.
    func describingFailure<T>(
        of operation: () -> String, writing: Bool = false, _ access: () async throws -> T
    ) async throws -> T {
        try verifyFile()
        if writing { try refuseWritesWhenDamaged() }
        let result: T
        do {
            result = try await access()
        } catch let error as DatabaseError where Self.isDamageWhileServing(error) {
            throw noteDamage(error, operation: operation())
        } catch let error as DatabaseError {
            throw FeedStoreDatabaseError(operation: operation(), error, path: path)
        }
        if writing { try verifyFile() }
        return result
    }

    /// Runs `body`, which blocks for as long as it reads or copies a whole database, on a
    /// dispatch thread rather than one of the cooperative pool's few threads.
    static func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
        }
    }

    /// Copies the write-ahead log into the database without waiting for readers (a passive
    /// checkpoint; pages a reader still needs stay in the log until the next one), then
    /// empties a long log it copied whole.
    ///
    /// SQLite cuts a log checkpointed whole back to `journal_size_limit` in the first write
    /// after the checkpoint: after a cold pass that is 180 MB to truncate, tens of ms that the
    /// user's next write (marking an article read) would wait. So when the whole log was
    /// copied and it is longer than the limit, a truncating checkpoint empties it here. It
    /// waits only for readers that began before the copy was done (readers since then read
    /// the database file alone), and when one still reads, the next write cuts the log back.
    public func checkpoint() async throws {
        try await describingFailure(of: { "checkpoint the database" }, writing: true) {
            try await writer.writeWithoutTransaction { db in
                let (frames, copied) = try db.checkpoint(.passive)
                // A frame is a page and its 24-byte header.
                let frameBytes = try (Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096) + 24
                guard frames * frameBytes > Self.walBytesKept, copied == frames else { return }
                try Self.truncateLog(db)
            }
        }
    }

    /// Copies the whole write-ahead log into the database and empties it, as the daemon stops:
    /// the database file alone then holds every commit (a copy of it is the whole library),
    /// and the next start has no log to replay. The connections stay open (SQLite would do the
    /// same when the last one closes, but the process ends without closing them). No reader is
    /// left at a stop; one that still reads makes it return without emptying the log, which
    /// loses nothing (the log is replayed at the next open).
    public func checkpointForStop() async throws {
        try await describingFailure(of: { "checkpoint the database" }, writing: true) {
            try await writer.writeWithoutTransaction { db in try Self.truncateLog(db) }
        }
    }

    /// A truncating checkpoint; a reader still reading (SQLITE_BUSY) leaves the log as it is.
    private static func truncateLog(_ db: Database) throws {
        do {
            _ = try db.checkpoint(.truncate)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
            return
        }
    }

    /// The value of a read-only pragma such as `journal_mode` (diagnostics and tests).
    func pragma(_ name: String) async throws -> String? {
        try await read("read PRAGMA \(name)") { db in
            try String.fetchOne(db, sql: "PRAGMA \(name)")
        }
    }
}
