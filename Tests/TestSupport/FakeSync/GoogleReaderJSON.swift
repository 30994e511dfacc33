/// The Google Reader API's documents as FreshRSS and miniflux write them (miniflux
/// internal/googlereader/response.go); camelCase keys as encoded.
enum GoogleReaderJSON {
    struct Login: Encodable {
        var SID: String
        var LSID: String
        var Auth: String
    }

    struct UserInfo: Encodable {
        var userId: String
        var userName: String
        var userProfileId: String
        var userEmail: String
    }

    struct Tag: Encodable {
        var id: String
        var label: String?
        var type: String?
    }

    struct Subscription: Encodable {
        var id: String
        var title: String
        var categories: [Tag]
        var url: String
        var htmlUrl: String
        var iconUrl: String
    }

    struct Subscriptions: Encodable {
        var subscriptions: [Subscription]
    }

    struct Tags: Encodable {
        var tags: [Tag]
    }

    struct QuickAdd: Encodable {
        var numResults: Int
        var query: String?
        var streamId: String?
        var streamName: String?
    }

    struct ItemRef: Encodable {
        var id: String
        var timestampUsec: String
    }

    struct ItemRefs: Encodable {
        var itemRefs: [ItemRef]
        /// The offset of the next page, as a string; absent on the last page.
        var continuation: String?
    }

    struct Href: Encodable {
        var href: String
    }

    struct TypedHref: Encodable {
        var href: String
        var type: String
    }

    struct Content: Encodable {
        var direction = "ltr"
        var content: String
    }

    struct Origin: Encodable {
        var streamId: String
        var title: String
        var htmlUrl: String
    }

    struct Enclosure: Encodable {
        var url: String
        var type: String
    }

    struct Item: Encodable {
        var id: String
        var categories: [String]
        var title: String
        var crawlTimeMsec: String
        var timestampUsec: String
        var published: Int64
        var updated: Int64
        var author: String
        var alternate: [TypedHref]
        var summary: Content
        var content: Content
        var origin: Origin
        var enclosure: [Enclosure]
        var canonical: [Href]
    }

    struct Stream: Encodable {
        var direction = "ltr"
        var id: String
        var title: String
        var author: String
        var `self`: [Href]
        var alternate: [TypedHref]
        var updated: Int64
        var items: [Item]
        var continuation: String?
    }
}
