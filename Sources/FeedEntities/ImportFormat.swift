/// The subscription lists `feeds.import` reads.
public enum ImportFormat: String, Codable, Sendable, Hashable, CaseIterable {
    /// OPML 1.0 or 2.0: `outline` elements with `xmlUrl`; nesting gives tags.
    case opml
    /// A newsboat `urls` file: one URL per line, then tags, `"~Title"` names the feed.
    case newsboat
}
