import FeedEntities
import Foundation
import GRDB

extension SQLiteFeedStore {
    /// Migration "v15": each feed's own settings (`FeedSettings`) as their storage JSON; `NULL`
    /// when it has none, so that a feed without settings costs nothing.
    @Sendable static func addFeedSettings(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE feed ADD COLUMN settings TEXT")
    }

    /// See `FeedStore.changeSettings`.
    public func changeSettings(
        feedID: Int64, _ change: @escaping @Sendable (inout FeedSettings) throws -> Void
    ) async throws -> Feed {
        try await write("change the settings of feed \(feedID)") { db in
            guard var settings = try Self.fetchFeed(id: feedID, db)?.settings else { throw FeedStoreError.feedNotFound(feedID) }
            try change(&settings)
            try Self.storeSettings(settings, feedID: feedID, db)
            guard let feed = try Self.fetchFeed(id: feedID, db) else { throw FeedStoreError.feedNotFound(feedID) }
            return feed
        }
    }

    static func storeSettings(_ settings: FeedSettings, feedID: Int64, _ db: Database) throws {
        try db.cachedStatement(sql: "UPDATE feed SET settings = ? WHERE id = ?")
            .execute(arguments: [settings.isEmpty ? nil : settings.storageJSON(), feedID])
    }

    /// The settings of a `settings` column. A value that no longer reads (edited by hand) counts
    /// as no settings rather than making the feed unreadable.
    static func storedSettings(_ json: String?) -> FeedSettings {
        json.flatMap { try? FeedSettings(storageJSON: $0) } ?? FeedSettings()
    }
}
