import Foundation
import GRDB

extension SQLiteFeedStore {
    /// See `FeedStore.compactStoredText`: the items after the current dictionary's
    /// `recompressed_through`, in order of number, `limit` at a time, each compressed again
    /// only if another dictionary (or none) made its value. Up to the newest item: items
    /// prepared before the dictionary existed may be stored after it was.
    public func compactStoredText(limit: Int) async throws -> (examined: Int, rewritten: Int) {
        guard let dictionary = compressor.currentDictionary else { return (0, 0) }
        let (compressor, id) = (compressor, Int64(dictionary.id))
        return try await write("compress stored items again") { db in
            guard let through = try Int64.fetchOne(
                db, sql: "SELECT recompressed_through FROM compression_dictionary WHERE id = ?", arguments: [id])
            else { return (0, 0) }
            // Numbers first, then one item at a time, as the indexer does: a batch of
            // full-content items holds tens of megabytes of HTML.
            let ids = try Int64.fetchAll(
                db, sql: "SELECT id FROM item WHERE id > ? ORDER BY id LIMIT ?", arguments: [through, limit])
            guard let last = ids.last else { return (0, 0) }
            let session = compressor.makeSession()
            let read = try db.cachedStatement(sql: "SELECT html FROM item WHERE id = ?")
            let update = try db.cachedStatement(sql: "UPDATE item SET html = ? WHERE id = ?")
            var rewritten = 0
            for item in ids {
                guard let frame = try Data.fetchOne(read, arguments: [item]), TextCompressor.dictionaryID(of: frame) != UInt32(id)
                else { continue }
                try update.execute(arguments: [session.compress(session.decompress(frame)), item])
                rewritten += 1
            }
            try db.execute(sql: "UPDATE compression_dictionary SET recompressed_through = ? WHERE id = ?", arguments: [last, id])
            return (ids.count, rewritten)
        }
    }

    /// See `FeedStore.trainCompressionDictionary`.
    ///
    /// The samples are read in a read transaction and the training (a tenth of a second of CPU
    /// for 1,300 items) runs on no database connection, so refreshes and readers do not wait.
    /// One training at a time; a training that finds too little to learn from is tried again
    /// when the store has twice as many items.
    public func trainCompressionDictionary() async throws -> Bool {
        guard compressor.currentDictionary == nil else { return true }
        guard dictionaryTraining.withLock({ !$0.inFlight }) else { return false }
        let count = try await read("count the stored items") { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM item") ?? 0 }
        let due = dictionaryTraining.withLock { training in
            guard !training.inFlight, count >= Self.itemsBeforeDictionary, count >= 2 * training.attemptedAt else { return false }
            training = DictionaryTraining(attemptedAt: count, inFlight: true)
            return true
        }
        guard due else { return false }
        defer { dictionaryTraining.withLock { $0.inFlight = false } }
        let compressor = compressor
        let samples = try await read("read items to train a compression dictionary on") { db in
            try Self.samplePayloads(db, sql: """
                SELECT html FROM item
                WHERE id IN (SELECT id FROM item WHERE html IS NOT NULL ORDER BY random() LIMIT ?)
                """) { row in try compressor.decompress(row[0] as Data) }
        }
        guard samples.count >= Self.itemsBeforeDictionary / 2,
              let bytes = try await Self.offThePool({ TextCompressor.trainDictionary(samples: samples) }),
              let dictionary = CompressionDictionary(bytes: bytes, level: TextCompressor.level)
        else { return false }
        // Kept before it is used: a value compressed with a dictionary the database lacks
        // could never be read. What was stored before is compressed again (`compactStoredText`).
        try await write("store a compression dictionary") { db in
            try Self.storeDictionary(dictionary, recompressedThrough: 0, db)
        }
        compressor.use(dictionary)
        return true
    }

    /// Where dictionary training stands (`trainCompressionDictionary`).
    struct DictionaryTraining {
        /// How many items the store had at the last training.
        var attemptedAt = 0
        /// Whether a training runs now.
        var inFlight = false
    }
}
