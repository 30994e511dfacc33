import FeedEntities

/// One saved view as the View shows it. Strings are unsanitised: the View cleans them.
public struct ViewRow: Equatable, Sendable {
    public var name: String
    public var query: String
    /// `config` or `stored` (`SavedView.Origin`).
    public var origin: String
    /// `nil` when the daemon did not count the view (a query it no longer reads).
    public var unread: Int?
    public var total: Int?

    public init(_ view: SavedView) {
        name = view.name
        query = view.query
        origin = view.origin.rawValue
        unread = view.counts?.unread
        total = view.counts?.total
    }
}
