import FeedEntities
import Foundation
import GRDB

/// `SyncStore`: subscriptions.
extension SQLiteFeedStore {
    public func syncFeeds() async throws -> [SyncFeed] {
        try await read("read the feeds to sync") { db in
            try Row.fetchAll(db, sql: """
                SELECT feed.id, feed.url, COALESCE(feed.custom_title, feed.title), feed.custom_title, feed.remote_id,
                       feed.remote_categories,
                       (SELECT group_concat(tag, char(31)) FROM feed_tag WHERE feed_tag.feed_id = feed.id)
                FROM feed WHERE feed.removed_at IS NULL ORDER BY feed.id
                """).map { row in
                SyncFeed(
                    id: row[0], url: row[1], title: row[2], customTitle: row[3],
                    tags: TagName.sorted((row[6] as String?).map { $0.split(separator: "\u{1F}").map(String.init) } ?? []),
                    remoteID: row[4], remoteCategories: Self.categories(fromJSON: row[5]))
            }
        }
    }

    public func applySubscriptions(_ subscriptions: [SyncSubscription], at date: Date) async throws -> SubscriptionsApplied {
        try await write("apply the service's subscriptions") { db in
            var applied = SubscriptionsApplied()
            let waiting = try Row.fetchAll(db, sql: "SELECT kind, feed_id, remote_id FROM sync_change WHERE item_id IS NULL")
            let unsubscribing = Set(waiting.filter { $0[0] == "unsubscribe" }.compactMap { $0[2] as String? })
            let retitling = Set(waiting.filter { $0[0] == "title" }.compactMap { $0[1] as Int64? })
            let retagging = Set(waiting.filter { $0[0] == "tags" }.compactMap { $0[1] as Int64? })
            let feeds = try Row.fetchAll(db, sql: """
                SELECT id, url, remote_id, removed_at IS NOT NULL, custom_title, title, remote_categories FROM feed
                """)
            var byRemoteID: [String: Row] = [:], byURL: [String: Row] = [:]
            for feed in feeds {
                if let remote = feed[2] as String? { byRemoteID[remote] = feed }
                byURL[feed[1]] = feed
            }
            for subscription in subscriptions where !unsubscribing.contains(subscription.remoteID) {
                if let feed = byRemoteID[subscription.remoteID], !(feed[3] as Bool) {
                    let id: Int64 = feed[0]
                    if try Self.update(
                        feedID: id, row: feed, to: subscription, title: !retitling.contains(id), tags: !retagging.contains(id), db)
                    {
                        applied.updated.append(id)
                    }
                } else if let feed = byURL[subscription.url], (feed[2] as String?) == nil || (feed[3] as Bool) {
                    let id: Int64 = feed[0]
                    // A feed unsubscribed from (starred items kept) comes back; a local feed of
                    // the same address becomes the subscription's, its items and state kept.
                    try db.execute(
                        sql: """
                            UPDATE feed SET remote_id = ?2, removed_at = NULL, next_check = NULL WHERE id = ?1
                            """,
                        arguments: [id, subscription.remoteID])
                    try Self.update(feedID: id, row: feed, to: subscription, title: false, tags: true, keepLocalTags: true, db)
                    try Self.unqueue(kind: .subscribe, feedID: id, db)
                    applied.linked.append(id)
                } else if byURL[subscription.url] == nil, let id = try Self.insertSyncedFeed(subscription, at: date, db) {
                    applied.added.append(id)
                }
            }
            let remoteIDs = Set(subscriptions.map(\.remoteID))
            for feed in feeds where !(feed[3] as Bool) {
                guard let remote = feed[2] as String?, !remoteIDs.contains(remote) else { continue }
                let id: Int64 = feed[0]
                // Unsubscribed elsewhere: starred items stay, as for an unsubscribe here.
                _ = try Self.removeFeed(id: id, keepStarred: true, db)
                try db.execute(sql: "DELETE FROM sync_change WHERE kind = 'unsubscribe' AND remote_id = ?", arguments: [remote])
                applied.removed.append(id)
            }
            try db.execute(
                sql: "UPDATE feed SET last_refreshed = ?, last_attempt = ?, last_error = NULL WHERE remote_id IS NOT NULL",
                arguments: [date.timeIntervalSince1970, date.timeIntervalSince1970])
            return applied
        }
    }

