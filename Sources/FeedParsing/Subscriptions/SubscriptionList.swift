import FeedEntities

/// The feeds an OPML document or a newsboat `urls` file subscribes to.
public struct SubscriptionList: Sendable, Hashable {
    public enum Format: String, Sendable, Hashable {
        case opml
        case newsboat
    }

    /// One feed to subscribe to.
    public struct Entry: Sendable, Hashable {
        /// An absolute http or https URL, or a command feed's canonical text (`FeedAddress`).
        public var url: String
        /// The name the list gives the feed, if any.
        public var title: String?
        /// Tags: OPML folders (every enclosing one) and `category` attributes, newsboat tags.
        public var tags: [String]
        /// Whether the list marks `title` as the user's own rather than the feed's
        /// (`tidings:customTitle="true"` in a Tidings export, see `TidingsOPML`).
        public var isCustomTitle: Bool
        /// Where the list names it first: `line 7` in a urls file, the outline's title in OPML.
        /// Not part of the entry's identity (two entries of one URL are one feed).
        public var location: String?

        public init(url: String, title: String? = nil, tags: [String] = [], isCustomTitle: Bool = false, location: String? = nil) {
            self.url = url
            self.title = title
            self.tags = tags
            self.isCustomTitle = isCustomTitle
            self.location = location
        }

        /// Whether the entry is a command feed (`exec:…`, `filter:…`): subscribing to it runs a
        /// program at every refresh, which a list handed around as data must not do unasked.
        public var isCommand: Bool { FeedAddress.isCommand(url) }

