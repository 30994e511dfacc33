import FeedEntities
import Foundation
import GRDB

/// Turns rows of `SQLiteFeedStore.itemSelect` (or a select with the same first columns and the
/// named ones) into items: dates, JSON lists, the compressed summary and content, the feeds of
/// other copies, tags, and the excerpt of an untitled item. One per query, on one thread.
struct ItemRowReader {
    let coder = JSONColumnCoder()
    /// Decompresses `html` and `untitled_html`.
    let session: TextCompressor.Session
    /// Reads the text of an untitled item for its excerpt.
    let htmlToText: (String) -> String

    /// Characters of an untitled item's HTML read for its excerpt: more than the excerpt's
    /// words even under heavy markup.
    static let untitledHTMLRead = 2_000

    /// - Throws: `DatabaseError` (SQLITE_CORRUPT) when the stored HTML cannot be read back.
    func item(from row: Row, includeContent: Bool) throws -> Item {
        let html = try includeContent ? (row[14] as Data?).map(session.decompress) : nil
        var item = Item(
            id: row[0], feedID: row[1], feedTitle: row[2], guid: row[3], title: row[4],
            link: row[5], author: row[6],
            published: (row[7] as Double?).map(Date.init(timeIntervalSince1970:)),
            updated: (row[8] as Double?).map(Date.init(timeIntervalSince1970:)),
            summary: html?.summary,
            content: html?.content,
            categories: coder.decode(String.self, from: row[9]),
            enclosures: coder.decode(Enclosure.self, from: row[10]),
            firstSeen: Date(timeIntervalSince1970: row[11]),
            isRead: row[12], isStarred: row[13])
        // The feeds of the other copies of the same article (unit separator between titles).
        if let copies: String = row["also_in"] {
            item.alsoIn = copies.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
        }
        if let tags: String = row["tags"] {
            item.tags = TagName.sorted(tags.split(separator: "\u{1F}").map(String.init))
        }
        if let untitled: Data = row["untitled_html"] {
            // The start of the content, else of the summary.
            let stored = try session.decompress(untitled)
            if let text = stored.content.flatMap({ $0.isEmpty ? nil : $0 }) ?? stored.summary {
                let start = String(String.UnicodeScalarView(text.unicodeScalars.prefix(Self.untitledHTMLRead)))
                item.excerpt = Item.excerpt(ofText: htmlToText(start))
            }
        }
        return item
    }
}
