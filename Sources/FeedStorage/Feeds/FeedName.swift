/// What a feed is named by: its number, URL and title (the user's, else the document's), as
/// `FeedStore.feedNames()` lists them for resolving a feed selector.
public struct FeedName: Sendable, Hashable {
    public var id: Int64
    public var url: String
    public var title: String

    public init(id: Int64, url: String, title: String) {
        self.id = id
        self.url = url
        self.title = title
    }
}
