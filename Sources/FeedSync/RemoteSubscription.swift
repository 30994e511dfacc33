/// A subscription of the account on the service.
public struct RemoteSubscription: Sendable, Hashable {
    /// The service's id for it (miniflux's feed id, Google Reader's `feed/…` stream id, tt-rss's
    /// feed id), as text.
    public var id: String
    /// The feed's address.
    public var url: String
    public var title: String
    public var siteLink: String?
    /// Category or label names, in the service's order; empty when it has none.
    public var categories: [String]

    public init(id: String, url: String, title: String, siteLink: String? = nil, categories: [String] = []) {
        self.id = id
        self.url = url
        self.title = title
        self.siteLink = siteLink
        self.categories = categories
    }
}
