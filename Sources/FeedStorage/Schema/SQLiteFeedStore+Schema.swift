import FeedEntities
import GRDB

extension SQLiteFeedStore {
    /// The schema, as an append-only list of migrations.
    ///
    /// Never edit a registered migration: databases in the wild have already run it. Change the
    /// schema by appending "v2", "v3", ... GRDB records applied identifiers in `grdb_migrations`.
    /// - Parameters:
    ///   - text: how to read HTML: titles for v9 (`SQLiteFeedStore.htmlToText`), words for v17.
    ///   - compressor: compresses items' HTML in v17, and learns the dictionary trained there.
    static func migrator(text: HTMLText, compressor: TextCompressor) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1", migrate: createFeedsAndItems)
        migrator.registerMigration("v2", migrate: addFeedHealth)
        migrator.registerMigration("v3", migrate: addReadingWorkflow)
        migrator.registerMigration("v4", migrate: addItemTombstones)
        migrator.registerMigration("v5", migrate: addRules)  // SQLiteFeedStore+Rules.swift
        migrator.registerMigration("v6", migrate: addDuplicates)
        migrator.registerMigration("v7", migrate: indexHiddenUnread)
        migrator.registerMigration("v8", migrate: boundStoredText)  // SQLiteFeedStore+TextBounds.swift
        migrator.registerMigration("v9") { try titlesAsText($0, htmlToText: text.title) }  // SQLiteFeedStore+TitleText.swift
        migrator.registerMigration("v10", migrate: addRemovedFeeds)  // SQLiteFeedStore+Removal.swift
        migrator.registerMigration("v11", migrate: addReadingPosition)  // SQLiteFeedStore+ReadingPosition.swift
        migrator.registerMigration("v12", migrate: addListingPositionIndex)  // SQLiteFeedStore+Paging.swift
        migrator.registerMigration("v13", migrate: addFeedCounters)  // SQLiteFeedStore+FeedCounters.swift
        migrator.registerMigration("v14", migrate: countInsertsInTheWriter)  // SQLiteFeedStore+FeedCounters.swift
        migrator.registerMigration("v15", migrate: addFeedSettings)  // SQLiteFeedStore+FeedSettings.swift
        migrator.registerMigration("v16", migrate: addSync)  // SQLiteFeedStore+SyncSchema.swift
        migrator.registerMigration(compressionMigration) {  // SQLiteFeedStore+TextCompression.swift
            try compressItemText($0, text: text, compressor: compressor)
        }
        migrator.registerMigration("v18", migrate: listByTrustedDates)  // SQLiteFeedStore+TrustedDates.swift
        migrator.registerMigration("v19", migrate: addArticles)  // SQLiteFeedStore+Articles.swift
        migrator.registerMigration("v20", migrate: addSavedViews)  // SQLiteFeedStore+SavedViews.swift
        return migrator
    }

    /// The migrations, with HTML read as its own text: for their identifiers, and for tests
    /// that stop before v9.
    static var migrator: DatabaseMigrator { migrator(text: .verbatim, compressor: TextCompressor()) }

    /// The identifier of the newest migration, which a database this build has opened reports
    /// as its schema version.
    public static var latestSchemaVersion: String { migrator.migrations.last ?? "" }

    /// The expression listings sort on (newest first): the feed's date when it can be trusted,
    /// else first seen (`Item.displayDate`, whose rule it is). Indexes and queries must spell it
    /// exactly like this for SQLite to use the expression indexes below; migration v18
    /// (SQLiteFeedStore+TrustedDates.swift) rebuilt the indexes of earlier databases on it.
    static let sortDate = """
        CASE WHEN COALESCE(published, updated) BETWEEN \(Item.earliestTrustedDate) AND first_seen + \(Item.futureDateSkew) \
        THEN COALESCE(published, updated) ELSE first_seen END
        """

    /// Per-feed health and scheduling: the last HTTP status, failures in a row, the validators
    /// for conditional GETs, a permanent-redirect candidate, retirement on 410, the next check,
    /// and the update interval the feed announces (kept for the 304s that follow).
    @Sendable private static func addFeedHealth(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE feed ADD COLUMN http_status INTEGER;
            ALTER TABLE feed ADD COLUMN failures INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE feed ADD COLUMN etag TEXT;
            ALTER TABLE feed ADD COLUMN last_modified TEXT;
            ALTER TABLE feed ADD COLUMN moved_to TEXT;
            ALTER TABLE feed ADD COLUMN gone_since REAL;
            ALTER TABLE feed ADD COLUMN next_check REAL;
            ALTER TABLE feed ADD COLUMN update_hint REAL;
            """)
    }

    /// Tags and the user's own titles for feeds, starred items, and full-text search.
    ///
    /// The search index (`item_fts`, FTS5) holds each item's title and the plain text of its
    /// summary and content. It is filled after the fact (`indexPendingItems`), not by triggers:
    /// a refresh pass stores thousands of items and should not wait for their HTML to be reduced
    /// to text; `indexed = 0` marks items whose index row is missing or stale, and a search
    /// first brings the index up to date. Deleting an item (or its feed) deletes its row.
    ///
    /// The two global date indexes stay: without `item_by_date`, `list --all --limit 50` sorts
    /// every item; the new partial indexes are small (starred items, items not yet indexed).
    @Sendable private static func addReadingWorkflow(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE feed ADD COLUMN custom_title TEXT;
            CREATE TABLE feed_tag (
                feed_id INTEGER NOT NULL REFERENCES feed(id) ON DELETE CASCADE,
                tag     TEXT NOT NULL COLLATE NOCASE,
                PRIMARY KEY (feed_id, tag)
            ) WITHOUT ROWID;
            CREATE INDEX feed_tag_by_tag ON feed_tag (tag, feed_id);

            ALTER TABLE item ADD COLUMN is_starred INTEGER NOT NULL DEFAULT 0 CHECK (is_starred IN (0, 1));
            ALTER TABLE item ADD COLUMN indexed INTEGER NOT NULL DEFAULT 0 CHECK (indexed IN (0, 1));
            CREATE INDEX item_starred_by_date ON item (\(sortDate) DESC, id DESC) WHERE is_starred = 1;
            CREATE INDEX item_unindexed ON item (id) WHERE indexed = 0;

            CREATE VIRTUAL TABLE item_fts USING fts5(title, body, tokenize = 'unicode61 remove_diacritics 2');
            CREATE TRIGGER item_fts_delete AFTER DELETE ON item BEGIN
                DELETE FROM item_fts WHERE rowid = old.id;
            END;
            """)
    }

    /// The keys of items that retention deleted, per feed, so that a feed still listing them
    /// does not bring them back as new (see `SQLiteFeedStore.applyRetention`). `last_seen` is
    /// when a stored document last listed the key (or when it was deleted); `ItemWriter` drops
    /// tombstones that no document has listed for `tombstoneGrace`.
    @Sendable private static func addItemTombstones(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE item_tombstone (
                feed_id   INTEGER NOT NULL REFERENCES feed(id) ON DELETE CASCADE,
                key       TEXT NOT NULL,            -- ParsedItem.storeKey of the deleted item
                last_seen REAL NOT NULL,
                PRIMARY KEY (feed_id, key)
            ) WITHOUT ROWID;
            """)
    }

    @Sendable private static func createFeedsAndItems(_ db: Database) throws {
        // AUTOINCREMENT on both tables: a number the user has seen (`tidings open 42`,
        // `--feed 3`) never comes back as a different item or feed after a deletion.
        // Dates are REAL seconds since 1970.
        try db.execute(sql: """
            CREATE TABLE feed (
                id             INTEGER PRIMARY KEY AUTOINCREMENT,
                url            TEXT NOT NULL UNIQUE,
                title          TEXT NOT NULL,
                site_link      TEXT,
                subtitle       TEXT,
                subscribed_at  REAL NOT NULL,
                last_refreshed REAL,
                last_attempt   REAL,
                last_error     TEXT
            );

            CREATE TABLE item (
                id          INTEGER PRIMARY KEY AUTOINCREMENT,
                feed_id     INTEGER NOT NULL REFERENCES feed(id) ON DELETE CASCADE,
                key         TEXT NOT NULL,          -- ParsedItem.storeKey
                guid        TEXT,
                title       TEXT,
                link        TEXT,
                author      TEXT,
                published   REAL,
                updated     REAL,
                summary     TEXT,
                content     TEXT,
                categories  TEXT,                   -- JSON array of strings; NULL when empty
                enclosures  TEXT,                   -- JSON array of {url, type, length}; NULL when empty
                first_seen  REAL NOT NULL,
                is_read     INTEGER NOT NULL DEFAULT 0 CHECK (is_read IN (0, 1)),
                UNIQUE (feed_id, key)
            );

            -- `tidings list --all`: every item, newest first.
            CREATE INDEX item_by_date ON item (\(sortDate) DESC, id DESC);
            -- `tidings list`: unread items, newest first; partial, so it stays small.
            CREATE INDEX item_unread_by_date ON item (\(sortDate) DESC, id DESC) WHERE is_read = 0;
            -- Per-feed listings and the counters of `feeds()` (covering for the counters).
            CREATE INDEX item_by_feed ON item (feed_id, is_read, \(sortDate) DESC, id DESC);
            """)
    }
}
