import Foundation
import GRDB

extension SQLiteFeedStore {
    /// The migration that compresses items' HTML and makes the search index keep no text.
    static let compressionMigration = "v17"

    /// Items a database needs before a dictionary is trained on them: fewer give zstd too
    /// little to find what items have in common.
    static let itemsBeforeDictionary = 1_000
    /// Items, and their bytes of HTML, that a dictionary is trained on at most: 1,300 items
    /// (3.3 MB) of the bench corpus trained as good a dictionary as 4,000 (zstd advises a
    /// hundred times the dictionary's size); more costs memory and time for little.
    static let dictionarySamples = (items: 2_000, bytes: 4 << 20)

    /// Items' summary and content become one compressed value, `item.html` (`TextCompressor`,
    /// `StoredHTML`), and the search index (`createSearchIndex`) stops keeping its own copy of
    /// their words: 76 MB per 10,000 items of the bench corpus, of which 26 MB were raw HTML
    /// and 27 MB the index's copy of the text. A database with enough items has a dictionary
    /// trained on them first, and every item is compressed with it. The index is emptied and
    /// every item marked for indexing again (the search indexer catches up after opening).
    @Sendable static func compressItemText(_ db: Database, text: HTMLText, compressor: TextCompressor) throws {
        try db.execute(sql: """
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
            ALTER TABLE item ADD COLUMN html BLOB;   -- StoredHTML, compressed (TextCompressor)
            DROP TRIGGER item_fts_delete;
            DROP TABLE item_fts;
            """)
        let samples = try samplePayloads(db, sql: """
            SELECT summary, content FROM item
            WHERE id IN (SELECT id FROM item WHERE summary IS NOT NULL OR content IS NOT NULL ORDER BY random() LIMIT ?)
            """) { row in StoredHTML(summary: row[0], content: row[1]) }
        let newest = try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM item") ?? 0
        if let dictionary = try trainDictionary(samples: samples, recompressedThrough: newest, db) {
            compressor.use(dictionary)
        }
        let session = compressor.makeSession()
        let read = try db.makeStatement(sql: "SELECT summary, content FROM item WHERE id = ?")
        let update = try db.makeStatement(sql: "UPDATE item SET html = ? WHERE id = ?")
        var last: Int64 = 0
        while true {
            // Numbers first, then one item at a time: full-content items can hold megabytes each.
            let ids = try Int64.fetchAll(db, sql: "SELECT id FROM item WHERE id > ? ORDER BY id LIMIT 1000", arguments: [last])
            guard let lastID = ids.last else { break }
            for id in ids {
                guard let row = try Row.fetchOne(read, arguments: [id]),
                      let html = session.compress(StoredHTML(summary: row[0], content: row[1]))
                else { continue }
                try update.execute(arguments: [html, id])
            }
            last = lastID
        }
        try db.execute(sql: """
            ALTER TABLE item DROP COLUMN summary;
            ALTER TABLE item DROP COLUMN content;
            UPDATE item SET indexed = 0 WHERE indexed = 1;
            """)
        try createSearchIndex(db)
        try db.execute(
            sql: "INSERT INTO store_setting (name, value) VALUES ('search_words_version', ?)", arguments: [text.wordsVersion])
    }

    /// After migrating: the compressor learns the database's dictionaries; an index made with
    /// other words than `text.words` gives now is rebuilt (`resetSearchIndex`); and when
    /// `compactFile`, the file is rewritten without the pages the compression freed (VACUUM).
    static func settleStoredText(_ writer: any DatabaseWriter, text: HTMLText, compressor: TextCompressor, compactFile: Bool) throws {
        try loadDictionaries(writer, into: compressor)
        try writer.write { db in
            let version = try Int.fetchOne(db, sql: "SELECT value FROM store_setting WHERE name = 'search_words_version'")
            guard version != text.wordsVersion else { return }
            try resetSearchIndex(db)
            try db.execute(
                sql: "INSERT OR REPLACE INTO store_setting (name, value) VALUES ('search_words_version', ?)",
                arguments: [text.wordsVersion])
        }
        if compactFile {
            try writer.writeWithoutTransaction { try $0.execute(sql: "VACUUM") }
        }
    }

    /// Makes the database's dictionaries known to `compressor`, the newest current.
    static func loadDictionaries(_ reader: any DatabaseReader, into compressor: TextCompressor) throws {
        let stored = try reader.read { db in
            try Data.fetchAll(db, sql: "SELECT dictionary FROM compression_dictionary ORDER BY created_at, rowid")
        }
        compressor.replaceDictionaries(with: stored.compactMap { CompressionDictionary(bytes: $0, level: TextCompressor.level) })
    }

    /// Up to `dictionarySamples` payloads, from a query taking the number of items as its one
    /// argument.
    static func samplePayloads(_ db: Database, sql: String, payload: (Row) throws -> StoredHTML) throws -> [[UInt8]] {
        var samples: [[UInt8]] = []
        var bytes = 0
        let rows = try Row.fetchCursor(db, sql: sql, arguments: [dictionarySamples.items])
        while let row = try rows.next(), bytes < dictionarySamples.bytes {
            let sample = try payload(row).payload
            bytes += sample.count
            samples.append(sample)
        }
        return samples
    }

    /// A dictionary trained on `samples`, stored in the database, or `nil` when there is too
    /// little to train on.
    static func trainDictionary(samples: [[UInt8]], recompressedThrough: Int64, _ db: Database) throws -> CompressionDictionary? {
        guard samples.count >= itemsBeforeDictionary / 2,
              let bytes = TextCompressor.trainDictionary(samples: samples),
              let dictionary = CompressionDictionary(bytes: bytes, level: TextCompressor.level)
        else { return nil }
        try storeDictionary(dictionary, recompressedThrough: recompressedThrough, db)
        return dictionary
    }

    /// Keeps `dictionary`; the items after `recompressedThrough` are to be compressed again
    /// with it (`compactStoredText`).
    static func storeDictionary(_ dictionary: CompressionDictionary, recompressedThrough: Int64, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO compression_dictionary (id, dictionary, created_at, recompressed_through)
                VALUES (?, ?, ?, ?)
                """,
            arguments: [Int64(dictionary.id), dictionary.bytes, Date().timeIntervalSince1970, recompressedThrough])
    }
}
