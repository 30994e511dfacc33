-- The schema of a new Tidings database after every migration (SQLiteFeedStore+Schema.swift),
-- in the order the migrations made it. Generated: SchemaDocumentTests checks it, and
-- TIDINGS_WRITE_SCHEMA=1 swift test --filter SchemaDocumentTests writes it again.

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
, http_status INTEGER, failures INTEGER NOT NULL DEFAULT 0, etag TEXT, last_modified TEXT, moved_to TEXT, gone_since REAL, next_check REAL, update_hint REAL, custom_title TEXT, removed_at REAL, list_title TEXT, item_count INTEGER NOT NULL DEFAULT 0, unread_count INTEGER NOT NULL DEFAULT 0, settings TEXT, remote_id TEXT, remote_categories TEXT);

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
    categories  TEXT,                   -- JSON array of strings; NULL when empty
    enclosures  TEXT,                   -- JSON array of {url, type, length}; NULL when empty
    first_seen  REAL NOT NULL,
    is_read     INTEGER NOT NULL DEFAULT 0 CHECK (is_read IN (0, 1)), is_starred INTEGER NOT NULL DEFAULT 0 CHECK (is_starred IN (0, 1)), indexed INTEGER NOT NULL DEFAULT 0 CHECK (indexed IN (0, 1)), is_hidden INTEGER NOT NULL DEFAULT 0 CHECK (is_hidden IN (0, 1)), canonical_link TEXT, duplicate_of INTEGER REFERENCES item(id) ON DELETE SET NULL, remote_id TEXT, html BLOB, article BLOB,
    UNIQUE (feed_id, key)
);

CREATE INDEX item_by_date ON item (CASE WHEN COALESCE(published, updated) BETWEEN 788918400.0 AND first_seen + 600.0 THEN COALESCE(published, updated) ELSE first_seen END DESC, id DESC);

CREATE INDEX item_unread_by_date ON item (CASE WHEN COALESCE(published, updated) BETWEEN 788918400.0 AND first_seen + 600.0 THEN COALESCE(published, updated) ELSE first_seen END DESC, id DESC) WHERE is_read = 0;

CREATE INDEX item_by_feed ON item (feed_id, is_read, CASE WHEN COALESCE(published, updated) BETWEEN 788918400.0 AND first_seen + 600.0 THEN COALESCE(published, updated) ELSE first_seen END DESC, id DESC);

CREATE TABLE feed_tag (
    feed_id INTEGER NOT NULL REFERENCES feed(id) ON DELETE CASCADE,
    tag     TEXT NOT NULL COLLATE NOCASE,
    PRIMARY KEY (feed_id, tag)
) WITHOUT ROWID;

CREATE INDEX feed_tag_by_tag ON feed_tag (tag, feed_id);

CREATE INDEX item_starred_by_date ON item (CASE WHEN COALESCE(published, updated) BETWEEN 788918400.0 AND first_seen + 600.0 THEN COALESCE(published, updated) ELSE first_seen END DESC, id DESC) WHERE is_starred = 1;

CREATE INDEX item_unindexed ON item (id) WHERE indexed = 0;

CREATE TABLE item_tombstone (
    feed_id   INTEGER NOT NULL REFERENCES feed(id) ON DELETE CASCADE,
    key       TEXT NOT NULL,            -- ParsedItem.storeKey of the deleted item
    last_seen REAL NOT NULL,
    PRIMARY KEY (feed_id, key)
) WITHOUT ROWID;

CREATE INDEX item_hidden ON item (id) WHERE is_hidden = 1;

CREATE TABLE item_tag (
    item_id INTEGER NOT NULL REFERENCES item(id) ON DELETE CASCADE,
    tag     TEXT NOT NULL COLLATE NOCASE,
    PRIMARY KEY (item_id, tag)
) WITHOUT ROWID;

CREATE INDEX item_tag_by_tag ON item_tag (tag, item_id);

