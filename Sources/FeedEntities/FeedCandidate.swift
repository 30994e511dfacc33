/// A feed a web page announces with `<link rel="alternate">`.
public struct FeedCandidate: Sendable, Hashable, Codable {
    /// Absolute `http` or `https` URL of the feed.
    public var url: String
    /// The link's `title`, as the site names the feed ("Comments", "Podcast"); `nil` when absent.
    public var title: String?
    /// The announced media type, lowercased and without parameters (`application/rss+xml`).
    public var type: String

    public init(url: String, title: String?, type: String) {
        self.url = url
        self.title = title
        self.type = type
    }
}
