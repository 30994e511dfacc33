import Foundation

/// Changes to a `FakeSyncAccount`: what the fake servers do for a client, and what a test does
/// "as another device". Each throws `FakeSyncError` for a missing or conflicting thing and
/// changes nothing then.
extension FakeSyncAccount {
    // MARK: - Categories

    /// A new category; `conflict` if one has the same title.
    @discardableResult
    public func addCategory(_ title: String) throws -> FakeCategory {
        try change { state in
            guard !title.isEmpty else { throw FakeSyncError.invalid("The category title is mandatory.") }
            guard !state.categories.values.contains(where: { $0.title == title }) else {
                throw FakeSyncError.conflict("This category already exists.")
            }
            let category = FakeCategory(id: state.nextCategoryID, title: title)
            state.nextCategoryID += 1
            state.categories[category.id] = category
            return category
        }
    }

    /// Renames a category; `conflict` if another has that title.
    @discardableResult
    public func renameCategory(_ id: Int, to title: String, hideGlobally: Bool? = nil) throws -> FakeCategory {
        try change { state in
            var category = try state.categoryOrThrow(id)
            guard !title.isEmpty else { throw FakeSyncError.invalid("The category title is mandatory.") }
            guard !state.categories.values.contains(where: { $0.title == title && $0.id != id }) else {
                throw FakeSyncError.conflict("This category already exists.")
            }
            category.title = title
            if let hideGlobally { category.hideGlobally = hideGlobally }
            state.categories[id] = category
            return category
        }
    }

    /// Deletes a category with its feeds and their entries (miniflux's cascade).
    public func deleteCategory(_ id: Int) throws {
        try change { state in
            _ = try state.categoryOrThrow(id)
            for feed in state.feeds.values where feed.categoryID == id {
                state.removeFeed(feed.id)
            }
            state.categories[id] = nil
        }
    }

    /// Deletes a category, moving its feeds to the first other category (Google Reader's
    /// disable-tag); with no other category, the category stays.
    public func deleteCategoryKeepingFeeds(_ id: Int) throws {
        try change { state in
            _ = try state.categoryOrThrow(id)
            guard let destination = state.categories.keys.filter({ $0 != id }).min() else { return }
            for feed in state.feeds.values where feed.categoryID == id {
                state.feeds[feed.id]?.categoryID = destination
            }
            state.categories[id] = nil
        }
    }

    // MARK: - Feeds

