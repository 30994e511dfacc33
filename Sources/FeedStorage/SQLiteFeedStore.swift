import FeedEntities
import Foundation
import GRDB
import Synchronization

/// The `FeedStore` of the daemon: one SQLite database (GRDB) in WAL mode.
///
/// A file-backed store uses a `DatabasePool`: reads run on their own connections and never wait
/// for the writer, writes are serialised on one connection, each in one transaction, except the
/// refreshes a pass stores, which wait for the writer together and share one (`writeGrouped`).
/// Every method runs on GRDB's own dispatch queues through its async API, so a long refresh
/// never blocks a thread of the cooperative pool. If the calling task is cancelled while any
/// other write is pending or running, GRDB interrupts it, the transaction is rolled back and
/// `CancellationError` is thrown.
///
/// Dates are stored as REAL seconds since 1970 (UTC), so `sqlite3` users can read them with
/// `datetime(col, 'unixepoch')`. Database failures are thrown as `FeedStoreDatabaseError`,
/// which says what the store was doing; `FeedStoreError` and `CancellationError` pass unchanged.
public final class SQLiteFeedStore: FeedStore, Sendable {
    /// Seconds a write waits for a lock held by another process (say, `sqlite3` on the file)
    /// before failing with "database is locked".
    public static let busyTimeout: TimeInterval = 5

    /// The database file, or `nil` for an in-memory store.
    public let path: String?
    /// Identifier of the newest migration applied to the database (for example "v1").
    public let schemaVersion: String
    /// The copy of the database taken before this opening ran migrations on it
    /// (`<path>.before-<migration>.bak`), for the daemon to log; `nil` when none was needed.
    public let migrationBackup: String?
    /// How the store reads HTML: titles as text, and the words of items for the search index.
    let text: HTMLText
    /// The text of a title that is HTML (`text.title`): every feed and item title is stored
    /// through it (`ParsedFeed.titleText`), and migration v9 converts the titles stored before.
    var htmlToText: @Sendable (String) -> String { text.title }
    /// Compresses items' HTML (`item.html`) and reads it back, with the database's dictionaries.
    let compressor: TextCompressor
    /// Where training a compression dictionary stands (`trainCompressionDictionary`).
    let dictionaryTraining = Mutex(DictionaryTraining())

    let writer: any DatabaseWriter
    /// The refreshes waiting to be stored together (`writeGrouped`).
    let groupCommit = GroupCommit<GroupedWrite>(maximumBatch: refreshesPerTransaction)
    /// How listings joined their words lately (`FullTextAccess`), which costs counting.
    let fullTextAccesses = FullTextAccessCache()
    /// The device and inode of the database file when it was opened (`checkFile()`); `nil` in memory.
    let fileIdentity: FileIdentity?
    /// The write-ahead log and shared-memory files beside the database (`-wal`, `-shm`) and their
    /// identities once opened: guarded like the database file, and removed with its loss
    /// (`checkFile()`).
    let companionFiles: [(file: DatabaseFileLostError.LostFile, identity: FileIdentity)]
    /// The loss of the database file, once noticed: every later store call throws it.
    let fileLoss = Mutex<DatabaseFileLostError?>(nil)
    /// `fileLosses` and its continuation, which `checkFile()` feeds once.
    let fileLossStream = AsyncStream.makeStream(of: DatabaseFileLostError.self, bufferingPolicy: .bufferingNewest(1))
    /// The damage SQLite reported while the store served (SQLiteFeedStore+Damage.swift).
    let damageFound = Mutex<DamagedDatabaseError?>(nil)
    /// `damages` and its continuation, fed once per damage found.
    let damageStream = AsyncStream.makeStream(of: DamagedDatabaseError.self, bufferingPolicy: .bufferingNewest(1))

