/// A saved view: a name and a query in the query language (`ItemFilter`, docs/views.md), listed
/// and marked read as a feed is. Views come from the config file (`views:`) or from
/// `tidings view add`, which the database keeps.
public struct SavedView: Codable, Sendable, Hashable {
    public enum Origin: String, Codable, Sendable, Hashable, CaseIterable {
        /// The config file's `views:`, which only an edit of the file changes.
        case config
        /// `tidings view add` (`views.add`), kept in the database.
        case stored
    }

    /// How many items the view selects, unread and in all (hidden items and copies of an
    /// article left out, as listings leave them out).
    public struct Counts: Codable, Sendable, Hashable {
        public var unread: Int
        public var total: Int
        public init(unread: Int, total: Int) {
            self.unread = unread
            self.total = total
        }
    }

    public var name: String
    /// The query as it was written (a valid `ItemFilter`).
    public var query: String
    public var origin: Origin
    /// Counted when asked for (`views.list`'s `counts`).
    public var counts: Counts?

    public init(name: String, query: String, origin: Origin, counts: Counts? = nil) {
        self.name = name
        self.query = query
        self.origin = origin
        self.counts = counts
    }

    /// The longest name, in characters.
    public static let maximumNameLength = 100

    /// The most views the database keeps, and the most the config file may give: each is
    /// counted at every reload of the reader's feed list.
    public static let maximumCount = 256

    /// What names the same view as `name`: names are unique without case (`Rust` and `rust` are
    /// one view).
    public static func key(of name: String) -> String { name.lowercased() }

    /// Why `name` cannot name a view, or `nil` when it can: it is 1 to `maximumNameLength`
    /// characters, with no control character (it is written to terminals and to newsboat's urls
    /// files, one per line) and no space at either end (which would make `list --view` miss it).
    public static func problem(withName name: String) -> String? {
        if name.isEmpty { return "a view's name is empty" }
        if name.count > maximumNameLength { return "a view's name is at most \(maximumNameLength) characters (this one has \(name.count))" }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format && $0.value != 0x200D }) {
            return "a view's name has no control characters"
        }
        if let first = name.unicodeScalars.first, let last = name.unicodeScalars.last,
           first.properties.isWhitespace || last.properties.isWhitespace {
            return "a view's name has no space at its start or end"
        }
        return nil
    }
}

extension Sequence where Element == SavedView {
    /// The view of this name (without case, `SavedView.key`), if one is.
    public func named(_ name: String) -> SavedView? {
        let key = SavedView.key(of: name)
        return first { SavedView.key(of: $0.name) == key }
    }
}
