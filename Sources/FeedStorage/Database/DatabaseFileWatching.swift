/// A store whose database is a file that can be deleted or replaced under it, and which says so.
///
/// The daemon watches it (`DatabaseFileWatchService`): it calls `checkFile()` once a minute and
/// waits on `fileLosses` for a loss any store call noticed first, then saves what it had open
/// and exits.
public protocol DatabaseFileWatching: Sendable {
    /// Compares the device and inode at the database path with those of the file the store
    /// opened (one `stat`). A loss found now or earlier is latched: from then on every store call
    /// throws it. Never throws; safe from any thread.
    /// - Returns: the loss, or `nil` while the path still names the store's file (and for a
    ///   store without a file).
    func checkFile() -> DatabaseFileLostError?

    /// The loss, once, when the first check or store call finds it; the stream never ends
    /// otherwise. One consumer.
    var fileLosses: AsyncStream<DatabaseFileLostError> { get }

    /// Damage SQLite reported while the store served, once as it is found (the store then
    /// refuses writes; see `FeedStore.damage`); the stream never ends otherwise. One consumer.
    var damages: AsyncStream<DamagedDatabaseError> { get }

    /// Copies the database the store still has open (it holds its file and write-ahead log
    /// open even once deleted or replaced) to a backup beside the path, so that nothing written
    /// since the last backup is lost. Call only after a loss; it writes nothing to the database.
    /// - Returns: the copy's path.
    /// - Throws: `FeedStoreDatabaseError` when the copy cannot be written (say, a full disk).
    func saveLostDatabase() async throws -> String
}
