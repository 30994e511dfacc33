/// The parts of miniflux's REST API (`/v1`) that sync reads, as its documentation names them.
enum MinifluxAPI {
    struct Category: Decodable {
        var id: Int64
        var title: String
    }

    struct Feed: Decodable {
        var id: Int64
        var title: String
        var feedURL: String
        var siteURL: String?
        var category: Category?

        enum CodingKeys: String, CodingKey {
            case id, title, category
            case feedURL = "feed_url"
            case siteURL = "site_url"
        }
    }

    struct Enclosure: Decodable {
        var url: String
        var mimeType: String?
        var size: Int64?

        enum CodingKeys: String, CodingKey {
            case url, size
            case mimeType = "mime_type"
        }
    }

    struct Entry: Decodable {
        var id: Int64
        var feedID: Int64
        var status: String
        var hash: String?
        var title: String?
        var url: String?
        var publishedAt: String?
        var changedAt: String?
        var content: String?
        var author: String?
        var starred: Bool
        var enclosures: [Enclosure]?
        var tags: [String]?

        enum CodingKeys: String, CodingKey {
            case id, status, hash, title, url, content, author, starred, enclosures, tags
            case feedID = "feed_id"
            case publishedAt = "published_at"
            case changedAt = "changed_at"
        }
    }

    struct Entries: Decodable {
        var total: Int
        var entries: [Entry]
    }

    struct CreatedFeed: Decodable {
        var feedID: Int64

        enum CodingKeys: String, CodingKey {
            case feedID = "feed_id"
        }
    }

    struct NewFeed: Encodable {
        var feedURL: String
        var categoryID: Int64?

        enum CodingKeys: String, CodingKey {
            case feedURL = "feed_url"
            case categoryID = "category_id"
        }
    }

    struct FeedChange: Encodable {
        var title: String?
        var categoryID: Int64?

        enum CodingKeys: String, CodingKey {
            case title
            case categoryID = "category_id"
        }
    }

    struct NewCategory: Encodable {
        var title: String
    }

    struct StatusChange: Encodable {
        var entryIDs: [Int64]
        var status: String

        enum CodingKeys: String, CodingKey {
            case status
            case entryIDs = "entry_ids"
        }
    }

    /// What an error answer says (`{"error_message": "…"}`).
    struct Failure: Decodable {
        var errorMessage: String

        enum CodingKeys: String, CodingKey {
            case errorMessage = "error_message"
        }
    }
}
