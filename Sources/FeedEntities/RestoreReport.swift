/// What a restore did (`SQLiteFeedStore.restore(from:)` in the daemon, `restore(from:into:)` in
/// `tidingsd restore`); the answer to `daemon.restore` (protocol 1.7).
public struct RestoreReport: Codable, Sendable, Hashable {
    /// The database restored into.
    public var databasePath: String
    /// The backup restored from.
    public var backupPath: String
    /// Where the database it replaced is kept (`<database>.before-restore-<time>.bak`); `nil`
    /// when there was no database at the path.
    public var replacedCopy: String?
    /// The backup's schema (`v9`): older than `schemaVersion` when it was migrated.
    public var backupSchemaVersion: String
    /// The database's schema now: `backupSchemaVersion` where nothing migrated it yet (a restore
    /// without a daemon, which migrates at its next start).
    public var schemaVersion: String
    /// The copy taken before migrating the restored database (`<database>.before-vN.bak`).
    public var migrationBackup: String?
    /// Feeds (unsubscribed ones left out) and items in the restored database.
    public var feeds: Int
    public var items: Int

    public init(
        databasePath: String, backupPath: String, replacedCopy: String?, backupSchemaVersion: String, schemaVersion: String,
        migrationBackup: String? = nil, feeds: Int, items: Int
    ) {
        self.databasePath = databasePath
        self.backupPath = backupPath
        self.replacedCopy = replacedCopy
        self.backupSchemaVersion = backupSchemaVersion
        self.schemaVersion = schemaVersion
        self.migrationBackup = migrationBackup
        self.feeds = feeds
        self.items = items
    }
}
