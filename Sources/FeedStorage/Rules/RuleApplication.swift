/// What applying a rule to the stored items did (`FeedStore.apply(_:)`): how many it matched,
/// and how many each of its actions changed. An item the action had already reached (read,
/// starred, hidden, holding the tag) matches without being changed.
public struct RuleApplication: Sendable, Hashable {
    /// Stored items the rule matches, hidden ones included.
    public var matched: Int
    /// Items marked read (the other copies of the same article not counted).
    public var markedRead: Int
    public var starred: Int
    public var hidden: Int
    /// Items that gained at least one of the rule's tags.
    public var tagged: Int

    public init(matched: Int, markedRead: Int = 0, starred: Int = 0, hidden: Int = 0, tagged: Int = 0) {
        self.matched = matched
        self.markedRead = markedRead
        self.starred = starred
        self.hidden = hidden
        self.tagged = tagged
    }
}
