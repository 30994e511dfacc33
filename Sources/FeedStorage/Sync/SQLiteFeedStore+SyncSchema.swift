import GRDB

extension SQLiteFeedStore {
    /// Migration "v16": sync with a reading service (`SyncStore`).
    ///
    /// - `sync_account`: the one account the store syncs with (`service` names it, so that the
    ///   remote ids below are never taken for another account's), whether syncing is on,
    ///   where the last sync stopped (`cursor`, the service adapter's own) and how it went.
    /// - `feed.remote_id`, `item.remote_id`: the service's ids of a synced feed and of an item
    ///   that came from the service. `feed.remote_categories`: the categories the service gave
    ///   the feed last (JSON), so that the tags the service cannot hold stay the user's.
    /// - `sync_change`: the durable queue of local changes the service has not been told yet,
    ///   one row per item and flag (or feed and change), written by triggers in the transaction
    ///   that makes the change, whichever path makes it (the CLI, the reader, a rule). A flag's
    ///   row keeps `base`, the state before its first change not yet pushed: what the service
    ///   had, unless it changed too. A row whose value returns to its base goes.
    @Sendable static func addSync(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE sync_account (
                id           INTEGER PRIMARY KEY CHECK (id = 1),
                service      TEXT NOT NULL,
                active       INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
                cursor       TEXT,
                last_sync    REAL,
                last_attempt REAL,
                last_error   TEXT,
                failures     INTEGER NOT NULL DEFAULT 0,
                next_attempt REAL
            );
            ALTER TABLE feed ADD COLUMN remote_id TEXT;
            ALTER TABLE feed ADD COLUMN remote_categories TEXT;
            CREATE UNIQUE INDEX feed_by_remote_id ON feed (remote_id) WHERE remote_id IS NOT NULL;
            ALTER TABLE item ADD COLUMN remote_id TEXT;
            CREATE UNIQUE INDEX item_by_remote_id ON item (remote_id) WHERE remote_id IS NOT NULL;
            CREATE TABLE sync_change (
                id           INTEGER PRIMARY KEY,
                kind         TEXT NOT NULL CHECK (kind IN ('read', 'starred', 'subscribe', 'unsubscribe', 'tags', 'title')),
                item_id      INTEGER REFERENCES item(id) ON DELETE SET NULL,
                feed_id      INTEGER REFERENCES feed(id) ON DELETE SET NULL,
                remote_id    TEXT,
                value        INTEGER,
                base         INTEGER,
                changed_at   REAL NOT NULL,
                attempts     INTEGER NOT NULL DEFAULT 0,
                next_attempt REAL,
                last_error   TEXT
            );
            CREATE UNIQUE INDEX sync_change_by_item ON sync_change (kind, item_id) WHERE item_id IS NOT NULL;
            CREATE UNIQUE INDEX sync_change_by_feed ON sync_change (kind, feed_id) WHERE feed_id IS NOT NULL AND item_id IS NULL;
            CREATE INDEX sync_change_by_remote_id ON sync_change (remote_id) WHERE remote_id IS NOT NULL;
            """)
        for (flag, column) in [("read", "is_read"), ("starred", "is_starred")] {
            try db.execute(sql: """
                CREATE TRIGGER item_\(flag)_to_sync AFTER UPDATE OF \(column) ON item
                WHEN NEW.remote_id IS NOT NULL AND NEW.\(column) IS NOT OLD.\(column)
                BEGIN
                    INSERT INTO sync_change (kind, item_id, remote_id, value, base, changed_at)
                    VALUES ('\(flag)', NEW.id, NEW.remote_id, NEW.\(column), OLD.\(column), \(now))
                    ON CONFLICT (kind, item_id) WHERE item_id IS NOT NULL
                    DO UPDATE SET value = excluded.value, changed_at = excluded.changed_at,
                                  attempts = 0, next_attempt = NULL, last_error = NULL;
                    DELETE FROM sync_change WHERE kind = '\(flag)' AND item_id = NEW.id AND value IS base;
                END;
                """)
        }
        try db.execute(sql: """
            CREATE TRIGGER feed_subscribed_to_sync AFTER INSERT ON feed
            WHEN NEW.remote_id IS NULL AND (NEW.url LIKE 'http://%' OR NEW.url LIKE 'https://%')
                 AND EXISTS (SELECT 1 FROM sync_account WHERE active = 1)
            BEGIN
                \(queueFeedChange("subscribe", feed: "NEW.id", remote: "NULL"))
            END;
            CREATE TRIGGER feed_resubscribed_to_sync AFTER UPDATE OF removed_at ON feed
            WHEN NEW.removed_at IS NULL AND OLD.removed_at IS NOT NULL AND NEW.remote_id IS NULL
                 AND (NEW.url LIKE 'http://%' OR NEW.url LIKE 'https://%')
                 AND EXISTS (SELECT 1 FROM sync_account WHERE active = 1)
            BEGIN
                \(queueFeedChange("subscribe", feed: "NEW.id", remote: "NULL"))
            END;
            CREATE TRIGGER feed_unsubscribed_to_sync AFTER UPDATE OF removed_at ON feed
            WHEN NEW.removed_at IS NOT NULL AND OLD.removed_at IS NULL AND NEW.remote_id IS NOT NULL
            BEGIN
                INSERT INTO sync_change (kind, remote_id, changed_at) VALUES ('unsubscribe', NEW.remote_id, \(now));
                DELETE FROM sync_change WHERE feed_id = NEW.id AND kind IN ('tags', 'title', 'subscribe');
                UPDATE feed SET remote_id = NULL, remote_categories = NULL WHERE id = NEW.id;
            END;
            CREATE TRIGGER feed_deleted_to_sync AFTER DELETE ON feed
            WHEN OLD.remote_id IS NOT NULL AND OLD.removed_at IS NULL
            BEGIN
                INSERT INTO sync_change (kind, remote_id, changed_at) VALUES ('unsubscribe', OLD.remote_id, \(now));
                DELETE FROM sync_change WHERE kind IN ('tags', 'title') AND remote_id = OLD.remote_id;
            END;
            CREATE TRIGGER feed_retitled_to_sync AFTER UPDATE OF custom_title ON feed
            WHEN NEW.remote_id IS NOT NULL AND NEW.custom_title IS NOT OLD.custom_title
            BEGIN
                \(queueFeedChange("title", feed: "NEW.id", remote: "NEW.remote_id"))
            END;
            CREATE TRIGGER feed_tagged_to_sync AFTER INSERT ON feed_tag
            WHEN (SELECT remote_id FROM feed WHERE id = NEW.feed_id AND removed_at IS NULL) IS NOT NULL
            BEGIN
                \(queueFeedChange("tags", feed: "NEW.feed_id", remote: "(SELECT remote_id FROM feed WHERE id = NEW.feed_id)"))
            END;
            CREATE TRIGGER feed_untagged_to_sync AFTER DELETE ON feed_tag
            WHEN (SELECT remote_id FROM feed WHERE id = OLD.feed_id AND removed_at IS NULL) IS NOT NULL
            BEGIN
                \(queueFeedChange("tags", feed: "OLD.feed_id", remote: "(SELECT remote_id FROM feed WHERE id = OLD.feed_id)"))
            END;
            """)
    }

    /// The time of a change, as the triggers record it: seconds since 1970, as `Date` counts.
    private static let now = "((julianday('now') - 2440587.5) * 86400.0)"

    /// Queues a change of a feed (one row per feed and kind: a later one renews its time).
    private static func queueFeedChange(_ kind: String, feed: String, remote: String) -> String {
        """
        INSERT INTO sync_change (kind, feed_id, remote_id, changed_at) VALUES ('\(kind)', \(feed), \(remote), \(now))
        ON CONFLICT (kind, feed_id) WHERE feed_id IS NOT NULL AND item_id IS NULL
        DO UPDATE SET changed_at = excluded.changed_at, attempts = 0, next_attempt = NULL, last_error = NULL;
        """
    }
}
