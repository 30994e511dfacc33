/// A file the store has open is no longer the file at its path: the database, its write-ahead
/// log (`-wal`) or its shared-memory index (`-shm`) was deleted, or another file (a backup
/// moved into place, a log a cleanup or sync tool put back) took its place while the daemon ran.
///
/// The store stops at once: every later call throws this error, so nothing more is written to
/// a file nobody will open again, and no write is acknowledged that would not be found after
/// a restart. The daemon exits on it (see `DatabaseFileWatching`).
public struct DatabaseFileLostError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What happened to the file.
    public enum Loss: String, Sendable, Hashable, CaseIterable {
        /// Nothing is at the path any more.
        case deleted
        /// Another file is at the path (a different device or inode).
        case replaced
        /// The directory holding the database is gone (moved or deleted), with every file in it.
        case directoryGone = "directory-gone"
    }

    /// Which of the database's files was lost.
    public enum LostFile: String, Sendable, Hashable, CaseIterable {
        /// The database file itself.
        case database
        /// Its write-ahead log, `<path>-wal`: the changes committed since the last checkpoint.
        case log = "wal"
        /// Its shared-memory index of the log, `<path>-shm`.
        case sharedMemory = "shm"

        /// The file's path beside the database at `path`.
        public func path(besideDatabase path: String) -> String {
            switch self {
            case .database: path
            case .log: path + "-wal"
            case .sharedMemory: path + "-shm"
            }
        }
    }

    /// The database path.
    public var path: String
    public var loss: Loss
    public var file: LostFile
    /// Where the database the store had open was saved before the daemon let go of it, when it
    /// could be (`SQLiteFeedStore.saveLostDatabase()`): a copy beside the path when the database
    /// file was lost, the path itself when only its log or index was.
    public var savedCopy: String?

    public init(path: String, loss: Loss, file: LostFile = .database, savedCopy: String? = nil) {
        self.path = path
        self.loss = loss
        self.file = file
        self.savedCopy = savedCopy
    }

    /// The lost file's path.
    public var lostPath: String { file.path(besideDatabase: path) }

    public var description: String {
        let name = switch file {
        case .database: "the database file \(path)"
        case .log: "the write-ahead log \(lostPath) of the database"
        case .sharedMemory: "the shared-memory index \(lostPath) of the database"
        }
        let what = switch loss {
        case .deleted: "\(name) was deleted while tidingsd was running"
        case .replaced: "\(name) was replaced by another file while tidingsd was running"
        case .directoryGone:
            "the directory of the database \(path) was moved or deleted while tidingsd was running (the database and its log went with it)"
        }
        switch file {
        case .database:
            let saved = savedCopy.map { "; the database it had open is saved as \($0)" } ?? ""
            return "\(what): it stopped using it and exits, leaving the file now at the path as it is\(saved)"
        case .log, .sharedMemory:
            let saved = savedCopy.map { "; the database it had open, with every change it committed, is back at \($0)" } ?? ""
            return "\(what): it stopped writing and exits\(saved)"
        }
    }
}
