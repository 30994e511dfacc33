/// The parts of Tiny Tiny RSS's JSON API (`/api/`, API level 15 and later) that sync reads.
/// Every answer is `{"seq": …, "status": 0 or 1, "content": …}`; status 1 carries
/// `content.error`.
enum TinyTinyRSSAPI {
    /// `feed_id` of every article, and of the starred ones.
    static let allArticles = -4
    static let starredArticles = -1
    /// `cat_id` of every feed outside the special categories.
    static let allFeeds = -3
    /// Headlines per call: the API gives no more.
    static let pageSize = 200

    struct Envelope<Content: Decodable>: Decodable {
        var status: Int
        var content: Content?
    }

    /// An answer's status, whatever its content.
    struct Status: Decodable {
        var status: Int
    }

    struct Failure: Decodable {
        var error: String?
    }

    struct Session: Decodable {
        var sessionID: String

        enum CodingKeys: String, CodingKey {
            case sessionID = "session_id"
        }
    }

    struct Category: Decodable {
        var id: FlexibleInt
        var title: String
    }

    struct Feed: Decodable {
        var id: FlexibleInt
        var title: String?
        var feedURL: String
        var catID: FlexibleInt?

        enum CodingKeys: String, CodingKey {
            case id, title
            case feedURL = "feed_url"
            case catID = "cat_id"
        }
    }

    struct SubscribeStatus: Decodable {
        var code: Int
        var message: String?
        var feedID: FlexibleInt?

        enum CodingKeys: String, CodingKey {
            case code, message
            case feedID = "feed_id"
        }
    }

    struct Subscribed: Decodable {
        var status: SubscribeStatus
    }

    struct Attachment: Decodable {
        var contentURL: String?
        var contentType: String?

        enum CodingKeys: String, CodingKey {
            case contentURL = "content_url"
            case contentType = "content_type"
        }
    }

    struct Headline: Decodable {
        var id: FlexibleInt
        var guid: String?
        var unread: Bool
        var marked: Bool
        var updated: Int64?
        var title: String?
        var link: String?
        var feedID: FlexibleInt?
        var content: String?
        var author: String?
        var attachments: [Attachment]?

        enum CodingKeys: String, CodingKey {
            case id, guid, unread, marked, updated, title, link, content, author, attachments
            case feedID = "feed_id"
        }
    }

    /// A number the API sends as a JSON number or as a string, depending on the call and the
    /// version.
    struct FlexibleInt: Decodable, Hashable {
        var value: Int64

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int64.self) {
                value = number
            } else if let text = try? container.decode(String.self), let number = Int64(text) {
                value = number
            } else {
                throw DecodingError.typeMismatch(Int64.self, .init(codingPath: decoder.codingPath, debugDescription: "not a number"))
            }
        }
    }
}
