import Foundation
import GRDB

extension SQLiteFeedStore {
    /// The search index (`item_fts`, FTS5) keeps no copy of the text it indexes: its content is
    /// the view `item_search`, which reads each item's words from its compressed HTML when FTS5
    /// asks (for a snippet or a highlight of the hits shown, and to forget an item's words).
    ///
    /// An item's words are its title (`title`) and the words of its summary and content, then
    /// of the article extracted from its page if any (`body`, `searchBody`), made by SQL
    /// functions every connection has (`addTextFunctions`): `item_search_body(html, article)`
    /// (`item_search_text(html)` before migration v19) and `stored_html_same(a, b)`. FTS5
    /// forgets an item's words only when told them again exactly, so the triggers below tell
    /// it the old words whenever an indexed item is deleted, or changes its title or text, or
    /// is marked for indexing again: all of that in the statement that makes the change,
    /// whatever makes it. `indexPendingItems` indexes items marked `indexed = 0`.
    ///
    /// A database opened in the sqlite3 shell has no such functions: it can query the index
    /// (`MATCH`), but not delete items or show snippets.
    static func createSearchIndex(_ db: Database) throws {
        try db.execute(sql: """
            CREATE VIEW item_search (id, title, body) AS
                SELECT id, COALESCE(title, ''), \(IndexedText.feed.body("")) FROM item;
            CREATE VIRTUAL TABLE item_fts USING fts5(
                title, body, content = 'item_search', content_rowid = 'id',
                tokenize = 'unicode61 remove_diacritics 2');
            """)
        try createSearchTriggers(db, .feed)
    }

    /// Migration v19's part: the view and the triggers read the article beside the feed's
    /// text. The index stays valid: no item has an article yet, and `item_search_body(html,
    /// NULL)` gives the very words `item_search_text(html)` gave.
    static func searchArticles(_ db: Database) throws {
        try db.execute(sql: """
            DROP TRIGGER item_fts_delete;
            DROP TRIGGER item_fts_stale;
            DROP VIEW item_search;
            CREATE VIEW item_search (id, title, body) AS
                SELECT id, COALESCE(title, ''), \(IndexedText.feedAndArticle.body("")) FROM item;
            """)
        try createSearchTriggers(db, .feedAndArticle)
    }

    /// What an item's indexed words are made of, as the view and the triggers spell it.
    private enum IndexedText {
        /// The feed's summary and content (migrations v17 and v18).
        case feed
        /// Those, then the extracted article (v19 on).
        case feedAndArticle

        /// The SQL of the words of the row `row` (`""` or `"old."`).
        func body(_ row: String) -> String {
            switch self {
            case .feed: "item_search_text(\(row)html)"
            case .feedAndArticle: "item_search_body(\(row)html, \(row)article)"
            }
        }

        /// The columns whose change makes an item's words stale, and the test that they changed.
        var watched: (columns: String, changed: String) {
            switch self {
            case .feed: ("title, html, indexed", "NOT stored_html_same(old.html, new.html)")
            case .feedAndArticle:
                ("title, html, article, indexed",
                 "NOT stored_html_same(old.html, new.html) OR NOT stored_html_same(old.article, new.article)")
            }
        }
    }

    private static func createSearchTriggers(_ db: Database, _ text: IndexedText) throws {
        let old = text.body("old.")
        try db.execute(sql: """
            CREATE TRIGGER item_fts_delete AFTER DELETE ON item WHEN old.indexed = 1 BEGIN
                INSERT INTO item_fts (item_fts, rowid, title, body)
                VALUES ('delete', old.id, COALESCE(old.title, ''), \(old));
            END;
            CREATE TRIGGER item_fts_stale AFTER UPDATE OF \(text.watched.columns) ON item
            WHEN old.indexed = 1 AND (new.indexed = 0 OR old.title IS NOT new.title
                                      OR \(text.watched.changed)) BEGIN
                INSERT INTO item_fts (item_fts, rowid, title, body)
                VALUES ('delete', old.id, COALESCE(old.title, ''), \(old));
                UPDATE item SET indexed = 0 WHERE id = new.id;
            END;
            """)
    }

    /// Empties the index and marks every item for indexing again, without telling FTS5 any
    /// item's words (the triggers are off meanwhile): for an index made from other words than
    /// `item_search` gives now.
    static func resetSearchIndex(_ db: Database) throws {
        try db.execute(sql: """
            DROP TRIGGER IF EXISTS item_fts_delete;
            DROP TRIGGER IF EXISTS item_fts_stale;
            UPDATE item SET indexed = 0 WHERE indexed = 1;
            INSERT INTO item_fts (item_fts) VALUES ('delete-all');
            """)
        try createSearchTriggers(db, .feedAndArticle)
    }

    /// The SQL functions the search index reads items' words through (see `createSearchIndex`).
    static func addTextFunctions(_ db: Database, text: HTMLText, compressor: TextCompressor) {
        db.add(function: DatabaseFunction("item_search_text", argumentCount: 1, pure: true) { values in
            guard let frame = Data.fromDatabaseValue(values[0]) else { return "" }
            return searchBody(of: try compressor.decompress(frame), words: text.words)
        })
        db.add(function: DatabaseFunction("item_search_body", argumentCount: 2, pure: true) { values in
            let session = compressor.makeSession()
            let feed = try Data.fromDatabaseValue(values[0]).map { searchBody(of: try session.decompress($0), words: text.words) } ?? ""
            guard let article = Data.fromDatabaseValue(values[1]) else { return feed }
            let words = searchBody(of: try session.decompress(article), words: text.words)
            return feed.isEmpty ? words : words.isEmpty ? feed : feed + " " + words
        })
        db.add(function: DatabaseFunction("stored_html_same", argumentCount: 2, pure: true) { values in
            if values[0] == values[1] { return true }
            guard let first = Data.fromDatabaseValue(values[0]), let second = Data.fromDatabaseValue(values[1]) else {
                return false
            }
            // The same text compressed with another dictionary (`recompressPendingItems`).
            let session = compressor.makeSession()
            return try session.decompress(first) == session.decompress(second)
        })
    }

    /// Longest text of one item the index holds (UTF-8 bytes of its summary and content); the
    /// rest of a very long article is not searched.
    static let indexedTextLimit = 32_768

    /// The words of an item's summary and content as the index holds them: the summary's, then
    /// the content's without a start that repeats the summary (feeds often do), at most
    /// `indexedTextLimit` bytes.
    static func searchBody(of html: StoredHTML, words: (String) -> String) -> String {
        let summary = html.summary.map(words) ?? ""
        var content = html.content.map(words) ?? ""
        // Bytes, not characters: counting characters of long texts was a tenth of the indexing.
        if !summary.isEmpty, content.utf8.starts(with: summary.utf8) {
            content = String(decoding: content.utf8.dropFirst(summary.utf8.count), as: UTF8.self)
        }
        var body = summary.isEmpty ? content : content.isEmpty ? summary : summary + " " + content
        if body.utf8.count > indexedTextLimit {
            // A cut inside a character leaves one replacement character at the end: harmless here.
            body = String(decoding: body.utf8.prefix(indexedTextLimit), as: UTF8.self)
        }
        return body
    }
}
