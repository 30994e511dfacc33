import Foundation
import GRDB

extension SQLiteFeedStore {
    /// The search index (`item_fts`, FTS5) keeps no copy of the text it indexes: its content is
    /// the view `item_search`, which reads each item's words from its compressed HTML when FTS5
    /// asks (for a snippet or a highlight of the hits shown, and to forget an item's words).
    ///
    /// An item's words are its title (`title`) and the words of its summary and content
    /// (`body`, `searchBody`), made by two SQL functions every connection has
    /// (`addTextFunctions`): `item_search_text(html)` and `stored_html_same(a, b)`. FTS5
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
                SELECT id, COALESCE(title, ''), item_search_text(html) FROM item;
            CREATE VIRTUAL TABLE item_fts USING fts5(
                title, body, content = 'item_search', content_rowid = 'id',
                tokenize = 'unicode61 remove_diacritics 2');
            """)
        try createSearchTriggers(db)
    }

    private static func createSearchTriggers(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TRIGGER item_fts_delete AFTER DELETE ON item WHEN old.indexed = 1 BEGIN
                INSERT INTO item_fts (item_fts, rowid, title, body)
                VALUES ('delete', old.id, COALESCE(old.title, ''), item_search_text(old.html));
            END;
            CREATE TRIGGER item_fts_stale AFTER UPDATE OF title, html, indexed ON item
            WHEN old.indexed = 1 AND (new.indexed = 0 OR old.title IS NOT new.title
                                      OR NOT stored_html_same(old.html, new.html)) BEGIN
                INSERT INTO item_fts (item_fts, rowid, title, body)
                VALUES ('delete', old.id, COALESCE(old.title, ''), item_search_text(old.html));
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
        try createSearchTriggers(db)
    }

    /// The SQL functions the search index reads items' words through (see `createSearchIndex`).
    static func addTextFunctions(_ db: Database, text: HTMLText, compressor: TextCompressor) {
        db.add(function: DatabaseFunction("item_search_text", argumentCount: 1, pure: true) { values in
            guard let frame = Data.fromDatabaseValue(values[0]) else { return "" }
            return searchBody(of: try compressor.decompress(frame), words: text.words)
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
