import FeedEntities

extension RPC {
    /// `rules.list`: the rules of the config, in its order, with how many items each matched
    /// (protocol 1.4).
    public enum ListRules: RPCMethod {
        public static let name = "rules.list"
        public typealias Params = Empty
        public struct Result: Codable, Sendable, Hashable {
            public var rules: [RuleSummary]
            public init(rules: [RuleSummary]) { self.rules = rules }
        }
    }

    /// `rules.test`: a dry run of one rule of the config against the stored items, hidden ones
    /// included; nothing is changed (protocol 1.4).
    public enum TestRule: RPCMethod {
        public static let name = "rules.test"
        public struct Params: Codable, Sendable, Hashable {
            /// The rule's `name` in the config.
            public var name: String
            /// At most this many items, newest first (default 100).
            public var limit: Int?
            public init(name: String, limit: Int? = nil) {
                self.name = name
                self.limit = limit
            }
        }
        public struct Result: Codable, Sendable, Hashable {
            public var rule: RuleSummary
            /// The stored items the rule matches, newest first, without content.
            public var items: [Item]
            public init(rule: RuleSummary, items: [Item]) {
                self.rule = rule
                self.items = items
            }
        }
    }
}

extension RPC {
    /// `rules.apply`: does what one rule of the config does to new items to the stored items it
    /// matches, hidden ones included (protocol 1.6).
    public enum ApplyRule: RPCMethod {
        public static let name = "rules.apply"
        public struct Params: Codable, Sendable, Hashable {
            /// The rule's `name` in the config.
            public var name: String
            public init(name: String) { self.name = name }
        }
        public struct Result: Codable, Sendable, Hashable {
            public var rule: RuleSummary
            /// Stored items the rule matches.
            public var matched: Int
            /// Items each action changed; an item an action had already reached (read,
            /// starred, hidden, tagged) is not counted.
            public var markedRead: Int
            public var starred: Int
            public var hidden: Int
            /// Items that gained at least one of the rule's tags.
            public var tagged: Int

            public init(rule: RuleSummary, matched: Int, markedRead: Int, starred: Int, hidden: Int, tagged: Int) {
                self.rule = rule
                self.matched = matched
                self.markedRead = markedRead
                self.starred = starred
                self.hidden = hidden
                self.tagged = tagged
            }
        }
    }
}
