import FeedEntities

extension RPC {
    /// `feeds.settings`: change a feed's settings (`FeedSettings.apply`, then `unset`) and answer
    /// the feed with its settings afterwards; with nothing to set or unset, only read them.
    ///
    /// A refused assignment or key is `-32602` with `FeedSettingsError`'s description as its
    /// message, and nothing changes; a feed that names no feed is `-32004` (`-32005` for an
    /// ambiguous title prefix).
    public enum FeedSettingsMethod: RPCMethod {
        public static let name = "feeds.settings"
        public struct Params: Codable, Sendable, Hashable {
            /// The feed: its number, URL, title or an unambiguous title prefix (as `feeds.unsubscribe`
            /// takes it); a JSON number is taken as the feed's number (clients before 1.15 sent one).
            public var feed: String
            /// `key=value` assignments, applied in order.
            public var set: [String]
            /// Keys to clear (`header=Name` clears one header), after `set`.
            public var unset: [String]

            public init(feed: String, set: [String] = [], unset: [String] = []) {
                self.feed = feed
                self.set = set
                self.unset = unset
            }

            private enum CodingKeys: String, CodingKey { case feed, set, unset }

            /// Absent `set` and `unset` are empty.
            public init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                let feed = (try? container.decode(Int64.self, forKey: .feed)).map(String.init)
                self.init(
                    feed: try feed ?? container.decode(String.self, forKey: .feed),
                    set: try container.decodeIfPresent([String].self, forKey: .set) ?? [],
                    unset: try container.decodeIfPresent([String].self, forKey: .unset) ?? [])
            }
        }
        public struct Result: Codable, Sendable, Hashable {
            /// The feed afterwards; its `settings` in the wire form (secrets hidden).
            public var feed: Feed
            public init(feed: Feed) { self.feed = feed }
        }
    }
}
