import FeedEntities

extension RPC {
    /// `feeds.subscribe`: fetch a URL once and store it as a feed if it parses as one.
    public enum Subscribe: RPCMethod {
        public static let name = "feeds.subscribe"
        public struct Params: Codable, Sendable, Hashable {
            public var url: String
            /// Tags for the new feed (protocol 1.2).
            public var tags: [String]?
            /// The user's name for the feed instead of the document's title (protocol 1.2).
            public var title: String?
            /// `key=value` settings for the new feed (`FeedSettings.apply`), applied before its
            /// first fetch, so that the fetch already uses them (protocol 1.10).
            public var settings: [String]?
            public init(url: String, tags: [String]? = nil, title: String? = nil, settings: [String]? = nil) {
                self.url = url
                self.tags = tags
                self.title = title
                self.settings = settings
            }
        }
        public struct Result: Codable, Sendable, Hashable {
            public var feed: Feed
            /// Items stored from the first fetch.
            public var itemCount: Int
            public init(feed: Feed, itemCount: Int) {
                self.feed = feed
                self.itemCount = itemCount
            }
        }
    }

    /// `feeds.unsubscribe`: remove a feed and its items, except its starred items unless
    /// `deleteStarred` (a daemon of protocol 1.5 or older deletes them all, and answers no counts).
    public enum Unsubscribe: RPCMethod {
        public static let name = "feeds.unsubscribe"
        public struct Params: Codable, Sendable, Hashable {
            /// A feed number, URL, or unambiguous title prefix of at least three characters
            /// (or the whole title).
            public var feed: String
            /// Delete the starred items too (default `false`; protocol 1.6).
            public var deleteStarred: Bool?
            public init(feed: String, deleteStarred: Bool? = nil) {
                self.feed = feed
                self.deleteStarred = deleteStarred
            }
        }
        /// `{"feed", "deletedItems", "keptItems"}`.
        public typealias Result = FeedRemoval
    }

    /// `feeds.list`: every subscribed feed with its counters.
    public enum ListFeeds: RPCMethod {
        public static let name = "feeds.list"
        public struct Params: Codable, Sendable, Hashable {
            /// Only feeds with this tag (case-insensitive; protocol 1.2).
            public var tag: String?
            /// Only the members a screen listing feeds shows (`Form.brief`; protocol 1.9).
            public var brief: Bool?
            /// Only the members `tidings feeds` shows (`Form.listing`; protocol 1.12). A daemon
            /// of an earlier protocol ignores it and answers whole feeds.
            public var listing: Bool?
            public init(tag: String? = nil, brief: Bool? = nil, listing: Bool? = nil) {
                self.tag = tag
                self.brief = brief
                self.listing = listing
            }

            /// The form the params ask for: `brief` wins over `listing`.
            public var form: Result.Form {
                brief == true ? .brief : listing == true ? .listing : .full
            }
        }
        public struct Result: Codable, Sendable, Hashable {
            /// Which members of each feed are encoded.
            public enum Form: Sendable, Hashable {
                /// Every member.
                case full
                /// `id`, `url`, `title`, `subscribedAt`, `itemCount`, `unreadCount` and `tags`
                /// (the members every feed has, so that it still decodes as a `Feed`), and
                /// `lastError`, `consecutiveFailures`, `httpStatus` and `goneSince` where they
                /// are not the default: what a screen listing feeds shows.
                case brief
                /// `brief`'s, and `lastRefreshed`, `nextCheck` and `synced` (when true): what
                /// `tidings feeds` shows in a table or plain lines.
                case listing
            }

            public var feeds: [Feed]
            /// How `feeds` are encoded; not itself encoded.
            public var form: Form
            public init(feeds: [Feed], form: Form = .full) {
                self.feeds = feeds
                self.form = form
            }

            private enum CodingKeys: String, CodingKey { case feeds }

