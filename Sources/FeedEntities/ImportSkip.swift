/// An entry of an imported file that was not subscribed to.
public struct ImportSkip: Codable, Sendable, Hashable {
    /// The entry as written (a URL or a line), cleaned of control characters.
    public var entry: String
    /// Where it was: `line 12` in a urls file, the outline's title in OPML.
    public var location: String?
    public var reason: String
    public init(entry: String, location: String?, reason: String) {
        self.entry = entry
        self.location = location
        self.reason = reason
    }
}