CREATE TABLE rule_stat (
    name    TEXT PRIMARY KEY,
    matched INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;

CREATE INDEX item_by_canonical_link ON item (canonical_link) WHERE canonical_link IS NOT NULL;

CREATE INDEX item_by_guid ON item (guid) WHERE guid IS NOT NULL;

CREATE INDEX item_duplicates ON item (duplicate_of) WHERE duplicate_of IS NOT NULL;

CREATE TABLE reading_position (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    item_id INTEGER REFERENCES item(id) ON DELETE SET NULL
);

CREATE INDEX item_listed_by_date ON item (CASE WHEN COALESCE(published, updated) BETWEEN 788918400.0 AND first_seen + 600.0 THEN COALESCE(published, updated) ELSE first_seen END DESC, id DESC, is_read, is_starred, feed_id)
    WHERE is_hidden = 0 AND duplicate_of IS NULL;

CREATE TRIGGER feed_counters_delete AFTER DELETE ON item BEGIN
    UPDATE feed SET item_count = item_count - 1, unread_count = unread_count - (OLD.is_read = 0 AND OLD.is_hidden = 0)
    WHERE id = OLD.feed_id;
END;

CREATE TRIGGER feed_counters_state AFTER UPDATE OF is_read, is_hidden ON item
WHEN NEW.feed_id = OLD.feed_id AND (NEW.is_read = 0 AND NEW.is_hidden = 0) <> (OLD.is_read = 0 AND OLD.is_hidden = 0) BEGIN
    UPDATE feed SET unread_count = unread_count + (NEW.is_read = 0 AND NEW.is_hidden = 0) - (OLD.is_read = 0 AND OLD.is_hidden = 0)
    WHERE id = NEW.feed_id;
END;

CREATE TRIGGER feed_counters_move AFTER UPDATE OF feed_id ON item
WHEN NEW.feed_id <> OLD.feed_id BEGIN
    UPDATE feed SET item_count = item_count - 1, unread_count = unread_count - (OLD.is_read = 0 AND OLD.is_hidden = 0)
    WHERE id = OLD.feed_id;
    UPDATE feed SET item_count = item_count + 1, unread_count = unread_count + (NEW.is_read = 0 AND NEW.is_hidden = 0)
    WHERE id = NEW.feed_id;
END;

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

CREATE UNIQUE INDEX feed_by_remote_id ON feed (remote_id) WHERE remote_id IS NOT NULL;

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

CREATE TRIGGER item_read_to_sync AFTER UPDATE OF is_read ON item
WHEN NEW.remote_id IS NOT NULL AND NEW.is_read IS NOT OLD.is_read
BEGIN
    INSERT INTO sync_change (kind, item_id, remote_id, value, base, changed_at)
    VALUES ('read', NEW.id, NEW.remote_id, NEW.is_read, OLD.is_read, ((julianday('now') - 2440587.5) * 86400.0))
    ON CONFLICT (kind, item_id) WHERE item_id IS NOT NULL
    DO UPDATE SET value = excluded.value, changed_at = excluded.changed_at,
                  attempts = 0, next_attempt = NULL, last_error = NULL;
    DELETE FROM sync_change WHERE kind = 'read' AND item_id = NEW.id AND value IS base;
END;

CREATE TRIGGER item_starred_to_sync AFTER UPDATE OF is_starred ON item
WHEN NEW.remote_id IS NOT NULL AND NEW.is_starred IS NOT OLD.is_starred
BEGIN
    INSERT INTO sync_change (kind, item_id, remote_id, value, base, changed_at)
    VALUES ('starred', NEW.id, NEW.remote_id, NEW.is_starred, OLD.is_starred, ((julianday('now') - 2440587.5) * 86400.0))
    ON CONFLICT (kind, item_id) WHERE item_id IS NOT NULL
    DO UPDATE SET value = excluded.value, changed_at = excluded.changed_at,
                  attempts = 0, next_attempt = NULL, last_error = NULL;
    DELETE FROM sync_change WHERE kind = 'starred' AND item_id = NEW.id AND value IS base;
END;

CREATE TRIGGER feed_subscribed_to_sync AFTER INSERT ON feed
WHEN NEW.remote_id IS NULL AND (NEW.url LIKE 'http://%' OR NEW.url LIKE 'https://%')
     AND EXISTS (SELECT 1 FROM sync_account WHERE active = 1)
BEGIN
    INSERT INTO sync_change (kind, feed_id, remote_id, changed_at) VALUES ('subscribe', NEW.id, NULL, ((julianday('now') - 2440587.5) * 86400.0))
ON CONFLICT (kind, feed_id) WHERE feed_id IS NOT NULL AND item_id IS NULL
DO UPDATE SET changed_at = excluded.changed_at, attempts = 0, next_attempt = NULL, last_error = NULL;
END;

CREATE TRIGGER feed_resubscribed_to_sync AFTER UPDATE OF removed_at ON feed
WHEN NEW.removed_at IS NULL AND OLD.removed_at IS NOT NULL AND NEW.remote_id IS NULL
     AND (NEW.url LIKE 'http://%' OR NEW.url LIKE 'https://%')
     AND EXISTS (SELECT 1 FROM sync_account WHERE active = 1)
BEGIN
    INSERT INTO sync_change (kind, feed_id, remote_id, changed_at) VALUES ('subscribe', NEW.id, NULL, ((julianday('now') - 2440587.5) * 86400.0))
ON CONFLICT (kind, feed_id) WHERE feed_id IS NOT NULL AND item_id IS NULL
DO UPDATE SET changed_at = excluded.changed_at, attempts = 0, next_attempt = NULL, last_error = NULL;
END;

CREATE TRIGGER feed_unsubscribed_to_sync AFTER UPDATE OF removed_at ON feed
WHEN NEW.removed_at IS NOT NULL AND OLD.removed_at IS NULL AND NEW.remote_id IS NOT NULL
BEGIN
    INSERT INTO sync_change (kind, remote_id, changed_at) VALUES ('unsubscribe', NEW.remote_id, ((julianday('now') - 2440587.5) * 86400.0));
    DELETE FROM sync_change WHERE feed_id = NEW.id AND kind IN ('tags', 'title', 'subscribe');
    UPDATE feed SET remote_id = NULL, remote_categories = NULL WHERE id = NEW.id;
END;

CREATE TRIGGER feed_deleted_to_sync AFTER DELETE ON feed
WHEN OLD.remote_id IS NOT NULL AND OLD.removed_at IS NULL
BEGIN
    INSERT INTO sync_change (kind, remote_id, changed_at) VALUES ('unsubscribe', OLD.remote_id, ((julianday('now') - 2440587.5) * 86400.0));
    DELETE FROM sync_change WHERE kind IN ('tags', 'title') AND remote_id = OLD.remote_id;
END;

CREATE TRIGGER feed_retitled_to_sync AFTER UPDATE OF custom_title ON feed
WHEN NEW.remote_id IS NOT NULL AND NEW.custom_title IS NOT OLD.custom_title
BEGIN
    INSERT INTO sync_change (kind, feed_id, remote_id, changed_at) VALUES ('title', NEW.id, NEW.remote_id, ((julianday('now') - 2440587.5) * 86400.0))
ON CONFLICT (kind, feed_id) WHERE feed_id IS NOT NULL AND item_id IS NULL
DO UPDATE SET changed_at = excluded.changed_at, attempts = 0, next_attempt = NULL, last_error = NULL;
END;

CREATE TRIGGER feed_tagged_to_sync AFTER INSERT ON feed_tag
WHEN (SELECT remote_id FROM feed WHERE id = NEW.feed_id AND removed_at IS NULL) IS NOT NULL
BEGIN
    INSERT INTO sync_change (kind, feed_id, remote_id, changed_at) VALUES ('tags', NEW.feed_id, (SELECT remote_id FROM feed WHERE id = NEW.feed_id), ((julianday('now') - 2440587.5) * 86400.0))
ON CONFLICT (kind, feed_id) WHERE feed_id IS NOT NULL AND item_id IS NULL
DO UPDATE SET changed_at = excluded.changed_at, attempts = 0, next_attempt = NULL, last_error = NULL;
END;

CREATE TRIGGER feed_untagged_to_sync AFTER DELETE ON feed_tag
WHEN (SELECT remote_id FROM feed WHERE id = OLD.feed_id AND removed_at IS NULL) IS NOT NULL
BEGIN
    INSERT INTO sync_change (kind, feed_id, remote_id, changed_at) VALUES ('tags', OLD.feed_id, (SELECT remote_id FROM feed WHERE id = OLD.feed_id), ((julianday('now') - 2440587.5) * 86400.0))
ON CONFLICT (kind, feed_id) WHERE feed_id IS NOT NULL AND item_id IS NULL
DO UPDATE SET changed_at = excluded.changed_at, attempts = 0, next_attempt = NULL, last_error = NULL;
END;

CREATE TABLE compression_dictionary (
    id                   INTEGER PRIMARY KEY,   -- zstd's id, which frames name
    dictionary           BLOB NOT NULL,
    created_at           REAL NOT NULL,
    -- Items up to this number are compressed with it (or need nothing).
    recompressed_through INTEGER NOT NULL
);

CREATE TABLE store_setting (
    name  TEXT PRIMARY KEY,
    value
) WITHOUT ROWID;

CREATE VIRTUAL TABLE item_fts USING fts5(
    title, body, content = 'item_search', content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 2');

CREATE TABLE item_article (
    item_id       INTEGER PRIMARY KEY REFERENCES item(id) ON DELETE CASCADE,
    status        TEXT NOT NULL CHECK (status IN ('extracted', 'noArticle', 'failed')),
    url           TEXT NOT NULL,        -- the page after redirects
    title         TEXT,
    byline        TEXT,
    site_name     TEXT,
    images        TEXT,                 -- JSON array of URLs; NULL when none
    truncated     INTEGER NOT NULL DEFAULT 0 CHECK (truncated IN (0, 1)),
    etag          TEXT,
    last_modified TEXT,
    fetched_at    REAL NOT NULL,
    extracted_at  REAL,
    error         TEXT,
    failures      INTEGER NOT NULL DEFAULT 0,
    retry_at      REAL,
    stale         INTEGER NOT NULL DEFAULT 0 CHECK (stale IN (0, 1))
);

CREATE INDEX item_article_due ON item_article (item_id) WHERE stale = 1 OR retry_at IS NOT NULL;

CREATE TRIGGER item_article_stale AFTER UPDATE OF html ON item
WHEN NOT stored_html_same(old.html, new.html) BEGIN
    UPDATE item_article SET stale = 1 WHERE item_id = new.id AND stale = 0;
END;

CREATE VIEW item_search (id, title, body) AS
    SELECT id, COALESCE(title, ''), item_search_body(html, article) FROM item;

CREATE TRIGGER item_fts_delete AFTER DELETE ON item WHEN old.indexed = 1 BEGIN
    INSERT INTO item_fts (item_fts, rowid, title, body)
    VALUES ('delete', old.id, COALESCE(old.title, ''), item_search_body(old.html, old.article));
END;

CREATE TRIGGER item_fts_stale AFTER UPDATE OF title, html, article, indexed ON item
WHEN old.indexed = 1 AND (new.indexed = 0 OR old.title IS NOT new.title
                          OR NOT stored_html_same(old.html, new.html) OR NOT stored_html_same(old.article, new.article)) BEGIN
    INSERT INTO item_fts (item_fts, rowid, title, body)
    VALUES ('delete', old.id, COALESCE(old.title, ''), item_search_body(old.html, old.article));
    UPDATE item SET indexed = 0 WHERE id = new.id;
END;

CREATE TABLE saved_view (
    id         INTEGER PRIMARY KEY,
    key        TEXT NOT NULL UNIQUE,   -- the name, lowercased
    name       TEXT NOT NULL,
    query      TEXT NOT NULL,          -- ItemFilter, as written
    created_at REAL NOT NULL
);
