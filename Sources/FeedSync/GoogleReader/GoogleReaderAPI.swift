/// The parts of the Google Reader API (as FreshRSS, miniflux, Inoreader and The Old Reader
/// serve it) that sync reads.
enum GoogleReaderAPI {
    static let readingList = "user/-/state/com.google/reading-list"
    static let read = "user/-/state/com.google/read"
    static let starred = "user/-/state/com.google/starred"
    static let labelPrefix = "user/-/label/"

    struct Label: Decodable {
        var id: String
        var label: String?

        /// The label's name: `label`, else the end of `user/…/label/NAME`.
        var name: String {
            if let label, !label.isEmpty { return label }
            guard let range = id.range(of: "/label/") else { return id }
            return String(id[range.upperBound...])
        }
    }

    struct Subscription: Decodable {
        var id: String
        var title: String?
        var categories: [Label]?
        var url: String?
        var htmlUrl: String?
    }

    struct SubscriptionList: Decodable {
        var subscriptions: [Subscription]
    }

    struct QuickAdd: Decodable {
        var numResults: Int?
        var streamId: String?
        var error: String?
    }

    struct ItemRef: Decodable {
        var id: String
    }

    struct ItemIDs: Decodable {
        var itemRefs: [ItemRef]?
        var continuation: String?
    }

    struct Link: Decodable {
        var href: String
        var type: String?
        var length: String?
    }

    /// An enclosure: FreshRSS writes `href` (as links are), miniflux `url`, and `length` as a
    /// string or a number.
    struct Enclosure: Decodable {
        var href: String?
        var type: String?
        var length: Int64?

        private enum CodingKeys: String, CodingKey { case href, url, type, length }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            href = try container.decodeIfPresent(String.self, forKey: .href) ?? container.decodeIfPresent(String.self, forKey: .url)
            type = try container.decodeIfPresent(String.self, forKey: .type)
            length = (try? container.decodeIfPresent(Int64.self, forKey: .length))
                ?? (try? container.decodeIfPresent(String.self, forKey: .length)).flatMap { Int64($0) }
        }
    }

    struct Text: Decodable {
        var content: String?
    }

    struct Origin: Decodable {
        var streamId: String?
    }

    struct Item: Decodable {
        var id: String
        var title: String?
        var published: Int64?
        var updated: Int64?
        var timestampUsec: String?
        var crawlTimeMsec: String?
        var canonical: [Link]?
        var alternate: [Link]?
        var summary: Text?
        var content: Text?
        var author: String?
        var origin: Origin?
        var categories: [String]?
        var enclosure: [Enclosure]?
    }

    struct Contents: Decodable {
        var items: [Item]
    }
}
