import FeedEntities
import GRDB

/// Applies the rules to the items one document adds to one feed, inside the caller's transaction
/// (`ItemWriter`): a matching rule marks the new item read, stars it, tags it or hides it, and
/// counts one more match in `rule_stat`. Items already stored are never touched again.
struct RuleRunner {
    let db: Database
    let rules: [Rule]
    /// The feed as rules see it, read once per document.
    let feedTitle: String
    let feedURL: String
    let feedTags: [String]

    /// `nil` when there are no rules, so a store without rules pays nothing per item.
    init?(db: Database, feedID: Int64, rules: [Rule]) throws {
        guard !rules.isEmpty else { return nil }
        let row = try Row.fetchOne(
            db.cachedStatement(sql: """
                SELECT COALESCE(custom_title, title), url,
                       (SELECT group_concat(tag, char(31)) FROM feed_tag WHERE feed_id = feed.id)
                FROM feed WHERE id = ?
                """),
            arguments: [feedID])
        guard let row else { return nil }
        self.db = db
        self.rules = rules
        feedTitle = row[0]
        feedURL = row[1]
        feedTags = (row[2] as String?).map { $0.split(separator: "\u{1F}").map(String.init) } ?? []
    }

    /// Runs every rule on the item just inserted as `itemID`.
    func apply(to itemID: Int64, _ item: ParsedItem) throws {
        let subject = RuleSubject(item, feedTitle: feedTitle, feedURL: feedURL, feedTags: feedTags)
        let matching = rules.filter { $0.matches(subject) }
        guard !matching.isEmpty else { return }
        let actions = matching.flatMap(\.actions)
        let read = actions.contains(.markRead), star = actions.contains(.star), hide = actions.contains(.hide)
        if read || star || hide {
            try db.cachedStatement(sql: """
                UPDATE item SET is_read = MAX(is_read, ?2), is_starred = MAX(is_starred, ?3), is_hidden = MAX(is_hidden, ?4)
                WHERE id = ?1
                """).execute(arguments: [itemID, read, star, hide])
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
