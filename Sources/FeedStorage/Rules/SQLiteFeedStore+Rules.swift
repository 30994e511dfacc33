import FeedEntities
import Foundation
import GRDB

extension SQLiteFeedStore {
    /// Unread counts leave out the items rules hid (migration "v7"): per feed, they are found
    /// through this small partial index rather than by reading every unread item.
    @Sendable static func indexHiddenUnread(_ db: Database) throws {
        try db.execute(sql: "CREATE INDEX item_hidden_unread ON item (feed_id) WHERE is_hidden = 1 AND is_read = 0")
    }

    /// Migration "v5": what rules do to new items. `is_hidden` keeps an item out of default
    /// listings, searches and `watch`; `item_tag` holds tags of single items (a rule's
    /// `tag:NAME`, unlike feed tags); `rule_stat` counts the items each rule matched, by name,
    /// so a renamed rule starts from 0 and a removed one leaves a row nobody lists.
    @Sendable static func addRules(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE item ADD COLUMN is_hidden INTEGER NOT NULL DEFAULT 0 CHECK (is_hidden IN (0, 1));
            CREATE INDEX item_hidden ON item (id) WHERE is_hidden = 1;
            CREATE TABLE item_tag (
                item_id INTEGER NOT NULL REFERENCES item(id) ON DELETE CASCADE,
                tag     TEXT NOT NULL COLLATE NOCASE,
                PRIMARY KEY (item_id, tag)
            ) WITHOUT ROWID;
            CREATE INDEX item_tag_by_tag ON item_tag (tag, item_id);
            CREATE TABLE rule_stat (
                name    TEXT PRIMARY KEY,
                matched INTEGER NOT NULL DEFAULT 0
            ) WITHOUT ROWID;
            """)
    }

    /// See `FeedStore.ruleMatchCounts`.
    public func ruleMatchCounts() async throws -> [String: Int] {
        try await read("count rule matches") { db in
            let rows = try Row.fetchAll(db, sql: "SELECT name, matched FROM rule_stat")
            return Dictionary(rows.map { ($0[0] as String, $0[1] as Int) }, uniquingKeysWith: { $1 })
        }
    }

    /// See `FeedStore.items(matching:limit:)`. Reads every item with its text, newest first, in
    /// one snapshot.
    public func items(matching rule: Rule, limit: Int) async throws -> [Item] {
        guard limit > 0 else { return [] }
        return try await read("test rule \(rule.name)") { db in
            let ids = try self.items(in: db, matching: rule, limit: limit)
            guard !ids.isEmpty else { return [] }
            let select = try db.cachedStatement(sql: Self.itemSelect(includeContent: false) + " WHERE item.id = ?")
            let reader = itemRowReader()
            return try ids.compactMap { id in
                try Row.fetchOne(select, arguments: [id]).map { try reader.item(from: $0, includeContent: false) }
            }
        }
    }

    /// See `FeedStore.apply(_:)`. Matches on a reader, as the dry run does (new items stored
    /// meanwhile went through the rules already), then writes every change in one transaction.
    public func apply(_ rule: Rule) async throws -> RuleApplication {
        let ids = try await read("match rule \(rule.name)") { db in try self.items(in: db, matching: rule, limit: nil) }
        guard !ids.isEmpty else { return RuleApplication(matched: 0) }
        return try await write("apply rule \(rule.name) to \(Counted.phrase(ids.count, "item"))") { db in
            var result = RuleApplication(matched: ids.count)
            func flag(_ column: String, _ count: WritableKeyPath<RuleApplication, Int>) throws -> [Int64] {
                let statement = try db.cachedStatement(sql: "UPDATE item SET \(column) = 1 WHERE id = ? AND \(column) = 0")
                var changed: [Int64] = []
                for id in ids {
                    try statement.execute(arguments: [id])
                    if db.changesCount > 0 { changed.append(id) }
                }
                result[keyPath: count] = changed.count
                return changed
            }
            // Every copy of the same article follows, as marking or starring it by hand does.
            func share(_ state: SharedState, of changed: [Int64]) throws {
                for chunk in stride(from: 0, to: changed.count, by: 500) {
                    try Self.shareState(state, true, roots: Self.roots(of: Array(changed[chunk..<min(chunk + 500, changed.count)])), db)
                }
            }
            if rule.actions.contains(.markRead) { try share(.read, of: try flag("is_read", \.markedRead)) }
            if rule.actions.contains(.star) { try share(.starred, of: try flag("is_starred", \.starred)) }
            if rule.actions.contains(.hide) { _ = try flag("is_hidden", \.hidden) }
            let tags = rule.actions.compactMap { action -> String? in
                if case .addTag(let name) = action { return name }
                return nil
            }
            if !tags.isEmpty {
                let tag = try db.cachedStatement(sql: "INSERT OR IGNORE INTO item_tag (item_id, tag) VALUES (?, ?)")
                for id in ids {
                    var gained = false
                    for name in tags {
                        try tag.execute(arguments: [id, name])
                        gained = gained || db.changesCount > 0
                    }
                    if gained { result.tagged += 1 }
                }
            }
            return result
        }
    }

    /// The numbers of the stored items (hidden ones included) `rule` matches, newest first, at
    /// most `limit` (all when `nil`), each matched within `RuleBudget.perItem`.
    /// - Throws: `RuleTooSlow` at the first item the rule runs out of time on;
    ///   `CancellationError` when the task was cancelled during a match.
    private func items(in db: Database, matching rule: Rule, limit: Int?) throws -> [Int64] {
        let statement = try db.cachedStatement(sql: """
            SELECT item.id, COALESCE(feed.custom_title, feed.title), feed.url,
                   (SELECT group_concat(tag, char(31)) FROM feed_tag WHERE feed_tag.feed_id = feed.id),
                   item.title, item.author, item.link, item.html
            FROM item JOIN feed ON feed.id = item.feed_id
            ORDER BY item.id DESC
            """)
        var ids: [Int64] = []
        let session = compressor.makeSession()
        let rows = try Row.fetchCursor(statement)
        while ids.count < limit ?? .max, let row = try rows.next() {
            let html = try (row[7] as Data?).map(session.decompress)
            let subject = RuleSubject(
                feedTitle: row[1], feedURL: row[2],
                feedTags: (row[3] as String?).map { $0.split(separator: "\u{1F}").map(String.init) } ?? [],
                title: row[4], author: row[5], link: row[6], summary: html?.summary, content: html?.content)
            do {
                if try rule.matches(subject) { ids.append(row[0]) }
            } catch RuleInterruption.overBudget {
                throw RuleTooSlow(rule: rule.name, item: row[0])
            } catch RuleInterruption.cancelled {
                throw CancellationError()
            }
        }
        return ids
    }

    /// Whether any item is hidden (answered from the partial index `item_hidden`).
    static func hasHiddenItems(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM item WHERE is_hidden = 1)")) ?? false
    }

    /// The tags rules gave an item, sorted.
    public func itemTags(id: Int64) async throws -> [String] {
        try await read("read the tags of item \(id)") { db in
            TagName.sorted(try String.fetchAll(db, sql: "SELECT tag FROM item_tag WHERE item_id = ?", arguments: [id]))
        }
    }
}
