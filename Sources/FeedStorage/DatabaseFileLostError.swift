/// The database file the store has open is no longer the file at its path: it was deleted, or
/// another file (say, a backup moved into place) took its place while the daemon ran.
///
/// The store stops at once: every later call throws this error, so nothing more is written to
/// a file nobody will open again, and no new connection opens the file now at the path, whose
/// write-ahead log would then be the old database's. The daemon exits on it (see
/// `DatabaseFileWatching`); what sits at the path is left as it is.
public struct DatabaseFileLostError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What happened to the file.
    public enum Loss: String, Sendable, Hashable, CaseIterable {
        /// Nothing is at the path any more.
        case deleted
        /// Another file is at the path (a different device or inode).
        case replaced
    }

    /// The database path.
    public var path: String
    public var loss: Loss
    /// Where the database the store had open was saved before the daemon let go of it, when it
    /// could be (`SQLiteFeedStore.saveLostDatabase()`).
    public var savedCopy: String?

    public init(path: String, loss: Loss, savedCopy: String? = nil) {
        self.path = path
        self.loss = loss
        self.savedCopy = savedCopy
    }

    public var description: String {
        let what = switch loss {
        case .deleted: "the database file \(path) was deleted while tidingsd was running"
        case .replaced: "the database file \(path) was replaced by another file while tidingsd was running"
        }
        let saved = savedCopy.map { "; the database it had open is saved as \($0)" } ?? ""
        return "\(what): it stopped using it and exits, leaving the file now at the path as it is\(saved)"
    }
}
