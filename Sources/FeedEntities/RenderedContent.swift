/// An item's HTML content as wrapped terminal text, rendered by the daemon.
public struct RenderedContent: Codable, Sendable, Hashable {
    /// The text, wrapped to the requested width; links appear as `text[1]`. Control characters
    /// and bidi overrides are already removed.
    public var text: String
    /// The link references: `links[0]` is `[1]`.
    public var links: [String]
    /// Whether the content was cut at the renderer's output limit.
    public var truncated: Bool
    /// The numbers of the links that are images' sources (`[image: alt][2]`: 2), in the order
    /// the images come (protocol 1.16; absent from older daemons and when there are none).
    public var images: [Int]?

    public init(text: String, links: [String], truncated: Bool = false, images: [Int]? = nil) {
        self.text = text
        self.links = links
        self.truncated = truncated
        self.images = images
    }
}
