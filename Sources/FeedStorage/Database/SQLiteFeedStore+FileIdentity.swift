import Foundation
import GRDB

extension SQLiteFeedStore: DatabaseFileWatching {
    public func checkFile() -> DatabaseFileLostError? {
        guard let path, let fileIdentity else { return nil }
        if let lost = fileLoss.withLock({ $0 }) { return lost }
        guard let found = Self.loss(path: path, identity: fileIdentity, companions: companionFiles) else { return nil }
        let first = fileLoss.withLock { latched in
            guard latched == nil else { return false }
            latched = found
            return true
        }
        if first {
            if found.file == .database { removeLostCompanions() }
            fileLossStream.continuation.yield(found)
        }
        return fileLoss.withLock { $0 }
    }

    /// The first of the database's files (itself, then its log and index) that is no longer
    /// the one the store opened; `nil` while all are.
    ///
    /// The log matters as much as the database: the changes committed since the last
    /// checkpoint are only there, and the store's connections keep writing to the log they
    /// opened, deleted or not, while any connection opened later would make a new, empty one
    /// at the path (reads then fail with "disk I/O error", and a clean stop checkpoints nothing).
    static func loss(
        path: String, identity: FileIdentity, companions: [(file: DatabaseFileLostError.LostFile, identity: FileIdentity)]
    ) -> DatabaseFileLostError? {
        if let loss = loss(of: path, identity: identity) {
            let directoryGone = loss == .deleted && FileIdentity(path: directory(of: path)) == nil
            return DatabaseFileLostError(path: path, loss: directoryGone ? .directoryGone : loss)
        }
        for (file, identity) in companions {
            if let loss = loss(of: file.path(besideDatabase: path), identity: identity) {
                return DatabaseFileLostError(path: path, loss: loss, file: file)
            }
        }
        return nil
    }

    /// How the file at `path` differs from the one with `identity`: gone (including a stale
    /// NFS handle, `ESTALE`: the file was removed on the server), another file, or `nil` when it
    /// is the same. A `stat` that fails otherwise (EACCES on a directory, EIO) says nothing
    /// about the file: the store keeps going, and SQLite reports real trouble itself.
    private static func loss(of path: String, identity: FileIdentity) -> DatabaseFileLostError.Loss? {
        if let now = FileIdentity(path: path) { return now == identity ? nil : .replaced }
        return [ENOENT, ENOTDIR, ESTALE].contains(errno) ? .deleted : nil
    }

    /// Removes the lost database's `-wal` and `-shm` files from beside the path, at once: SQLite
    /// would read that log into the file now at the path as soon as anything opens it, and it
    /// does not remove them itself when a moved database is closed. Only the files the store
    /// opened go (same device and inode); files that another program made since stay. The
    /// store's connections keep theirs open, so nothing is lost for `saveLostDatabase()`.
    private func removeLostCompanions() {
        guard let path else { return }
        for (file, identity) in companionFiles {
            let companion = file.path(besideDatabase: path)
            if FileIdentity(path: companion) == identity { unlink(companion) }
        }
    }

    public var fileLosses: AsyncStream<DatabaseFileLostError> { fileLossStream.stream }

    /// Throws the loss of the database file, if `checkFile()` finds one. Every store call runs
    /// it first: one `stat`, a microsecond beside any query.
    func verifyFile() throws(DatabaseFileLostError) {
        if let loss = checkFile() { throw loss }
    }

    public func saveLostDatabase() async throws -> String {
        guard let path, let loss = fileLoss.withLock({ $0 }) else {
            throw FeedStoreDatabaseError(operation: "save the database", reason: "its file was not lost")
        }
        guard loss.loss != .directoryGone else {
            throw FeedStoreDatabaseError(
                operation: "save the database beside \(path)",
                reason: "its directory is gone; the database and its log are whole wherever it was moved to")
        }
        let name = loss.file == .database ? loss.loss.rawValue : "\(loss.file.rawValue)-\(loss.loss.rawValue)"
        let stamp = Self.backupTimestamp(Date())
        let copy = "\(path).\(name)-\(stamp).bak"
        // On the writer's connection, which has held the database, its log and index open
        // since the start: a reader connection opened now would open whatever is at the path.
        let writer = writer
        try await Self.offThePool {
            try Self.writeCopy(writer, to: copy, operation: "save the database it had open to \(copy)")
        }
        guard loss.file != .database else { return copy }
        // The file at the path is the store's own but lacks what its lost log held: the copy,
        // which has every committed change, takes its place, so that the next start serves all
        // of it. Whatever log and index are at the path now go first: SQLite would read that
        // log into the copy when it opens it.
        do {
            try await Self.offThePool { try Self.putBack(copy, at: path, stamp: stamp) }
        } catch let error as FeedStoreDatabaseError {
            throw FeedStoreDatabaseError(
                operation: error.operation,
                reason: "\(error.reason); every committed change is in \(copy) ('tidings restore \(copy)' puts it back)")
        }
        return path
    }

    /// Puts `copy` in the place of the database at `path` once its log or index was lost: after
    /// checking it whole (`quick_check`), and with the log at the path moved aside (a log that
    /// another program put there is kept as `<path>-wal.<stamp>.bak`; an empty one, which only
    /// says a connection opened the path since, is removed) and the index removed (it holds
    /// nothing that is not in the log). The store's connections keep the old files open; SQLite
    /// sees the database moved and leaves the path alone when they close.
    private static func putBack(_ copy: String, at path: String, stamp: String) throws {
        let operation = "put the saved database \(copy) back at \(path)"
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: copy)
            let check = try queue.read { try String.fetchAll($0, sql: "PRAGMA quick_check") }
            try queue.close()
            guard check == ["ok"] else {
                throw FeedStoreDatabaseError(operation: operation, reason: "the copy fails SQLite's check: \(check.first ?? "")")
            }
        } catch let error as DatabaseError {
            throw FeedStoreDatabaseError(operation: operation, error)
        }
        let log = path + "-wal"
        var info = stat()
        if lstat(log, &info) == 0 {
            if info.st_size > 0 {
                guard rename(log, "\(log).\(stamp).bak") == 0 else {
                    throw FeedStoreDatabaseError(operation: operation, reason: "cannot move \(log) aside: \(String(cString: strerror(errno)))")
                }
            } else {
                unlink(log)
            }
        }
        unlink(path + "-shm")
        guard rename(copy, path) == 0 else {
            throw FeedStoreDatabaseError(operation: operation, reason: String(cString: strerror(errno)))
        }
        syncDirectory(of: path)
    }

    /// `20261126T071500`: UTC, sortable, no characters a shell or a file manager minds.
    static func backupTimestamp(_ date: Date) -> String {
        var time = time_t(date.timeIntervalSince1970)
        var parts = tm()
        gmtime_r(&time, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let length = strftime(&buffer, buffer.count, "%Y%m%dT%H%M%S", &parts)
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
