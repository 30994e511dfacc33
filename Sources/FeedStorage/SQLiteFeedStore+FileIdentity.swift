import Foundation
import GRDB

extension SQLiteFeedStore: DatabaseFileWatching {
    public func checkFile() -> DatabaseFileLostError? {
        guard let path, let fileIdentity else { return nil }
        if let lost = fileLoss.withLock({ $0 }) { return lost }
        let loss: DatabaseFileLostError.Loss
        if let now = FileIdentity(path: path) {
            guard now != fileIdentity else { return nil }
            loss = .replaced
        } else if errno == ENOENT || errno == ENOTDIR {
            loss = .deleted
        } else {
            // A stat that fails otherwise (EACCES on a directory, EIO) says nothing about the
            // file: the store keeps going, and SQLite reports real trouble itself.
            return nil
        }
        let found = DatabaseFileLostError(path: path, loss: loss)
        let first = fileLoss.withLock { latched in
            guard latched == nil else { return false }
            latched = found
            return true
        }
        if first {
            removeLostCompanions()
            fileLossStream.continuation.yield(found)
        }
        return fileLoss.withLock { $0 }
    }

    /// Removes the lost database's `-wal` and `-shm` files from beside the path, at once: SQLite
    /// would read that log into the file now at the path as soon as anything opens it, and it
    /// does not remove them itself when a moved database is closed. Only the files the store
    /// opened go (same device and inode); files that another program made since stay. The
    /// store's connections keep theirs open, so nothing is lost for `saveLostDatabase()`.
    private func removeLostCompanions() {
        for (file, identity) in companionFiles where FileIdentity(path: file) == identity {
            unlink(file)
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
        let copy = "\(path).\(loss.loss.rawValue)-\(Self.backupTimestamp(Date())).bak"
        // On the writer's connection, which has held the old file and its log open since the
        // start: a reader connection opened now would open whatever is at the path.
        let writer = writer
        try await Self.offThePool {
            try Self.writeCopy(writer, to: copy, operation: "save the database it had open to \(copy)")
        }
        return copy
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
