/// HTML rendered as plain text for a terminal.
public struct RenderedText: Sendable, Equatable {
    /// The text, wrapped, one line per line, without a trailing line break. Links appear in it
    /// as their text followed by their number, `text[1]`.
    public var text: String
    /// The targets of the numbered links: `links[0]` is `[1]`. Absolute `http`, `https` or
    /// `mailto` URLs only.
    public var links: [String]
    /// Whether the document was longer than the renderer's limits and its end was left out
    /// (the text then ends with a `[…]` line).
    public var isTruncated: Bool
    /// The numbers of the links that are images' own sources (`[image: alt][2]`: 2), in the
    /// order the images come: what a terminal that draws pictures draws.
    public var images: [Int]

    public init(text: String, links: [String], isTruncated: Bool = false, images: [Int] = []) {
        self.text = text
        self.links = links
        self.isTruncated = isTruncated
        self.images = images
    }
}