            public init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                self.init(feeds: try container.decode([Feed].self, forKey: .feeds))
            }

            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                switch form {
                case .full: try container.encode(feeds, forKey: .feeds)
                case .brief: try container.encode(feeds.map { BriefFeed(feed: $0, listing: false) }, forKey: .feeds)
                case .listing: try container.encode(feeds.map { BriefFeed(feed: $0, listing: true) }, forKey: .feeds)
                }
            }
        }

        /// A feed as a brief or listing form encodes it (`Result.Form`). The members left out
        /// (validators, dates of the last attempts, settings, ...) are two thirds of a feed's
        /// bytes, which 500 feeds make 250 KB to encode and decode.
        private struct BriefFeed: Encodable {
            let feed: Feed
            /// The listing form: the brief one and what `tidings feeds` adds.
            let listing: Bool

            private enum CodingKeys: String, CodingKey {
                case id, url, title, subscribedAt, itemCount, unreadCount, tags
                case lastError, consecutiveFailures, httpStatus, goneSince
                case lastRefreshed, nextCheck, synced
            }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(feed.id, forKey: .id)
                try container.encode(feed.url, forKey: .url)
                try container.encode(feed.title, forKey: .title)
                try container.encode(feed.subscribedAt, forKey: .subscribedAt)
                try container.encode(feed.itemCount, forKey: .itemCount)
                try container.encode(feed.unreadCount, forKey: .unreadCount)
                try container.encode(feed.tags, forKey: .tags)
                try container.encodeIfPresent(feed.lastError, forKey: .lastError)
                if feed.consecutiveFailures != 0 { try container.encode(feed.consecutiveFailures, forKey: .consecutiveFailures) }
                if feed.consecutiveFailures != 0 || feed.lastError != nil {
                    try container.encodeIfPresent(feed.httpStatus, forKey: .httpStatus)
                }
                try container.encodeIfPresent(feed.goneSince, forKey: .goneSince)
                guard listing else { return }
                try container.encodeIfPresent(feed.lastRefreshed, forKey: .lastRefreshed)
                try container.encodeIfPresent(feed.nextCheck, forKey: .nextCheck)
                if feed.synced { try container.encode(true, forKey: .synced) }
            }
        }
    }

    /// `feeds.tag`: add and remove tags of one feed (protocol 1.2).
    public enum TagFeed: RPCMethod {
        public static let name = "feeds.tag"
        public struct Params: Codable, Sendable, Hashable {
            public var feed: String
            public var add: [String]?
            public var remove: [String]?
            public init(feed: String, add: [String]? = nil, remove: [String]? = nil) {
                self.feed = feed
                self.add = add
                self.remove = remove
            }
        }
        public struct Result: Codable, Sendable, Hashable {
            /// The feed with its tags after the change.
            public var feed: Feed
            public init(feed: Feed) { self.feed = feed }
        }
    }

    /// `feeds.rename`: give a feed the user's own title, or go back to the document's (protocol 1.2).
    public enum RenameFeed: RPCMethod {
        public static let name = "feeds.rename"
        public struct Params: Codable, Sendable, Hashable {
            /// A feed selector; a title prefix must be at least three characters (protocol 1.6).
            public var feed: String
            /// The new title; `nil` or blank returns to the title the feed document gives.
            public var title: String?
            public init(feed: String, title: String?) {
                self.feed = feed
                self.title = title
            }
        }
        public struct Result: Codable, Sendable, Hashable {
            public var feed: Feed
            public init(feed: Feed) { self.feed = feed }
        }
    }

    /// `feeds.import`: subscribe to the feeds an OPML document or a newsboat `urls` file lists,
    /// without fetching them first; the daemon fetches the new feeds right after answering
    /// (protocol 1.2).
    public enum Import: RPCMethod {
        public static let name = "feeds.import"
        public struct Params: Codable, Sendable, Hashable {
            /// The file's text (at most what fits in one 1 MiB request line).
            public var document: String
            /// `opml`, `newsboat`, or `nil` to tell from the text.
            public var format: ImportFormat?
            /// Subscribe to the document's command feeds (`exec:`, `filter:`) too; without it
            /// (default `false`) each is skipped with a reason (protocol 1.13).
            public var allowCommands: Bool?
            public init(document: String, format: ImportFormat? = nil, allowCommands: Bool? = nil) {
                self.document = document
                self.format = format
                self.allowCommands = allowCommands
            }
        }
        public struct Result: Codable, Sendable, Hashable {
            /// The format the document was read as.
            public var format: ImportFormat
            /// Feeds subscribed to, with their tags and titles.
            public var added: [Feed]
            /// Feeds of the document already subscribed to (left as they are).
            public var existing: [Feed]
            /// Entries not imported, and why.
            public var skipped: [ImportSkip]
            /// Saved views made of the document's query feeds (protocol 1.18; absent when none).
            public var views: [SavedView]?
            /// Query feeds whose view was there already, with the same query (protocol 1.18).
            public var existingViews: [SavedView]?
            public init(
                format: ImportFormat, added: [Feed], existing: [Feed], skipped: [ImportSkip], views: [SavedView]? = nil,
                existingViews: [SavedView]? = nil
            ) {
                self.views = views
                self.existingViews = existingViews
                self.format = format
                self.added = added
                self.existing = existing
                self.skipped = skipped
            }
        }
    }
}
