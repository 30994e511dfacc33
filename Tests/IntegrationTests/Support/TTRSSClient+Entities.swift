/// What `TTRSSClient` sends and reads: the parts of tt-rss's answers the tests look at.
extension TTRSSClient {
    /// A category (`getCategories`).
    struct Category: Decodable, Sendable, Equatable {
        let id: Int
        let title: String
        let unread: Int
    }

    /// A feed (`getFeeds`); the special feeds of category -4 have no URL.
    struct Feed: Decodable, Sendable, Equatable {
        let id: Int
        let title: String
        let feedURL: String?
        let unread: Int
        let categoryID: Int
        /// When it was last fetched (Unix time), whether or not that worked.
        let lastUpdated: Int?

        enum CodingKeys: String, CodingKey {
            case id, title, unread
            case feedURL = "feed_url", categoryID = "cat_id", lastUpdated = "last_updated"
        }
    }

    /// An article, as `getHeadlines` and `getArticle` list it. `content` comes with
    /// `getArticle`, and with `getHeadlines` when asked for.
    struct Article: Decodable, Sendable, Equatable {
        let id: Int
        let title: String
        let link: String
        let unread: Bool
        /// Starred.
        let marked: Bool
        let published: Bool
        /// Its date (Unix time).
        let updated: Int
        let feedID: Int
        let feedTitle: String?
        let author: String?
        let content: String?

        enum CodingKeys: String, CodingKey {
            case id, title, link, unread, marked, published, updated, author, content
            case feedID = "feed_id", feedTitle = "feed_title"
        }
    }

    /// Which articles `getHeadlines` lists.
    enum ViewMode: String, Sendable {
        case allArticles = "all_articles"
        case unread, adaptive, marked, updated
    }

    /// The field `updateArticle` changes.
    enum ArticleField: Int, Sendable {
        case starred = 0, published = 1, unread = 2, note = 3
    }

    /// What `updateArticle` sets a field to.
    enum UpdateMode: Int, Sendable {
        case off = 0, on = 1, toggle = 2
    }

    /// A parameter of an API call.
    enum Parameter: Encodable, Sendable {
        case string(String)
        case int(Int)
        case bool(Bool)

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let value): try container.encode(value)
            case .int(let value): try container.encode(value)
            case .bool(let value): try container.encode(value)
            }
        }
    }
}
