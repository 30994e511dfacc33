import Foundation

/// An article of a `FakeSyncAccount`, with the state a sync moves both ways: `status` and
/// `starred`, and `changedAt`, which every change of either sets to now (as miniflux does).
public struct FakeEntry: Sendable, Equatable {
    /// miniflux's entry statuses; `removed` entries are hidden from every listing.
    public enum Status: String, Sendable, CaseIterable {
        case unread, read, removed
    }

    /// A podcast episode, an image: miniflux's enclosure.
    public struct Enclosure: Sendable, Equatable {
        public var id: Int
        public var url: String
        public var mimeType: String
        public var size: Int

        public init(id: Int = 0, url: String, mimeType: String, size: Int = 0) {
            self.id = id
            self.url = url
            self.mimeType = mimeType
            self.size = size
        }
    }

    public var id: Int
    public var feedID: Int
    public var status: Status
    public var starred: Bool
    /// miniflux's dedup key: a hash of the item's GUID (here: of its URL).
    public var hash: String
    public var title: String
    public var url: String
    public var commentsURL: String
    public var author: String
    /// HTML.
    public var content: String
    public var publishedAt: Date
    public var createdAt: Date
    public var changedAt: Date
    public var readingTime: Int
    public var enclosures: [Enclosure]
    public var tags: [String]

    public init(
        id: Int, feedID: Int, status: Status = .unread, starred: Bool = false, hash: String = "", title: String,
        url: String, commentsURL: String = "", author: String = "", content: String, publishedAt: Date,
        createdAt: Date, changedAt: Date, readingTime: Int = 1, enclosures: [Enclosure] = [], tags: [String] = []
    ) {
        self.id = id
        self.feedID = feedID
        self.status = status
        self.starred = starred
        self.hash = hash
        self.title = title
        self.url = url
        self.commentsURL = commentsURL
        self.author = author
        self.content = content
        self.publishedAt = publishedAt
        self.createdAt = createdAt
        self.changedAt = changedAt
        self.readingTime = readingTime
        self.enclosures = enclosures
        self.tags = tags
    }
}
