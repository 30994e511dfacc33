import FeedEntities
import Foundation
import GRDB

/// The rows of `item` as listings read them: where an item sits in a listing's order, the
/// listing's SQL and filters, and the columns every item select reads.
extension SQLiteFeedStore {
    // MARK: - Rows

    /// Where an item sits in the listing's order: (date, number), larger first, and the
    /// columns the other orders sort by.
    struct ListingAnchor: Sendable {
        var date: Double
        var id: Int64
        var title: String = ""
        var feedID: Int64 = 0
        var isRead: Bool = false
    }

    /// The place of `query`'s `listedAfter` or `listedBefore` item; `nil` without one, or
    /// when no item has that number.
    static func anchor(of query: ItemQuery, _ db: Database) throws -> ListingAnchor? {
        guard let id = query.listedAfter ?? query.listedBefore else { return nil }
        guard query.order != .date else {
            let statement = try db.cachedStatement(sql: "SELECT \(sortDate) FROM item WHERE id = ?")
            return try Double.fetchOne(statement, arguments: [id]).map { ListingAnchor(date: $0, id: id) }
        }
        let statement = try db.cachedStatement(
            sql: "SELECT \(sortDate), \(sortTitle), item.feed_id, item.is_read FROM item WHERE id = ?")
        return try Row.fetchOne(statement, arguments: [id]).map { row in
            ListingAnchor(date: row[0], id: id, title: row[1], feedID: row[2], isRead: row[3])
        }
    }

    /// The title a listing by title sorts by: without case, an untitled item first.
    static let sortTitle = "COALESCE(item.title, '') COLLATE NOCASE"

    /// The SQL and arguments of a listing; `anchor` is the place of `query`'s `listedAfter`
    /// or `listedBefore` item (`anchor(of:_:)`), `tagAccess` how a listing by tag finds its
    /// items (`tagAccess(_:_:)`).
    static func listing(
        _ query: ItemQuery, anchor: ListingAnchor?, tagAccess: TagAccess = .dateOrder, fullText: FullTextAccess? = nil
    ) -> (sql: String, arguments: StatementArguments) {
        let order = ListingOrder(query)
        // Feed by feed, a tag's items are gathered in date order only.
        if let tag = query.tag, tagAccess == .feedByFeed, query.order == .date {
            var untagged = query
            untagged.tag = nil
            let (conditions, arguments) = listingConditions(untagged, anchor: anchor)
            return tagListing(tag: tag, conditions: conditions, arguments: arguments, order: order, query)
        }
        var (conditions, arguments) = listingConditions(query, anchor: anchor, fullText: fullText)
        // Always bound, so the SQL (and its cached statement) depends only on the filters.
        arguments += [query.limit ?? -1]
        // A word of many items is joined with the date order walked (`FullTextAccess`).
        let walked = fullText == .againstMatches || fullText == .askingEach ? " INDEXED BY item_listed_by_date" : ""
        let sql = itemSelect(includeContent: query.includeContent, index: walked.isEmpty ? starredIndex(query) : walked)
            + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "))
            + " ORDER BY \(order.sql) LIMIT ?"
        return (sql, arguments)
    }

    /// Starred items across feeds are read from their own small index, in the date order: left
    /// to choose, SQLite walks the listing's index of every item for the few starred ones (10 ms
    /// at 100,000 items, for none).
    static func starredIndex(_ query: ItemQuery) -> String {
        query.starredOnly && query.feedID == nil ? " INDEXED BY item_starred_by_date" : ""
    }

    /// `filter(query)` and the conditions of `query`'s anchors.
    static func listingConditions(
        _ query: ItemQuery, anchor: ListingAnchor?, fullText: FullTextAccess? = nil
    ) -> (conditions: [String], arguments: StatementArguments) {
        var (conditions, arguments) = filter(query, askingEach: fullText == .askingEach)
        if let anchor, query.listedAfter != nil || query.listedBefore != nil {
            let side = query.listedAfter != nil ? ListingSide.after : .before
            conditions.append(listedRelative(side, query.order))
            arguments += listedRelativeArguments(anchor, query.order)
        }
        if let afterID = query.afterID {
            conditions.append("item.id > ?")
            arguments += [afterID]
        }
        return (conditions, arguments)
    }

