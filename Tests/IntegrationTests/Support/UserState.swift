import Foundation
import Testing

/// What the user made of their library, read from a database file with the sqlite3 tool: every
/// feed with its own title, tags and settings, every item's read and starred state and its
/// number. Taken before and after a fault, it tells whether anything acknowledged was lost.
struct UserState: Equatable, CustomStringConvertible {
    var feeds: String
    var tags: String
    var items: String

    /// The state of the database at `path` (read through its write-ahead log, as any reader).
    static func read(_ path: String) async throws -> UserState {
        UserState(
            feeds: try await ManyFeeds.sqlite3(
                path, "SELECT id, url, custom_title, settings, removed_at IS NULL FROM feed ORDER BY id;"),
            tags: try await ManyFeeds.sqlite3(path, "SELECT feed_id, tag FROM feed_tag ORDER BY feed_id, tag;"),
            items: try await ManyFeeds.sqlite3(
                path, "SELECT id, feed_id, key, is_read, is_starred FROM item ORDER BY id;"))
    }

    var description: String { "feeds:\n\(feeds)\ntags:\n\(tags)\nitems:\n\(items)" }
}
