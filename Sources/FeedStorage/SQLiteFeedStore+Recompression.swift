import Foundation
import GRDB

extension SQLiteFeedStore {
    /// See `FeedStore.compactStoredText`.
    ///
    /// A store without a dictionary trains one once it holds `itemsBeforeDictionary` items:
    /// the samples are read in a read transaction and the training (a second or so of CPU for
    /// 4,000 items) runs on no database connection, so refreshes and readers do not wait for it.
    /// A training that finds too little to learn from is tried again when the store has twice
    /// as many items.
    public func compactStoredText(limit: Int) async throws -> Int {
        if compressor.currentDictionary == nil { try await trainDictionaryIfDue() }
        guard let dictionary = compressor.currentDictionary else { return 0 }
        let (compressor, id) = (compressor, Int64(dictionary.id))
        return try await write("compress stored items again") { db in
            guard let range = try Row.fetchOne(
                db, sql: "SELECT recompressed_through, recompress_through FROM compression_dictionary WHERE id = ?",
                arguments: [id]),
                (range[0] as Int64) < range[1]
            else { return 0 }
            let rows = try Row.fetchAll(
                db, sql: "SELECT id, html FROM item WHERE id > ? AND id <= ? ORDER BY id LIMIT ?",
                arguments: [range[0] as Int64, range[1] as Int64, limit])
            let session = compressor.makeSession()
            let update = try db.cachedStatement(sql: "UPDATE item SET html = ? WHERE id = ?")
            var compressed = 0
            for row in rows {
                guard let frame = row[1] as Data?, TextCompressor.dictionaryID(of: frame) != UInt32(id) else { continue }
                try update.execute(arguments: [session.compress(session.decompress(frame)), row[0] as Int64])
                compressed += 1
            }
            let through: Int64 = rows.count < limit ? range[1] : rows.last?[0] ?? range[1]
            try db.execute(sql: "UPDATE compression_dictionary SET recompressed_through = ? WHERE id = ?", arguments: [through, id])
            // At least one, so that a caller looping until 0 goes on over a batch of items
            // that needed nothing.
            return max(compressed, through < range[1] ? 1 : 0)
        }
    }

    private func trainDictionaryIfDue() async throws {
        let count = try await read("count the stored items") { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item") ?? 0 }
        let due = dictionaryTraining.withLock { attemptedAt in
            guard count >= Self.itemsBeforeDictionary, count >= 2 * attemptedAt else { return false }
            attemptedAt = count
            return true
        }
        guard due else { return }
        let compressor = compressor
        let (samples, newest) = try await read("read items to train a compression dictionary on") { db in
            let samples = try Self.samplePayloads(db, sql: """
                SELECT html FROM item
                WHERE id IN (SELECT id FROM item WHERE html IS NOT NULL ORDER BY random() LIMIT ?)
                """) { row in try compressor.decompress(row[0]) }
            return (samples, try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM item") ?? 0)
        }
        guard samples.count >= Self.itemsBeforeDictionary / 2,
              let bytes = try await Self.offThePool({ TextCompressor.trainDictionary(samples: samples) }),
              let dictionary = CompressionDictionary(bytes: bytes, level: TextCompressor.level)
        else { return }
        try await write("store a compression dictionary") { db in
            try Self.storeDictionary(dictionary, recompressThrough: newest, db)
        }
        compressor.use(dictionary)
    }
}
