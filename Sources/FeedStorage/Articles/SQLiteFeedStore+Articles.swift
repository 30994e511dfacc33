import FeedEntities
import Foundation
import GRDB

extension SQLiteFeedStore {
    /// Migration "v19": the articles extracted from items' pages (`full_text`, `show --full`).
    /// The article's HTML is kept compressed beside the feed's own, in `item.article` (a
    /// `StoredHTML` with the article as its content), so that the search index reads it as it
    /// reads `item.html`; what the fetch left (status, validators, failures) is `item_article`,
    /// deleted with its item. An item whose text changes in the feed (a refresh, a sync) marks
    /// its article `stale`: the page is fetched again, conditionally.
    @Sendable static func addArticles(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE item ADD COLUMN article BLOB;   -- StoredHTML (content: the article), compressed
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
            """)
        try searchArticles(db)
    }

    /// See `FeedStore.itemsAwaitingArticle`.
    public func itemsAwaitingArticle(feedID: Int64, now: Date, limit: Int) async throws -> [ArticleRequest] {
        try await read("read the items of feed \(feedID) awaiting their article") { db in
            // Unread items never fetched (newest first), then those whose fetch is due again.
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT item.id, item.link, a.etag, a.last_modified, a.failures FROM item
                    LEFT JOIN item_article a ON a.item_id = item.id
                    WHERE item.feed_id = ?1 AND item.is_hidden = 0 AND item.link IS NOT NULL
                      AND (item.link LIKE 'http://%' OR item.link LIKE 'https://%')
                      AND ((a.item_id IS NULL AND item.is_read = 0) OR a.stale = 1 OR a.retry_at <= ?2)
                    ORDER BY item.id DESC LIMIT ?3
                    """,
                arguments: [feedID, now.timeIntervalSince1970, limit])
            return rows.map { row in
                ArticleRequest(
                    itemID: row[0], link: row[1], etag: row[2], lastModified: row[3], failures: row[4] ?? 0)
            }
        }
    }

    /// See `FeedStore.articleRequest`.
    public func articleRequest(itemID: Int64) async throws -> ArticleRequest? {
        try await read("read the article of item \(itemID)") { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT item.link, a.etag, a.last_modified, a.failures, a.status FROM item
                    LEFT JOIN item_article a ON a.item_id = item.id WHERE item.id = ?
                    """,
                arguments: [itemID]
            ).flatMap { row in
                guard let link: String = row[0] else { return nil }
                // Validators only for a page whose article is kept.
                let extracted = (row[4] as String?) == ItemArticle.Status.extracted.rawValue
                return ArticleRequest(
                    itemID: itemID, link: link, etag: extracted ? row[1] : nil, lastModified: extracted ? row[2] : nil,
                    failures: row[3] ?? 0)
            }
        }
    }

    /// See `FeedStore.article`.
    public func article(itemID: Int64) async throws -> ItemArticle? {
        let compressor = compressor
        return try await read("read the article of item \(itemID)") { db in
            guard let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT a.status, a.url, a.title, a.byline, a.site_name, a.images, a.truncated, a.fetched_at,
                           a.extracted_at, a.error, a.retry_at, item.article
                    FROM item_article a JOIN item ON item.id = a.item_id WHERE a.item_id = ?
                    """,
                arguments: [itemID])
            else { return nil }
            let status = ItemArticle.Status(rawValue: row[0]) ?? .failed
            let html = try (row[11] as Data?).map { try compressor.decompress($0).content } ?? nil
            return ItemArticle(
                status: status, url: row[1], title: row[2], byline: row[3], siteName: row[4],
                html: status == .extracted ? html : nil,
                images: JSONColumnCoder().decode(String.self, from: row[5]), fetchedAt: Date(timeIntervalSince1970: row[7]),
                extractedAt: (row[8] as Double?).map(Date.init(timeIntervalSince1970:)), error: row[9],
                retryAt: (row[10] as Double?).map(Date.init(timeIntervalSince1970:)), truncated: row[6])
        }
    }

    /// See `FeedStore.storeArticle`.
    public func storeArticle(itemID: Int64, _ article: ItemArticle, etag: String?, lastModified: String?) async throws {
        let frame = article.status == .extracted ? compressor.compress(summary: nil, content: article.html) : nil
        try await write("store the article of item \(itemID)") { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM item WHERE id = ?", arguments: [itemID]) == true else {
                throw FeedStoreError.itemNotFound(itemID)
            }
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO item_article
                        (item_id, status, url, title, byline, site_name, images, truncated, etag, last_modified,
                         fetched_at, extracted_at, error, failures, retry_at, stale)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, NULL, 0)
                    """,
                arguments: [
                    itemID, article.status.rawValue, article.url, article.title, article.byline, article.siteName,
                    JSONColumnCoder().encode(article.images), article.truncated, etag, lastModified,
                    article.fetchedAt.timeIntervalSince1970, article.extractedAt?.timeIntervalSince1970, article.error,
                ])
            try db.execute(sql: "UPDATE item SET article = ? WHERE id = ?", arguments: [frame, itemID])
        }
    }

    /// See `FeedStore.recordArticleNotModified`.
    public func recordArticleNotModified(itemID: Int64, at date: Date) async throws {
        try await write("record the article of item \(itemID) unchanged") { db in
            try db.execute(
                sql: """
                    UPDATE item_article SET fetched_at = ?, error = NULL, failures = 0, retry_at = NULL, stale = 0
                    WHERE item_id = ?
                    """,
                arguments: [date.timeIntervalSince1970, itemID])
        }
    }

    /// See `FeedStore.recordArticleFailure`.
    public func recordArticleFailure(itemID: Int64, url: String, error: String, at date: Date, retryAt: Date?) async throws {
        try await write("record the failed fetch of item \(itemID)'s page") { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM item WHERE id = ?", arguments: [itemID]) == true else {
                throw FeedStoreError.itemNotFound(itemID)
            }
            // A kept article stays: the failure is noted beside it.
            try db.execute(
                sql: """
                    INSERT INTO item_article (item_id, status, url, fetched_at, error, failures, retry_at)
                    VALUES (?1, 'failed', ?2, ?3, ?4, 1, ?5)
                    ON CONFLICT (item_id) DO UPDATE SET
                        fetched_at = ?3, error = ?4, failures = failures + 1, retry_at = ?5, stale = 0,
                        url = CASE WHEN status = 'extracted' THEN url ELSE ?2 END
                    """,
                arguments: [itemID, url, date.timeIntervalSince1970, error, retryAt?.timeIntervalSince1970])
        }
    }

    /// Extracted articles kept, for `status`.
    func articleCount(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item_article WHERE status = 'extracted'") ?? 0
    }
}