    /// Opens (or creates) the database at `path` and brings its schema up to date.
    ///
    /// The parent directory is created with mode 0700 when it is missing; an existing directory
    /// keeps its mode.
    /// - Parameter text: how to read HTML (`HTMLText`): titles, and words for the search index.
    /// - Throws: `FeedStoreDatabaseError` when the directory or the database cannot be opened,
    ///   the file is not a database, a migration fails, or the database was written by a newer
    ///   version of Tidings (it has migrations this build does not know);
    ///   `DamagedDatabaseError` when the start-up check (`checkForDamage`) finds it damaged.
    public convenience init(path: String, text: HTMLText) throws {
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
        try Self.createPrivateDirectory(directory)
        let pool: DatabasePool
        let compressor = TextCompressor()
        do {
            pool = try DatabasePool(path: path, configuration: Self.configuration(text: text, compressor: compressor))
        } catch let error as DatabaseError where Self.isDamage(error) {
            throw DamagedDatabaseError(
                path: path, problems: [error.message ?? "database disk image is malformed"],
                backups: Self.backups(of: path))
        } catch let error as DatabaseError {
            throw FeedStoreDatabaseError(operation: "open the database \(path)", error)
        }
        // Taken right after opening, under the daemon's instance lock: nothing else is meant to
        // move the file in between.
        guard let identity = FileIdentity(path: path) else {
            throw FeedStoreDatabaseError(
                operation: "open the database \(path)", reason: String(cString: strerror(errno)))
        }
        try self.init(writer: pool, path: path, identity: identity, text: text, compressor: compressor)
    }

    /// A fresh, empty store in memory (for tests): a `DatabaseQueue`, with the same schema and
    /// connection settings as the file-backed store. HTML is read through `text`, by default
    /// as its own text.
    public static func inMemory(text: HTMLText = .verbatim) throws -> SQLiteFeedStore {
        let queue: DatabaseQueue
        let compressor = TextCompressor()
        do {
            queue = try DatabaseQueue(configuration: configuration(text: text, compressor: compressor))
        } catch let error as DatabaseError {
            throw FeedStoreDatabaseError(operation: "open an in-memory database", error)
        }
        return try SQLiteFeedStore(writer: queue, path: nil, identity: nil, text: text, compressor: compressor)
    }

    private init(
        writer: any DatabaseWriter, path: String?, identity: FileIdentity?, text: HTMLText, compressor: TextCompressor
    ) throws {
        self.writer = writer
        self.path = path
        self.fileIdentity = identity
        self.text = text
        self.compressor = compressor
        let migrator = Self.migrator(text: text, compressor: compressor)
        do {
            if let path { try Self.checkForDamage(writer, path: path) }
            let superseded = try writer.read { try migrator.hasBeenSuperseded($0) }
            if superseded {
                throw FeedStoreDatabaseError(
                    operation: "open the database \(path ?? ":memory:")",
                    reason: "it was written by a newer version of Tidings (unknown schema migrations)")
            }
            migrationBackup = try path.flatMap { try Self.backUpBeforeMigrating(writer, path: $0) }
            let appliedBefore = try writer.read { try migrator.appliedIdentifiers($0) }
            try migrator.migrate(writer)
            schemaVersion = try writer.read { try migrator.appliedMigrations($0).last } ?? ""
            // A database whose items were compressed just now has its freed pages to give back.
            let compressedNow = !appliedBefore.isEmpty && !appliedBefore.contains(Self.compressionMigration)
            try Self.settleStoredText(writer, text: text, compressor: compressor, compactFile: compressedNow && path != nil)
        } catch let error as DatabaseError {
            throw FeedStoreDatabaseError(operation: "migrate the database \(path ?? ":memory:")", error)
        }
        // Both exist by now: SQLite made them for the first transaction, and keeps them while a
        // connection is open (the pool's writer stays open).
        companionFiles = path.map { path in
            [DatabaseFileLostError.LostFile.log, .sharedMemory].compactMap { file in
                FileIdentity(path: file.path(besideDatabase: path)).map { (file, $0) }
            }
        } ?? []
    }

    // MARK: - Connection setup

