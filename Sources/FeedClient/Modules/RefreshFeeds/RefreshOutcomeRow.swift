/// What one feed's refresh did, as `refresh --json` writes it. Strings are unsanitised: the
/// View cleans them.
public struct RefreshOutcomeRow: Equatable, Sendable {
    /// The feed's number, as `tidings feeds` shows it.
    public var feedNumber: Int64
    public var title: String
    /// The URL fetched (the new one when the feed moved in this refresh).
    public var url: String
    /// Items stored for the first time.
    public var newItems: Int
    /// Why the refresh failed; `nil` on success.
    public var error: String?
    /// The server answered `304 Not Modified`.
    public var notModified: Bool
    /// The URL the feed moved to for good in this refresh.
    public var movedTo: String?
    /// The server answered `410 Gone`: the feed is kept and no longer fetched.
    public var gone: Bool

    public init(
        feedNumber: Int64, title: String, url: String, newItems: Int, error: String?, notModified: Bool,
        movedTo: String?, gone: Bool
    ) {
        self.feedNumber = feedNumber
        self.title = title
        self.url = url
        self.newItems = newItems
        self.error = error
        self.notModified = notModified
        self.movedTo = movedTo
        self.gone = gone
    }
}