    /// Subscribes to `url` in `categoryID` (the first category if nil). `invalid` for a URL that
    /// is not http(s), `conflict` for a URL already subscribed, `notFound` for the category.
    @discardableResult
    public func addFeed(url: String, title: String? = nil, siteURL: String? = nil, categoryID: Int? = nil) throws -> FakeFeed {
        try change { state in
            guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme?.lowercased() ?? ""),
                parsed.host?.isEmpty == false
            else { throw FakeSyncError.invalid("Invalid feed URL.") }
            guard !state.feeds.values.contains(where: { $0.feedURL == url }) else {
                throw FakeSyncError.conflict("This feed already exists.")
            }
            let category = categoryID ?? state.firstCategoryID
            guard state.categories[category] != nil else {
                throw FakeSyncError.invalid("This category does not exist or does not belong to this user.")
            }
            let host = parsed.host ?? url
            let feed = FakeFeed(
                id: state.nextFeedID, feedURL: url, siteURL: siteURL ?? "\(parsed.scheme ?? "https")://\(host)/",
                title: title ?? host, categoryID: category, checkedAt: now)
            state.nextFeedID += 1
            state.feeds[feed.id] = feed
            return feed
        }
    }

    /// Changes a feed's title, category or URL (nil or empty: unchanged, as miniflux's patch).
    @discardableResult
    public func updateFeed(_ id: Int, title: String? = nil, categoryID: Int? = nil, feedURL: String? = nil, siteURL: String? = nil) throws -> FakeFeed {
        try change { state in
            var feed = try state.feedOrThrow(id)
            if let categoryID, categoryID > 0 {
                guard state.categories[categoryID] != nil else {
                    throw FakeSyncError.invalid("This category does not exist or does not belong to this user.")
                }
                feed.categoryID = categoryID
            }
            if let feedURL, !feedURL.isEmpty {
                guard !state.feeds.values.contains(where: { $0.feedURL == feedURL && $0.id != id }) else {
                    throw FakeSyncError.conflict("This feed already exists.")
                }
                feed.feedURL = feedURL
            }
            if let title, !title.isEmpty { feed.title = title }
            if let siteURL, !siteURL.isEmpty { feed.siteURL = siteURL }
            state.feeds[id] = feed
            return feed
        }
    }

    /// Unsubscribes; the feed's entries go with it.
    public func deleteFeed(_ id: Int) throws {
        try change { state in
            _ = try state.feedOrThrow(id)
            state.removeFeed(id)
        }
    }

    // MARK: - Entries

    /// A new entry in `feedID`, as if the service had just fetched it. `content` is HTML; nil
    /// makes a few KB of realistic HTML from the title.
    @discardableResult
    public func addEntry(
        feedID: Int, title: String, url: String? = nil, content: String? = nil, author: String = "",
        publishedAt: Date? = nil, status: FakeEntry.Status = .unread, starred: Bool = false,
        enclosures: [FakeEntry.Enclosure] = [], tags: [String] = []
    ) throws -> FakeEntry {
        let created = now
        return try change { state in
            let feed = try state.feedOrThrow(feedID)
            let id = state.nextEntryID
            state.nextEntryID += 1
            let link = url ?? "\(feed.siteURL.hasSuffix("/") ? feed.siteURL : feed.siteURL + "/")articles/\(id)"
            let html = content ?? FakeSyncContent.article(title: title, seed: UInt64(id))
            var numbered = enclosures
            for index in numbered.indices {
                numbered[index].id = state.nextEnclosureID
                state.nextEnclosureID += 1
            }
            let entry = FakeEntry(
                id: id, feedID: feedID, status: status, starred: starred, hash: FakeSyncContent.hash(link),
                title: title, url: link, author: author, content: html,
                publishedAt: FakeSyncTime.truncated(publishedAt ?? created), createdAt: created, changedAt: created,
                readingTime: FakeSyncContent.readingTime(html), enclosures: numbered, tags: tags)
            state.entries[id] = entry
            return entry
        }
    }

    /// Sets the status of `ids` (those that exist); each one that changes gets `changedAt` now.
    /// Returns how many changed.
    @discardableResult
    public func setStatus(_ ids: [Int], to status: FakeEntry.Status) -> Int {
        set(\.status, to: status, on: ids)
    }

    /// Stars or unstars `ids`; each one that changes gets `changedAt` now. Returns how many changed.
    @discardableResult
    public func setStarred(_ ids: [Int], _ starred: Bool) -> Int {
        set(\.starred, to: starred, on: ids)
    }

    private func set<Value: Equatable>(_ field: WritableKeyPath<FakeEntry, Value>, to value: Value, on ids: [Int]) -> Int {
        let stamp = now
        return change { state in
            var changed = 0
            for id in ids where state.entries[id].map({ $0.status != .removed && $0[keyPath: field] != value }) == true {
                state.entries[id]?[keyPath: field] = value
                state.entries[id]?.changedAt = stamp
                changed += 1
            }
            return changed
        }
    }

    /// Flips the star of `id` (miniflux's bookmark toggle).
    public func toggleStarred(_ id: Int) throws {
        let stamp = now
        try change { state in
            guard let entry = state.entries[id], entry.status != .removed else {
                throw FakeSyncError.notFound("entry \(id) does not exist")
            }
            state.entries[id]?.starred = !entry.starred
            state.entries[id]?.changedAt = stamp
        }
    }

    /// Marks read every unread entry that `query` selects (its offset and limit ignored).
    /// Returns how many changed.
    @discardableResult
    public func markRead(matching query: FakeEntryQuery) -> Int {
        var all = query
        all.offset = 0
        all.limit = nil
        all.statuses = [.unread]
        let ids = entries(matching: all).entries.map(\.id)
        return setStatus(ids, to: .read)
    }
}

extension FakeSyncAccount.State {
    mutating func removeFeed(_ id: Int) {
        feeds[id] = nil
        entries = entries.filter { $0.value.feedID != id }
    }
}
