/// miniflux's API documents (internal/model: Entry, Feed, Category, Enclosure), encoded with
/// snake_case keys by `TestHTTPResponse.minifluxJSON`.
enum MinifluxJSON {
    struct Category: Encodable {
        var id: Int
        var title: String
        var userId: Int
        var hideGlobally: Bool
        var feedCount: Int?
        var totalUnread: Int?

        init(_ category: FakeCategory, userID: Int, feedCount: Int? = nil, totalUnread: Int? = nil) {
            id = category.id
            title = category.title
            userId = userID
            hideGlobally = category.hideGlobally
            self.feedCount = feedCount
            self.totalUnread = totalUnread
        }
    }

    struct Icon: Encodable {
        var feedId: Int
        var iconId: Int
    }

    struct Feed: Encodable {
        var id: Int
        var userId: Int
        var feedUrl: String
        var siteUrl: String
        var title: String
        var checkedAt: String
        var nextCheckAt: String
        var etagHeader = ""
        var lastModifiedHeader = ""
        var parsingErrorMessage = ""
        var parsingErrorCount = 0
        var scraperRules = ""
        var rewriteRules = ""
        var crawler = false
        var blocklistRules = ""
        var keeplistRules = ""
        var urlrewriteRules = ""
        var userAgent = ""
        var cookie = ""
        var username = ""
        var password = ""
        var disabled: Bool
        var noMediaPlayer = false
        var ignoreHttpCache = false
        var allowSelfSignedCertificates = false
        var fetchViaProxy = false
        var hideGlobally = false
        var appriseServiceUrls = ""
        var category: Category
        var icon: Icon

        init(_ feed: FakeFeed, category: FakeCategory, userID: Int) {
            id = feed.id
            userId = userID
            feedUrl = feed.feedURL
            siteUrl = feed.siteURL
            title = feed.title
            checkedAt = FakeSyncTime.rfc3339(feed.checkedAt)
            nextCheckAt = FakeSyncTime.rfc3339(feed.checkedAt.addingTimeInterval(3600))
            disabled = feed.disabled
            self.category = Category(category, userID: userID)
            icon = Icon(feedId: feed.id, iconId: 0)
        }
    }

    struct Enclosure: Encodable {
        var id: Int
        var userId: Int
        var entryId: Int
        var url: String
        var mimeType: String
        var size: Int
        var mediaProgression = 0
    }

    struct Entry: Encodable {
        var id: Int
        var userId: Int
        var feedId: Int
        var status: String
        var hash: String
        var title: String
        var url: String
        var commentsUrl: String
        var publishedAt: String
        var createdAt: String
        var changedAt: String
        var content: String
        var author: String
        var shareCode = ""
        var starred: Bool
        var readingTime: Int
        var enclosures: [Enclosure]
        var tags: [String]
        var feed: Feed

        init(_ entry: FakeEntry, feed: Feed) {
            id = entry.id
            userId = feed.userId
            feedId = entry.feedID
            status = entry.status.rawValue
            hash = entry.hash
            title = entry.title
            url = entry.url
            commentsUrl = entry.commentsURL
            publishedAt = FakeSyncTime.rfc3339(entry.publishedAt)
            createdAt = FakeSyncTime.rfc3339(entry.createdAt)
            changedAt = FakeSyncTime.rfc3339(entry.changedAt)
            content = entry.content
            author = entry.author
            starred = entry.starred
            readingTime = entry.readingTime
            enclosures = entry.enclosures.map {
                Enclosure(id: $0.id, userId: feed.userId, entryId: entry.id, url: $0.url, mimeType: $0.mimeType, size: $0.size)
            }
            tags = entry.tags
            self.feed = feed
        }
    }

    struct EntriesPage: Encodable {
        var total: Int
        var entries: [Entry]
    }

    struct ErrorMessage: Encodable {
        var errorMessage: String
    }

    struct FeedID: Encodable {
        var feedId: Int
    }
}