    /// The order a listing's rows are read in.
    enum ListingOrder {
        /// The listing's order (newest first, unless the query orders otherwise).
        case newestFirst(ItemOrder)
        /// The items nearest the anchor, or the last, first: read upwards (the same index,
        /// walked the other way) and turned round by `items`.
        case oldestFirst(ItemOrder)
        /// By number, for `afterID`.
        case byNumber

        init(_ query: ItemQuery) {
            if query.afterID != nil {
                self = .byNumber
            } else if query.listedBefore != nil || query.fromEnd {
                self = .oldestFirst(query.order)
            } else {
                self = .newestFirst(query.order)
            }
        }

        /// The ORDER BY terms over `item`.
        var sql: String {
            switch self {
            case .newestFirst(.date): "\(sortDate) DESC, item.id DESC"
            case .oldestFirst(.date): "\(sortDate), item.id"
            case .newestFirst(.title): "\(sortTitle), item.id"
            case .oldestFirst(.title): "\(sortTitle) DESC, item.id DESC"
            case .newestFirst(.feed): "item.feed_id, \(sortDate) DESC, item.id DESC"
            case .oldestFirst(.feed): "item.feed_id DESC, \(sortDate), item.id"
            case .newestFirst(.unreadFirst): "item.is_read, \(sortDate) DESC, item.id DESC"
            case .oldestFirst(.unreadFirst): "item.is_read DESC, \(sortDate), item.id"
            case .byNumber: "item.id"
            }
        }

        /// The ORDER BY terms over the columns `id` and `date` of a subquery (date order only).
        var overColumns: String {
            switch self {
            case .newestFirst: "date DESC, id DESC"
            case .oldestFirst: "date, id"
            case .byNumber: "id"
            }
        }
    }

    /// Whether `listing(query)` reads upwards, so that its rows come oldest first.
    static func readsUpwards(_ query: ItemQuery) -> Bool {
        query.afterID == nil && (query.listedBefore != nil || query.fromEnd)
    }

    /// Which side of an anchor item a condition keeps, in the listing's order.
    enum ListingSide {
        case after, before
    }

    /// The condition "listed after (below) / before (above) the anchor", whose arguments are
    /// `listedRelativeArguments`: the listing's order is (date, number) descending. Spelt as a
    /// range of `sortDate` first, which SQLite seeks to in the date indexes; a row value
    /// `(date, id) < (…)` would make it walk them from the top, testing every row.
    ///
    /// The other orders put their leading column first: by title (ascending, then number),
    /// by feed or unread first (that column ascending, then as by date).
    static func listedRelative(_ side: ListingSide, _ order: ItemOrder = .date) -> String {
        let (inclusive, strict) = side == .after ? ("<=", "<") : (">=", ">")
        let byDate = "\(sortDate) \(inclusive) ? AND (\(sortDate) \(strict) ? OR item.id \(strict) ?)"
        // Ascending columns compare the other way round.
        let ascending = side == .after ? ">" : "<"
        switch order {
        case .date:
            return byDate
        case .title:
            return "(\(sortTitle) \(ascending) ? OR (\(sortTitle) = ? AND item.id \(ascending) ?))"
        case .feed:
            return "(item.feed_id \(ascending) ? OR (item.feed_id = ? AND \(byDate)))"
        case .unreadFirst:
            return "(item.is_read \(ascending) ? OR (item.is_read = ? AND \(byDate)))"
        }
    }

    static func listedRelativeArguments(_ anchor: ListingAnchor, _ order: ItemOrder = .date) -> StatementArguments {
        let byDate: StatementArguments = [anchor.date, anchor.date, anchor.id]
        switch order {
        case .date: return byDate
        case .title: return [anchor.title, anchor.title, anchor.id]
        case .feed: return [anchor.feedID, anchor.feedID] + byDate
        case .unreadFirst: return [anchor.isRead, anchor.isRead] + byDate
        }
    }

