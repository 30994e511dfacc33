/// The subscription lists `tidings export` writes.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// OPML 2.0: one folder outline per tag.
    case opml
    /// A newsboat `urls` file: `URL tag "tag with space" "~Custom title"`.
    case newsboat
}

/// An exported subscription list.
public struct ExportDocument: Equatable, Sendable {
    /// The file's text.
    public var text: String
    /// What the format could not hold, for stderr (`feed 3: tag '~x' …`).
    public var notes: [String]

    public init(text: String, notes: [String] = []) {
        self.text = text
        self.notes = notes
    }
}