    /// The page size of a database this store creates. A page size is fixed once a database is
    /// in WAL mode, so databases made with SQLite's default (4 KiB) keep it. With 16 KiB pages,
    /// inserting a cold pass's items costs a third less: fewer b-tree pages to split and fewer
    /// overflow pages for long summaries and contents (bench/RESULTS.md).
    static var newDatabasePageSize: Int { 16_384 }

    /// What the write-ahead log may hold before a commit checkpoints it.
    static var walBytesBeforeCheckpoint: Int { 32 << 20 }

    /// What the write-ahead log file is cut back to once checkpointed (`journal_size_limit`).
    static var walBytesKept: Int { 16 << 20 }

    /// The page cache of each reader connection, in KiB (the writer keeps SQLite's 2 MiB).
    static var readerCacheKiB: Int { 1024 }

    private static func configuration(text: HTMLText, compressor: TextCompressor) -> Configuration {
        var config = Configuration()
        config.label = "tidings"
        config.foreignKeysEnabled = true
        config.busyMode = .timeout(busyTimeout)
        config.prepareDatabase { db in
            // On every connection: the search index reads items' words through them.
            addTextFunctions(db, text: text, compressor: compressor)
            // Takes effect only in a database without tables yet; GRDB turns WAL mode on after this.
            try db.execute(sql: "PRAGMA page_size = \(newDatabasePageSize)")
            if db.configuration.readonly {
                // A reader's pages are the kernel's page cache over again, kept for as long as
                // the connection lives (until the next `releaseMemory`), and a listing or a
                // search reads most of its pages once. At 1M items half of SQLite's 2 MiB
                // default searched and listed as fast (a quarter was 20% slower on a common
                // word) and leaves an idle daemon 1 MB less after a search. Memory-mapped reads
                // were faster still but put every page the startup check reads (the whole
                // file) in the daemon's RSS.
                try db.execute(sql: "PRAGMA cache_size = -\(readerCacheKiB)")
            } else {
                // After the page size, which it would fix otherwise. Also only for a database
                // without tables; an older one takes it at its next `vacuum()`. Free pages can
                // then be given back a few at a time (`reclaimFreePages`), where without it
                // only a VACUUM (a rewrite of the whole file) could.
                try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL")
            }
            let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096
            // WAL makes NORMAL safe against corruption; only the last commits can be lost on
            // power failure, and a refresh can fetch them again.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // A refresh pass writes many transactions (`writeGrouped`), and each touches the
            // same index pages again; checkpointing every 1,000 pages (SQLite's default) copied
            // those pages into the database over and over. The commit that takes the log past
            // 32 MiB checkpoints it, so a cold pass keeps the log, and the disk it takes
            // beside the database, bounded; the log file is cut back to 16 MiB once
            // checkpointed. The daemon also checkpoints once a pass is done (`checkpoint()`).
            try db.execute(sql: "PRAGMA wal_autocheckpoint = \(walBytesBeforeCheckpoint / pageSize)")
            try db.execute(sql: "PRAGMA journal_size_limit = \(walBytesKept)")
        }
        return config
    }

    /// Creates `directory` and its missing parents with mode 0700 (the XDG rule for data
    /// directories), like `mkdir -p -m 0700`. POSIX calls rather than FileManager, so a failure
    /// reads "Permission denied" instead of a Foundation error dump.
    private static func createPrivateDirectory(_ directory: String) throws {
        guard !directory.isEmpty else { return }
        var info = stat()
        if stat(directory, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw FeedStoreDatabaseError(
                    operation: "create the database directory \(directory)", reason: "a file is in the way")
            }
            return
        }
        try createPrivateDirectory(directory.lastIndex(of: "/").map { String(directory[..<$0]) } ?? "")
        // chmod as well: the umask may take bits away from mkdir's mode.
        guard mkdir(directory, 0o700) == 0 || errno == EEXIST, chmod(directory, 0o700) == 0 else {
            throw FeedStoreDatabaseError(
                operation: "create the database directory \(directory)", reason: String(cString: strerror(errno)))
        }
    }
}
