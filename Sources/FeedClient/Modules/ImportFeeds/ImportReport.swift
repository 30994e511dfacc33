import FeedEntities
import FeedIPC

/// What an import did, as the View shows it. Strings are unsanitised: the View cleans them.
public struct ImportReport: Equatable, Sendable {
    /// `opml` or `newsboat`: how the daemon read the file.
    public var format: String
    /// `Imported 3 feeds (2 already subscribed, 1 skipped); the daemon fetches them now`.
    public var summary: String
    /// One line per skipped entry: `skipped line 7: ftp://example.org/feed: only http and https feeds can be imported`.
    public var notes: [String]
    public var added: [FeedRow]
    public var existing: [FeedRow]
    public var skipped: [ImportSkip]
    /// Saved views made of query feeds, and those that were there already.
    public var views: [ViewRow]
    public var existingViews: [ViewRow]

    public init(
        format: String, summary: String, notes: [String], added: [FeedRow], existing: [FeedRow], skipped: [ImportSkip],
        views: [ViewRow] = [], existingViews: [ViewRow] = []
    ) {
        self.views = views
        self.existingViews = existingViews
        self.format = format
        self.summary = summary
        self.notes = notes
        self.added = added
        self.existing = existing
        self.skipped = skipped
    }
}
