/// The rules new items go through (`FeedStore.setRules`), and where the store reports a rule
/// that ran out of time on an item.
struct RuleSet: Sendable {
    var rules: [Rule] = []
    /// Called on the writer's thread, inside the transaction that stores the item.
    var reportOverrun: @Sendable (RuleOverrun) -> Void = { _ in }
}
