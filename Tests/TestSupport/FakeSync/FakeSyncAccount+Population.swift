import Foundation

/// Bulk data for benchmarks and paging tests, and changes "as another device" in bulk. The same
/// arguments give the same categories, feeds, entries and states on every run. Populated entries
/// were created and last changed a minute after they were published, as on a server that has
/// run for a while; feeds' check times and later changes follow the clock.
extension FakeSyncAccount {
    private static let categoryTitles = [
        "Technology", "Science", "World", "Programming", "Design", "Music", "Cooking", "Sport", "Podcasts", "Local",
    ]
    /// Published dates count back from here, one entry every few minutes.
    private static let newestPublished = Date(timeIntervalSince1970: 1_735_689_600)  // 2025-01-01T00:00:00Z
    /// Distinct article bodies the entries share (each entry still has its own title paragraph):
    /// generating 20,000 different bodies would take longer than the benchmark they serve.
    private static let bodyCount = 256

    /// Adds `feeds` feeds in up to 10 categories and `entries` entries spread over them, with
    /// about 60% read and 3% starred. Call it on a fresh account.
    public func populate(feeds feedCount: Int, entries entryCount: Int, seed: UInt64 = 1) {
        var generator = SplitMix64(seed: seed)
        let bodies = (0..<Swift.min(Self.bodyCount, Swift.max(entryCount, 1))).map {
            FakeSyncContent.article(title: "", seed: seed &* 1_000_003 &+ UInt64($0))
        }
        let stamp = now
        change { state in
            let categoryIDs = Self.categoryTitles.prefix(Swift.max(1, Swift.min(10, feedCount))).map { title in
                if let existing = state.categories.values.first(where: { $0.title == title }) { return existing.id }
                let category = FakeCategory(id: state.nextCategoryID, title: title)
                state.nextCategoryID += 1
                state.categories[category.id] = category
                return category.id
            }
            var feedIDs: [Int] = []
            for index in 0..<feedCount {
                let id = state.nextFeedID
                state.nextFeedID += 1
                let host = "feed\(index + 1).example.com"
                state.feeds[id] = FakeFeed(
                    id: id, feedURL: "https://\(host)/feed.xml", siteURL: "https://\(host)/",
                    title: FakeSyncContent.title(seed: seed &+ UInt64(index) &* 7919),
                    categoryID: categoryIDs[index % categoryIDs.count], checkedAt: stamp)
                feedIDs.append(id)
            }
            guard !feedIDs.isEmpty else { return }
            for index in 0..<entryCount {
                let feedID = feedIDs[Int(generator.next() % UInt64(feedIDs.count))]
                let published = Self.newestPublished.addingTimeInterval(-Double(entryCount - index) * 180)
                let read = index < entryCount * 4 / 10 ? generator.next() % 10 < 9 : generator.next() % 10 < 3
                let episode = generator.next() % 20 == 0
                state.insertEntry(
                    feedID: feedID, title: FakeSyncContent.title(seed: seed &* 31 &+ UInt64(index)),
                    body: bodies[index % bodies.count], published: published, stamp: published.addingTimeInterval(60),
                    status: read ? .read : .unread, starred: generator.next() % 33 == 0, episode: episode)
            }
        }
    }

    /// What `simulateChanges` did.
    public struct ChangeCounts: Sendable, Equatable, Codable {
        public var new: Int
        public var read: Int
        public var starred: Int
    }

    /// Another device's activity: `new` entries arrive (in existing feeds), `read` unread
    /// entries are marked read and `star` unstarred entries starred (the oldest first, so
    /// repeated calls keep finding some). Returns how many of each happened.
    @discardableResult
    public func simulateChanges(new: Int, read: Int, star: Int, seed: UInt64 = 1) -> ChangeCounts {
        let stamp = now
        return change { state in
            var generator = SplitMix64(seed: seed &+ UInt64(state.nextEntryID))
            let feedIDs = state.feeds.keys.sorted()
            var added = 0
            if !feedIDs.isEmpty {
                for _ in 0..<new {
                    let id = state.nextEntryID
                    state.insertEntry(
                        feedID: feedIDs[Int(generator.next() % UInt64(feedIDs.count))],
                        title: FakeSyncContent.title(seed: UInt64(id) &* 131),
                        body: FakeSyncContent.article(title: "", seed: UInt64(id)), published: stamp, stamp: stamp,
                        status: .unread, starred: false, episode: false)
                    added += 1
                }
            }
            let unread = state.entries.values.filter { $0.status == .unread }.map(\.id).sorted().prefix(read)
            for id in unread {
                state.entries[id]?.status = .read
                state.entries[id]?.changedAt = stamp
            }
            let unstarred = state.entries.values.filter { !$0.starred && $0.status != .removed }.map(\.id).sorted().prefix(star)
            for id in unstarred {
                state.entries[id]?.starred = true
                state.entries[id]?.changedAt = stamp
            }
            return ChangeCounts(new: added, read: unread.count, starred: unstarred.count)
        }
    }
}

extension FakeSyncAccount.State {
    /// Adds an entry whose HTML is a title paragraph and `body`.
    mutating func insertEntry(
        feedID: Int, title: String, body: String, published: Date, stamp: Date, status: FakeEntry.Status,
        starred: Bool, episode: Bool
    ) {
        let id = nextEntryID
        nextEntryID += 1
        let site = feeds[feedID]?.siteURL ?? "https://example.com/"
        let url = "\(site)posts/\(id)"
        var enclosures: [FakeEntry.Enclosure] = []
        if episode {
            enclosures.append(FakeEntry.Enclosure(
                id: nextEnclosureID, url: "\(site)media/episode-\(id).mp3", mimeType: "audio/mpeg", size: 24_000_000))
            nextEnclosureID += 1
        }
        let content = "<p><strong>\(FakeSyncContent.escape(title))</strong></p>\n" + body
        entries[id] = FakeEntry(
            id: id, feedID: feedID, status: status, starred: starred, hash: FakeSyncContent.hash(url), title: title,
            url: url, commentsURL: "\(url)#comments", author: "Author \(id % 37)", content: content,
            publishedAt: published, createdAt: stamp, changedAt: stamp,
            readingTime: FakeSyncContent.readingTime(content), enclosures: enclosures)
    }
}
