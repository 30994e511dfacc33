/// A link an article screen offers to open: a reference in its text, its own link or an
/// enclosure. Strings are unsanitised.
public struct ReaderLink: Equatable, Sendable {
    /// `[3]`, `Link`, `Enclosure`.
    public var label: String
    public var url: String

    public init(label: String, url: String) {
        self.label = label
        self.url = url
    }
}
