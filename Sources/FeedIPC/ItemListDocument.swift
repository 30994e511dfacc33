#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// The `tidings list --json` document, `{"items":[{"number",…,"starred","alsoIn","tags","excerpt"}]}` (docs/json.md),
/// built in one place for both its readers: the client's `--json` output and the daemon's
/// `on_new_items` hooks, which get it on stdin. The client cleans strings for terminals
/// (`text`: `TerminalText.sanitize`); the daemon hands them to hooks as they are stored.
public enum ItemListDocument {
    /// One item's members, in the documented order.
    public struct Entry: Equatable, Sendable {
        public var number: Int64
        /// `""` when the feed gave no title.
        public var title: String
        public var link: String?
        public var feed: String
        public var feedNumber: Int64
        public var author: String?
        /// ISO 8601 in UTC (`WireDate.text`), `nil` when the feed gave no date.
        public var published: String?
        public var read: Bool
        public var starred: Bool
        /// The other feeds that carry the same article (protocol 1.4), `[]` for most items.
        public var alsoIn: [String]
        /// The tags rules gave the item itself (protocol 1.4), `[]` for most items.
        public var tags: [String]
        /// The first words of the text of an untitled item (protocol 1.6), `nil` for an item
        /// with a title.
        public var excerpt: String?

        public init(
            number: Int64, title: String, link: String?, feed: String, feedNumber: Int64,
            author: String?, published: String?, read: Bool, starred: Bool, alsoIn: [String] = [],
            tags: [String] = [], excerpt: String? = nil
        ) {
            self.alsoIn = alsoIn
            self.tags = tags
            self.excerpt = excerpt
            self.number = number
            self.title = title
            self.link = link
            self.feed = feed
            self.feedNumber = feedNumber
            self.author = author
            self.published = published
            self.read = read
            self.starred = starred
        }

        /// The entry for a stored item: an absent title is `""`, an empty link or author is
        /// absent (`null`), the published date in ISO 8601 UTC, the excerpt only for an
        /// untitled item.
        public init(item: Item) {
            self.init(
                number: item.id, title: item.title ?? "", link: item.link.flatMap { $0.isEmpty ? nil : $0 },
                feed: item.feedTitle, feedNumber: item.feedID, author: item.author.flatMap { $0.isEmpty ? nil : $0 },
                published: item.published.map(WireDate.text), read: item.isRead, starred: item.isStarred,
                alsoIn: item.alsoIn ?? [], tags: item.tags ?? [], excerpt: item.untitledExcerpt)
        }
    }

    /// `{"items":[…]}`, every string passed through `text`.
    public static func json(_ entries: [Entry], text: (String) -> String = { $0 }) -> JSONValue {
        .object([("items", .array(entries.map { object($0, text: text) }))])
    }

    /// `{"items":[…]}` for stored items, strings as they are (what hooks read).
    public static func json(items: [Item]) -> JSONValue {
        json(items.map(Entry.init(item:)))
    }

    /// One item's object, every string passed through `text`: the members up to `starred`, then
    /// `extra` (`snippet` in `search --json`), then the members protocol 1.4 added (`alsoIn`,
    /// `tags`) and 1.6 added (`excerpt`), so every document keeps its earlier keys in their order
    /// (docs/json.md: new keys are only ever appended).
    public static func object(_ entry: Entry, text: (String) -> String, extra: [(String, JSONValue)] = []) -> JSONValue {
        .object([
            ("number", .int(entry.number)),
            ("title", .string(text(entry.title))),
            ("link", .optional(entry.link.map(text))),
            ("feed", .string(text(entry.feed))),
            ("feedNumber", .int(entry.feedNumber)),
            ("author", .optional(entry.author.map(text))),
            ("published", .optional(entry.published)),
            ("read", .bool(entry.read)),
            ("starred", .bool(entry.starred)),
        ] + extra + [
            ("alsoIn", .array(entry.alsoIn.map { .string(text($0)) })),
            ("tags", .array(entry.tags.map { .string(text($0)) })),
            ("excerpt", .optional(entry.excerpt.map(text))),
        ])
    }
}
