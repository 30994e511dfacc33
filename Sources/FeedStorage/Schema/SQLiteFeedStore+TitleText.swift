import FeedEntities
import GRDB

extension SQLiteFeedStore {
    /// Rows the title migration reads at a time, so that a large database is never held whole.
    static let titleMigrationBatch = 1_000

    /// Feed and item titles stored as the document had them, escaped markup and all
    /// (`Lamp <b>replaced</b>`, `Bob &amp; Co`), stored as text. Their type is no longer known,
    /// so a title is converted when it looks like markup (`TitleType.unknown`); an item whose
    /// title changes is queued for the search index again (`indexed = 0`), which holds the text.
    /// The user's own titles (`custom_title`) are theirs and stay as they are.
    ///
    /// Only titles holding `<` or `&` can look like markup: SQLite finds those (`instr`), and
    /// they are read in batches of `titleMigrationBatch` rows in id order.
    static func titlesAsText(_ db: Database, htmlToText: (String) -> String) throws {
        for table in ["feed", "item"] {
            let read = try db.makeStatement(sql: """
                SELECT id, title\(table == "feed" ? ", url" : "") FROM \(table)
                WHERE id > ? AND (instr(title, '<') > 0 OR instr(title, '&') > 0)
                ORDER BY id LIMIT ?
                """)
            // An item's search index row is rebuilt from the new title.
            let update = try db.makeStatement(
                sql: "UPDATE \(table) SET title = ?\(table == "item" ? ", indexed = 0" : "") WHERE id = ?")
            var after: Int64 = 0
            while true {
                let rows = try Row.fetchAll(read, arguments: [after, titleMigrationBatch])
                guard let last = rows.last else { break }
                after = last["id"]
                for row in rows {
                    let title: String = row["title"]
                    let text = TitleType.unknown.displayText(of: title, htmlToText: htmlToText)
                    guard text != title else { continue }
                    // A feed's title is never empty (its URL stands in), an item's may be absent.
                    let url: String? = table == "feed" ? row["url"] : nil
                    let stored = StoredText.title(text) ?? url
                    try update.execute(arguments: [stored, row["id"] as Int64])
                }
            }
        }
    }
}
