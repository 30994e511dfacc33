/// Whether the daemon fetches each new item's page and keeps its article (`full_text`, per feed
/// and in the config): for feeds that carry a teaser or a paragraph only.
public enum FullTextPolicy: String, Sendable, Hashable, Codable, CaseIterable {
    /// Every new item's page is fetched during the refresh and its article extracted and kept.
    case always
    /// Pages are fetched only when asked for (`tidings show N --full`, the reader's key).
    case never
}
