/// A rule that ran out of its time (`RuleBudget`) while items were stored: the store goes on as
/// if it had not matched, and tells whoever set the rules, for the log.
public enum RuleOverrun: Sendable, Equatable, CustomStringConvertible {
    /// The rule was still matching the new item numbered `item` after `RuleBudget.perItem`.
    case item(rule: String, feedID: Int64, item: Int64, title: String?)
    /// The rule ran out of time on `RuleBudget.overrunsPerDocument` items of one document: it
    /// is not tried on the document's other new items.
    case restOfDocument(rule: String, feedID: Int64)

    public var description: String {
        switch self {
        case .item(let rule, let feedID, let item, let title):
            "rule '\(rule)' skipped for item \(item) \(Self.quoted(title)) of feed \(feedID): "
                + "still matching after \(RuleBudget.perItem)"
        case .restOfDocument(let rule, let feedID):
            "rule '\(rule)' ran out of time on \(RuleBudget.overrunsPerDocument) new items of feed \(feedID): "
                + "not tried on the other new items of the same document"
        }
    }

    /// The title in quotes, cut to 80 characters: the titles that make a rule slow are long.
    private static func quoted(_ title: String?) -> String {
        guard let title else { return "(untitled)" }
        return "'" + (title.count > 80 ? String(title.prefix(79)) + "…" : title) + "'"
    }
}
