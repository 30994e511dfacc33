@testable import FeedStorage
import FeedParsing
import Foundation
import GRDB

/// Changes to a running daemon's database that the sqlite3 shell cannot make: the search index
/// reads items' words through SQL functions only the daemon's store has (`item_search_text`),
/// so marking items for indexing again (whose triggers tell the index their old words) needs
/// them. A second connection beside the daemon's, in WAL mode like it.
enum DaemonDatabase {
    /// How the daemon reads HTML (`HTMLTitleText.reading` in FeedDaemon), for the words only.
    static let text = HTMLText(
        title: { $0 }, words: { HTMLPlainText.text(ofHTML: $0, limit: 32_768) }, wordsVersion: HTMLPlainText.version)

    /// Runs `sql` on the database at `path` with the store's SQL functions and dictionaries.
    static func execute(_ path: String, _ sql: String) throws {
        let compressor = TextCompressor()
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in SQLiteFeedStore.addTextFunctions(db, text: text, compressor: compressor) }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        try SQLiteFeedStore.loadDictionaries(queue, into: compressor)
        try queue.writeWithoutTransaction { db in try db.execute(sql: sql) }
    }
}
