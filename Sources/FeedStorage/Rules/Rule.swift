import FeedEntities

/// A rule of the config: when every condition holds (and, if `anyOf` is not empty, at least one
/// of those), the actions are applied to a new item as it is stored.
public struct Rule: Sendable, Equatable {
    public var name: String
    /// All must match.
    public var conditions: [RuleCondition]
    /// At least one must match, unless empty (`any:` in the config).
    public var anyOf: [RuleCondition]
    public var actions: [RuleAction]

    public init(name: String, conditions: [RuleCondition], anyOf: [RuleCondition] = [], actions: [RuleAction]) {
        self.name = name
        self.conditions = conditions
        self.anyOf = anyOf
        self.actions = actions
    }

    /// Whether the rule applies to the item, found out within `budget` (all conditions
    /// together). A rule without any condition matches every item.
    /// - Throws: `RuleInterruption.overBudget` when a regular expression was still matching
    ///   after `budget`, `.cancelled` when the task was cancelled meanwhile.
    public func matches(_ subject: RuleSubject, budget: Duration = RuleBudget.perItem) throws(RuleInterruption) -> Bool {
        let deadline = RuleDeadline(budget: budget)
        for condition in conditions where try !condition.matches(subject, before: deadline) { return false }
        if anyOf.isEmpty { return true }
        for condition in anyOf where try condition.matches(subject, before: deadline) { return true }
        return false
    }

    /// The conditions as the config writes them: `title: /sponsored/, any: [author: bot]`.
    public var conditionText: String {
        let all = conditions.map(\.description)
        let any = anyOf.isEmpty ? [] : ["any: [" + anyOf.map(\.description).joined(separator: ", ") + "]"]
        return (all + any).joined(separator: ", ")
    }
}

/// What rules look at: one item and its feed.
public struct RuleSubject: Sendable {
    public var feedTitle: String
    public var feedURL: String
    public var feedTags: [String]
    public var title: String?
    public var author: String?
    public var link: String?
    public var summary: String?
    public var content: String?

    public init(
        feedTitle: String, feedURL: String, feedTags: [String] = [], title: String? = nil, author: String? = nil,
        link: String? = nil, summary: String? = nil, content: String? = nil
    ) {
        self.feedTitle = feedTitle
        self.feedURL = feedURL
        self.feedTags = feedTags
        self.title = title
        self.author = author
        self.link = link
        self.summary = summary
        self.content = content
    }
}

extension RuleSubject {
    /// A parsed item of a feed with this title, URL and tags.
    public init(_ item: ParsedItem, feedTitle: String, feedURL: String, feedTags: [String]) {
        self.init(
            feedTitle: feedTitle, feedURL: feedURL, feedTags: feedTags, title: item.title, author: item.author,
            link: item.link, summary: item.summary, content: item.content)
    }
}
