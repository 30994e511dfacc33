import FeedEntities
import GRDB

/// Applies the rules to the items one document adds to one feed, inside the caller's transaction
/// (`ItemWriter`): a matching rule marks the new item read, stars it, tags it or hides it, and
/// counts one more match in `rule_stat`. Items already stored are never touched again.
///
/// Each rule gets `RuleBudget.perItem` per item. One still matching after that is skipped for
/// that item (stored as if it did not match) and reported; one that has run out of time on
/// `RuleBudget.overrunsPerDocument` items is not tried on the document's other new items (and
/// that is reported once).
/// Matching runs on the store's writer thread, never on a NIO event loop or the cooperative
/// pool; readers (`status`, `list`) go on meanwhile.
final class RuleRunner {
    let db: Database
    let ruleSet: RuleSet
    let feedID: Int64
    /// The feed as rules see it, read once per document.
    let feedTitle: String
    let feedURL: String
    let feedTags: [String]
    /// Per rule (by index): the items of this document it ran out of time on.
    private var overruns: [Int]

    /// `nil` when there are no rules, so a store without rules pays nothing per item.
    init?(db: Database, feedID: Int64, rules ruleSet: RuleSet) throws {
        guard !ruleSet.rules.isEmpty else { return nil }
        let row = try Row.fetchOne(
            db.cachedStatement(sql: """
                SELECT COALESCE(custom_title, title), url,
                       (SELECT group_concat(tag, char(31)) FROM feed_tag WHERE feed_id = feed.id)
                FROM feed WHERE id = ?
                """),
            arguments: [feedID])
        guard let row else { return nil }
        self.db = db
        self.ruleSet = ruleSet
        self.feedID = feedID
        feedTitle = row[0]
        feedURL = row[1]
        feedTags = (row[2] as String?).map { $0.split(separator: "\u{1F}").map(String.init) } ?? []
        overruns = Array(repeating: 0, count: ruleSet.rules.count)
    }

    /// Runs every rule on the item just inserted as `itemID`.
    /// - Throws: `CancellationError` when the task was cancelled during a match (the daemon is
    ///   stopping: the caller's transaction rolls back, nothing of the document is stored), or
    ///   a database error.
    func apply(to itemID: Int64, _ item: ParsedItem) throws {
        let subject = RuleSubject(item, feedTitle: feedTitle, feedURL: feedURL, feedTags: feedTags)
        var matching: [Rule] = []
        for (index, rule) in ruleSet.rules.enumerated() {
            guard overruns[index] < RuleBudget.overrunsPerDocument else { continue }
            do {
                if try rule.matches(subject) { matching.append(rule) }
            } catch .overBudget {
                overruns[index] += 1
                ruleSet.reportOverrun(.item(rule: rule.name, feedID: feedID, item: itemID, title: item.title))
                if overruns[index] == RuleBudget.overrunsPerDocument {
                    ruleSet.reportOverrun(.restOfDocument(rule: rule.name, feedID: feedID))
                }
            } catch .cancelled {
                throw CancellationError()
            }
        }
        guard !matching.isEmpty else { return }
        let actions = matching.flatMap(\.actions)
        let read = actions.contains(.markRead), star = actions.contains(.star), hide = actions.contains(.hide)
        if read || star || hide {
            try db.cachedStatement(sql: """
                UPDATE item SET is_read = MAX(is_read, ?2), is_starred = MAX(is_starred, ?3), is_hidden = MAX(is_hidden, ?4)
                WHERE id = ?1
                """).execute(arguments: [itemID, read, star, hide])
            // A star is the article's: the copy a listing shows gets it too.
            if star { try SQLiteFeedStore.shareState(.starred, true, roots: SQLiteFeedStore.roots(of: [itemID]), db) }
        }
        let tag = try db.cachedStatement(sql: "INSERT OR IGNORE INTO item_tag (item_id, tag) VALUES (?, ?)")
        for case .addTag(let name) in actions { try tag.execute(arguments: [itemID, name]) }
        let count = try db.cachedStatement(sql: """
            INSERT INTO rule_stat (name, matched) VALUES (?, 1)
            ON CONFLICT (name) DO UPDATE SET matched = matched + 1
            """)
        for rule in matching { try count.execute(arguments: [rule.name]) }
    }
}