    /// The conditions of a listing's filters (everything but its anchors and order): what
    /// decides which items the whole listing has, for the listing and for its counts.
    /// With `askingEach`, each item asks the search index (`FullTextAccess.askingEach`).
    static func filter(_ query: ItemQuery, askingEach: Bool = false) -> (conditions: [String], arguments: StatementArguments) {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        // Literal `is_read = 0` and `is_starred = 1` let SQLite use the partial indexes.
        if query.unreadOnly { conditions.append("item.is_read = 0") }
        if query.starredOnly { conditions.append("item.is_starred = 1") }
        // Rules (SQLiteFeedStore+Rules.swift): hidden items only when asked for.
        if !query.includeHidden { conditions.append("item.is_hidden = 0") }
        if let feedID = query.feedID {
            conditions.append("item.feed_id = ?")
            arguments += [feedID]
        }
        if let tag = query.tag {
            // Feed tags, and tags rules gave single items (SQLiteFeedStore+Rules.swift). Tested
            // on each row of the date order (`TagAccess.dateOrder`): the unary `+` keeps SQLite
            // from gathering every tagged item through the two look-ups and sorting them all.
            conditions.append("""
                (+item.feed_id IN (SELECT feed_id FROM feed_tag WHERE tag = ?)
                 OR +item.id IN (SELECT item_id FROM item_tag WHERE tag = ?))
                """)
            arguments += [tag, tag]
        }
        // The same article through several feeds is listed once, as its first arrival, unless
        // the listing is about one feed.
        if query.feedID == nil { conditions.append("item.duplicate_of IS NULL") }
        if let since = query.since {
            conditions.append("\(sortDate) >= ?")
            arguments += [since.timeIntervalSince1970]
        }
        if let match = query.match {
            conditions.append(ItemFilterSQL.matching(askingEach: askingEach))
            arguments += [match]
        }
        if let filter = query.filter {
            let sql = ItemFilterSQL(filter, now: query.filterTime ?? Date(), askingEach: askingEach)
            conditions.append(sql.condition)
            arguments += sql.arguments
        }
        return (conditions, arguments)
    }

    /// Columns 0...13 are the same in both variants, so decoding reads them by position; the
    /// compressed summary and content (`html`) come last, only when asked for. `index` is an
    /// `INDEXED BY` clause for `item`, or empty.
    static func itemSelect(includeContent: Bool, index: String = "") -> String {
        """
        SELECT item.id, item.feed_id, \(displayedFeedTitle("feed")), item.guid, item.title,
               item.link, item.author, item.published, item.updated, item.categories, item.enclosures,
               item.first_seen, item.is_read, item.is_starred\(includeContent ? ", item.html" : ""),
               (SELECT group_concat(\(displayedFeedTitle("copy_feed")), char(31))
                FROM item AS copy JOIN feed AS copy_feed ON copy_feed.id = copy.feed_id
                WHERE copy.duplicate_of = item.id) AS also_in,
               \(tagsColumn), \(untitledTextColumn)
        FROM item\(index) JOIN feed ON feed.id = item.feed_id
        """
    }

    /// For an untitled item (no title, or one of white space, as `Item.isUntitled` reads it:
    /// the characters trimmed are the white space titles hold), its compressed summary and
    /// content, as the column `untitled_html` that `ItemRowReader` makes the excerpt of; NULL
    /// for the others, which are most and cost nothing here.
    static let untitledTextColumn = """
        CASE WHEN item.title IS NULL OR trim(item.title, ' ' || char(9, 10, 11, 12, 13, 133, 160, 8232, 8233, 12288)) = ''
             THEN item.html END AS untitled_html
        """

    /// The tags rules gave the item (`item_tag`), unit-separated, as the column `tags` that
    /// `item(from:)` reads.
    static let tagsColumn = "(SELECT group_concat(tag, char(31)) FROM item_tag WHERE item_tag.item_id = item.id) AS tags"

    /// What reads rows of `itemSelect` on this store (one per query: it has its own zstd contexts).
    func itemRowReader() -> ItemRowReader {
        ItemRowReader(session: compressor.makeSession(), htmlToText: htmlToText)
    }
}
