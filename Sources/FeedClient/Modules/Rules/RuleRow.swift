/// One rule as the View shows it. Strings are unsanitised: the View cleans them.
public struct RuleRow: Equatable, Sendable {
    public var name: String
    public var conditions: String
    public var actions: [String]
    public var matched: Int

    public init(name: String, conditions: String, actions: [String], matched: Int) {
        self.name = name
        self.conditions = conditions
        self.actions = actions
        self.matched = matched
    }
}

/// One item a rule matches: its number, title and feed.
public struct RuleMatchRow: Equatable, Sendable {
    public var number: Int64
    public var title: String
    public var feed: String

    public init(number: Int64, title: String, feed: String) {
        self.number = number
        self.title = title
        self.feed = feed
    }
}
