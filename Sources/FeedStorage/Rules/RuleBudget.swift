/// How much time rules get, so that a regular expression that backtracks catastrophically on
/// some text (`/^(a+)+$/` on a title of a's and a `!`) costs a bounded moment instead of
/// holding the store's writer, a refresh and the daemon's shutdown for minutes.
///
/// The bound is kept by the regular-expression engine itself: ICU calls back as its search
/// moves along the text and every few thousand backtracking steps (`CompiledRegex`), and a rule
/// gives up at the first call back after its deadline or after its task was cancelled. An
/// ordinary match takes microseconds, a thousandth of its budget.
public enum RuleBudget {
    /// How long one rule may work on one item (all its conditions together).
    public static let perItem: Duration = .milliseconds(100)

    /// Items of one stored document on which a rule may run out of time; on the rest of the
    /// document's new items it is not tried (they are stored as if it did not match), so a
    /// feed of many such items holds the store's writer for at most this many budgets per rule.
    public static let overrunsPerDocument = 5
}

/// Why a rule stopped before it could tell whether an item matches.
public enum RuleInterruption: Error, Sendable, Equatable {
    /// It ran past its deadline (`RuleBudget.perItem`).
    case overBudget
    /// The task matching it was cancelled: the daemon is stopping, or the client went away.
    case cancelled
}

/// When a rule working on one item must give up.
public struct RuleDeadline: Sendable {
    let instant: ContinuousClock.Instant

    /// A deadline `budget` from now.
    public init(budget: Duration = RuleBudget.perItem) {
        instant = .now + budget
    }

    /// Why matching must stop now, if it must: the current task (or the caller whose write it
    /// runs: `CallerCancellation`) was cancelled, or the deadline has passed. Asked from the
    /// engine's call backs during a match.
    func interruption() -> RuleInterruption? {
        if CallerCancellation.isCurrentTaskCancelled { return .cancelled }
        return ContinuousClock.now >= instant ? .overBudget : nil
    }
}
