/// A dry run of a rule (`FeedStore.items(matching:limit:)`) stopped: the rule was still matching
/// a stored item when its `RuleBudget.perItem` ran out, so whether it matches that item is
/// unknown. When it stores new items, the daemon skips such a rule for such an item.
public struct RuleTooSlow: Error, Sendable, Equatable, CustomStringConvertible {
    public var rule: String
    /// The number of the item it ran out of time on.
    public var item: Int64

    public init(rule: String, item: Int64) {
        self.rule = rule
        self.item = item
    }

    public var description: String {
        "rule '\(rule)' was still matching item \(item) after \(RuleBudget.perItem) (its regular expression "
            + "backtracks too much on that text); new items it runs out of time on are stored as if it did not match"
    }
}