    public func linkFeed(id: Int64, to subscription: SyncSubscription) async throws {
        try await write("link feed \(id) to the service") { db in
            guard let feed = try Row.fetchOne(db, sql: """
                SELECT id, url, remote_id, removed_at IS NOT NULL, custom_title, title, remote_categories FROM feed
                WHERE id = ? AND removed_at IS NULL
                """, arguments: [id])
            else { return }
            // The service may know the subscription under another local feed already.
            try db.execute(
                sql: "UPDATE feed SET remote_id = NULL WHERE remote_id = ? AND id <> ?", arguments: [subscription.remoteID, id])
            try db.execute(sql: "UPDATE feed SET remote_id = ? WHERE id = ?", arguments: [subscription.remoteID, id])
            try Self.update(feedID: id, row: feed, to: subscription, title: false, tags: true, keepLocalTags: true, db)
            try Self.unqueue(kind: .subscribe, feedID: id, db)
        }
    }

    /// Gives a synced feed the service's title (`title`) and categories (`tags`): tags that
    /// were the service's categories last time and no longer are go, new ones come, the user's
    /// other tags stay. With `keepLocalTags`, no tag goes (a local feed joining the service).
    /// - Returns: whether anything the user sees changed.
    @discardableResult
    private static func update(
        feedID: Int64, row: Row, to subscription: SyncSubscription, title: Bool, tags: Bool, keepLocalTags: Bool = false,
        _ db: Database
    ) throws -> Bool {
        var changed = false
        if title, let serviceTitle = StoredText.title(subscription.title), !serviceTitle.isEmpty {
            let customTitle: String? = row[4]
            let documentTitle: String = row[5]
            if documentTitle != serviceTitle || (customTitle != nil && customTitle != serviceTitle) {
                try db.execute(
                    sql: "UPDATE feed SET title = ?2, custom_title = NULL WHERE id = ?1", arguments: [feedID, serviceTitle])
                try unqueue(kind: .title, feedID: feedID, db)
                changed = true
            }
        }
        if let siteLink = StoredText.link(subscription.siteLink) {
            try db.execute(sql: "UPDATE feed SET site_link = ? WHERE id = ? AND site_link IS NOT ?", arguments: [siteLink, feedID, siteLink])
        }
        let serviceTags = validTags(subscription.categories)
        if tags {
            let previous = Set(categories(fromJSON: row[6]).map { $0.lowercased() })
            let current = Set(serviceTags.map { $0.lowercased() })
            let local = try String.fetchAll(db, sql: "SELECT tag FROM feed_tag WHERE feed_id = ?", arguments: [feedID])
            let gone = keepLocalTags ? [] : local.filter { previous.contains($0.lowercased()) && !current.contains($0.lowercased()) }
            let present = Set(local.map { $0.lowercased() })
            let new = serviceTags.filter { !present.contains($0.lowercased()) }
            for tag in gone {
                try db.execute(sql: "DELETE FROM feed_tag WHERE feed_id = ? AND tag = ?", arguments: [feedID, tag])
            }
            try insertTags(new, feedID: feedID, db)
            if !gone.isEmpty || !new.isEmpty {
                try unqueue(kind: .tags, feedID: feedID, db)
                changed = true
            }
        }
        try db.execute(
            sql: "UPDATE feed SET remote_categories = ? WHERE id = ?", arguments: [categoriesJSON(serviceTags), feedID])
        return changed
    }

    /// Adds the feed of a subscription made elsewhere.
    /// - Returns: its number; `nil` when its address cannot be stored (too long, control characters).
    private static func insertSyncedFeed(_ subscription: SyncSubscription, at date: Date, _ db: Database) throws -> Int64? {
        guard let url = try? StoredText.feedURL(subscription.url) else { return nil }
        let categories = validTags(subscription.categories)
        try db.execute(
            sql: """
                INSERT INTO feed (url, title, site_link, subscribed_at, remote_id, remote_categories)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                url, StoredText.title(subscription.title) ?? url, StoredText.link(subscription.siteLink), date.timeIntervalSince1970,
                subscription.remoteID, categoriesJSON(categories),
            ])
        let id = db.lastInsertedRowID
        try insertTags(categories, feedID: id, db)
        try unqueue(kind: .tags, feedID: id, db)
        return id
    }

    /// The categories that can be tags (`TagName`): one with a comma, say, stays the service's.
    static func validTags(_ categories: [String]) -> [String] {
        categories.compactMap { try? TagName.validated([$0]).first }
    }

    static func categories(fromJSON json: String?) -> [String] {
        guard let json, let data = json.data(using: .utf8) else { return [] }
        return (try? JSONDecoder().decode([String].self, from: data)) ?? []
    }

    static func categoriesJSON(_ categories: [String]) -> String? {
        guard !categories.isEmpty, let data = try? JSONEncoder().encode(categories) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
