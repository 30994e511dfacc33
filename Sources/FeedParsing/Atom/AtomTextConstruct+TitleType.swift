import FeedEntities

extension AtomTextConstruct {
    /// Whether a title read this way is HTML (escaped HTML, or inline XHTML or XML markup) or
    /// text: how the daemon turns it into the text people see.
    var titleType: TitleType {
        if encoding.contains(.html) { return .html }
        if case .markup = mode { return .html }
        return .text
    }
}
