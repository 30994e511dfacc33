/// The rules new items go through, and where the store reports a rule that ran out of time on
/// an item: given with each write that may store new items (`FeedStore.addFeed`,
/// `FeedStore.storeRefresh`), so the caller's current rules apply and the store keeps none.
///
/// A rule gets `RuleBudget.perItem` per item: one still matching after that is skipped for the
/// item, and `reportOverrun` hears of it (on the writer's thread, inside the transaction that
/// stores the item; it must be quick).
public struct RuleSet: Sendable {
    public var rules: [Rule]
    /// Called on the writer's thread, inside the transaction that stores the item.
    public var reportOverrun: @Sendable (RuleOverrun) -> Void

    public init(_ rules: [Rule] = [], reportingOverruns report: @escaping @Sendable (RuleOverrun) -> Void = { _ in }) {
        self.rules = rules
        self.reportOverrun = report
    }

    /// No rules: every item is stored as it comes.
    public static let none = RuleSet()
}