        public static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.url == rhs.url && lhs.title == rhs.title && lhs.tags == rhs.tags && lhs.isCustomTitle == rhs.isCustomTitle
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(url)
            hasher.combine(title)
            hasher.combine(tags)
            hasher.combine(isCustomTitle)
        }
    }

    /// An entry that is not imported, and why.
    public struct Skip: Sendable, Hashable {
        /// The entry, at most 200 characters (a longer one is shortened with `…`).
        public var entry: String
        /// `line 7` in a urls file, the outline's title in OPML; at most 200 characters.
        public var location: String?
        public var reason: String

        /// Shortens `entry` and `location`: a skipped entry is reported, never stored, and a
        /// URL refused for its length would otherwise be sent back whole.
        public init(entry: String, location: String?, reason: String) {
            self.entry = TextLimit.shortened(entry, maximumCharacters: 200)
            self.location = location.map { TextLimit.shortened($0, maximumCharacters: 200) }
            self.reason = reason
        }
    }

    /// A saved view a newsboat query feed (`"query:Name:filter"`) becomes, its filter
    /// translated (`NewsboatFilter`).
    public struct View: Sendable, Hashable {
        public var name: String
        /// The query (`ItemFilter`'s `description`).
        public var query: String
        /// `line 7`.
        public var location: String?
        public init(name: String, query: String, location: String?) {
            self.name = name
            self.query = query
            self.location = location
        }
    }

    public var format: Format
    public var entries: [Entry]
    /// The query feeds of a newsboat urls file, as views.
    public var views: [View] = []
    public var skipped: [Skip]
    /// Whether the document is OPML that Tidings wrote (it declares `TidingsOPML.namespace`),
    /// whose titles are the user's own only when marked so.
    public var isTidingsOPML: Bool

    public init(format: Format, entries: [Entry], skipped: [Skip] = [], isTidingsOPML: Bool = false) {
        self.format = format
        self.entries = entries
        self.skipped = skipped
        self.isTidingsOPML = isTidingsOPML
    }

    /// Reads `text` as `format`, or as OPML when it starts with `<` (after a BOM and white
    /// space) and as a newsboat `urls` file otherwise.
    /// - Throws: `SubscriptionListError` when an OPML document is not well-formed or not OPML.
    /// A feed listed several times (OPML exporters put a feed with several tags in each tag's
    /// folder) is one entry with the tags of all its places and its first title. Entries keep
    /// the order in which their URLs first appear: importing numbers the new feeds so.
    public static func read(_ text: String, format: Format? = nil) throws(SubscriptionListError) -> SubscriptionList {
        let start = text.unicodeScalars.first { !$0.properties.isWhitespace && $0 != "\u{FEFF}" }
        var list: SubscriptionList
        switch format ?? (start == "<" ? .opml : .newsboat) {
        case .opml: list = try OPMLReader.read(text)
        case .newsboat: list = NewsboatURLsReader.read(text)
        }
        list.entries = merged(list.entries)
        return list
    }

    /// One entry per URL, in the order of first appearance, tags joined (each once, ignoring case).
    static func merged(_ entries: [Entry]) -> [Entry] {
        var result: [Entry] = []
        var position: [String: Int] = [:]
        for entry in entries {
            guard let index = position[entry.url] else {
                position[entry.url] = result.count
                result.append(entry)
                continue
            }
            if result[index].title == nil {
                result[index].title = entry.title
                result[index].isCustomTitle = entry.isCustomTitle
            }
            for tag in entry.tags where !result[index].tags.contains(where: { $0.lowercased() == tag.lowercased() }) {
                result[index].tags.append(tag)
            }
        }
        return result
    }

    /// Why an entry cannot be subscribed to.
    struct Refusal: Error {
        var reason: String
    }

    /// What an entry subscribes to: its http or https URL, or a command feed's canonical text
    /// (`exec:…`, `filter:…:URL`), which the importer subscribes to only when told to
    /// (`Entry.isCommand`); else why it cannot be subscribed to.
    static func address(of url: String) -> Result<String, Refusal> {
        guard FeedAddress.isCommand(url) else {
            return refusal(of: url).map { .failure(Refusal(reason: $0)) } ?? .success(url)
        }
        do {
            let address = try FeedAddress(url)
            guard TextLimit.fits(address.text) else {
                return .failure(Refusal(reason: "the command is \(address.text.utf8.count) bytes long: a feed's address may be at most \(TextLimit.maximumBytes) bytes"))
            }
            return .success(address.text)
        } catch {
            return .failure(Refusal(reason: error.description))
        }
    }

    /// Why an entry's URL cannot be subscribed to; `nil` when it can.
    static func refusal(of url: String) -> String? {
        guard TextLimit.fits(url) else {
            return "the URL is \(url.utf8.count) bytes long: a feed URL may be at most \(TextLimit.maximumBytes) bytes"
        }
        let lowered = url.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else {
            return "only http and https feeds can be imported"
        }
        guard url.count > (lowered.hasPrefix("https") ? 8 : 7),
              !url.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F })
        else { return "not a valid URL" }
        return nil
    }

    /// Whitespace runs as one space, control characters removed, trimmed; `nil` when nothing
    /// is left. Titles and tags of a list are names, never layout.
    static func cleaned(_ text: String) -> String? {
        var kept = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !kept.isEmpty
            } else if scalar.value >= 0x20, !(0x7F...0x9F).contains(scalar.value) {
                if pendingSpace { kept.append(" ") }
                pendingSpace = false
                kept.append(scalar)
            }
        }
        return kept.isEmpty ? nil : String(kept)
    }
}

/// A subscription list that cannot be read at all.
public enum SubscriptionListError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not well-formed XML (libxml2's first error, with its line).
    case malformed(String)
    /// Well-formed, but the root element is not `<opml>`.
    case notOPML(root: String)
    /// The document declares an entity (`<!ENTITY …>`), which OPML never needs and which could
    /// make its attributes expand to any size.
    case declaresEntities

    public var description: String {
        switch self {
        case .malformed(let reason): "the OPML document is not well-formed: \(reason)"
        case .notOPML(let root): "not an OPML document (its root element is <\(root)>)"
        case .declaresEntities: "the OPML document declares entities (<!ENTITY …>), which OPML never needs: refusing it"
        }
    }
}
