/// An item whose page is to be fetched for its article (`FeedStore.itemsAwaitingArticle`), with
/// what the last fetch of that page left.
public struct ArticleRequest: Sendable, Hashable {
    public var itemID: Int64
    /// The item's link: the page.
    public var link: String
    /// The validators of the page as last extracted, for a conditional GET; `nil` when there is
    /// no article to be unchanged from.
    public var etag: String?
    public var lastModified: String?
    /// Failed fetches of the page in a row.
    public var failures: Int

    public init(itemID: Int64, link: String, etag: String? = nil, lastModified: String? = nil, failures: Int = 0) {
        self.itemID = itemID
        self.link = link
        self.etag = etag
        self.lastModified = lastModified
        self.failures = failures
    }
}
