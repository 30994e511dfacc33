import FeedEntities
import Foundation
import GRDB
import Synchronization

extension SQLiteFeedStore {
    /// How a page of a listing that asks the search index (`list --search`, a view or `--where`
    /// with words) finds its items. The index streams a word's matches quickly (40 ns a match
    /// here), but each way of joining them with the listing's order costs in proportion to
    /// something else, so the cheapest depends on how many items match (figures: bench/RESULTS.md):
    enum FullTextAccess: Sendable, Equatable {
        /// The matches gathered once, looked up and sorted: for a word few items have, where
        /// the date order would be walked far for each page.
        case fromMatches
        /// The listing's date index walked, each item tested against the matches gathered
        /// once: for a word of many items, too many to sort, not enough to test one by one.
        case againstMatches
        /// The date index walked, the search index asked about each item: for a word most
        /// items have, whose matches (hundreds of thousands) would cost more to gather than
        /// the few dozen items a page tests.
        case askingEach
    }

    /// Matches below which a listing starts from them (`fromMatches`).
    static let fewMatches = 4_000

    /// Matches from which asking the index about each item walked costs less than gathering
    /// them: a page of 50 asks about 50 × N / M items (N listed, M matching) at ~20 µs each,
    /// gathering costs ~0.12 µs a match; the two are equal at M = 91 √N (29,000 matches of
    /// 100,000 items, 91,000 of 1,000,000).
    static func manyMatches(listed: Double) -> Int {
        max(fewMatches, Int(91 * listed.squareRoot()))
    }

    /// The access for `query`'s page, by how many items match its one full-text condition;
    /// `nil` (SQLite chooses, as for every other listing) when it has none, several, or one
    /// that is no condition of the whole listing (inside `OR` or `NOT`), and when the page
    /// is no page of the date order across feeds.
    ///
    /// The counts (7 ms for a word of most of a million items) are made once for a word in
    /// `cache`'s time: how many items have a word changes slowly.
    static func fullTextAccess(_ query: ItemQuery, _ db: Database, cache: FullTextAccessCache? = nil) throws -> FullTextAccess? {
        guard query.limit != nil, query.order == .date, query.afterID == nil, query.feedID == nil, !query.includeHidden,
              !query.starredOnly, let expression = topLevelMatch(of: query)
        else { return nil }
        if let known = cache?.access(for: expression) { return known }
        let access = try counted(expression, db)
        cache?.remember(access, for: expression)
        return access
    }

    /// The access by how many items match `expression`.
    private static func counted(_ expression: String, _ db: Database) throws -> FullTextAccess {
        let statement = try db.cachedStatement(
            sql: "SELECT count(*) FROM (SELECT 1 FROM item_fts WHERE item_fts MATCH ? LIMIT ?)")
        let few = try Int.fetchOne(statement, arguments: [expression, fewMatches]) ?? 0
        if few < fewMatches { return .fromMatches }
        let listed = try Double.fetchOne(db.cachedStatement(sql: "SELECT TOTAL(item_count) FROM feed")) ?? 0
        let threshold = manyMatches(listed: listed)
        let many = try Int.fetchOne(statement, arguments: [expression, threshold]) ?? 0
        return many < threshold ? .againstMatches : .askingEach
    }

    /// The FTS5 expression of `query`'s one full-text condition when it holds for the whole
    /// listing: `match`, or the words of the filter's top-level AND (one `MATCH`, as
    /// `ItemFilterSQL` asks them); `nil` when there is none or more than one.
    static func topLevelMatch(of query: ItemQuery) -> String? {
        let sql = query.filter.map { ItemFilterSQL($0, now: Date()) }
        let filterMatches = sql?.matches ?? []
        if let match = query.match { return filterMatches.isEmpty ? match : nil }
        guard filterMatches.count == 1, let only = filterMatches.first, only.topLevel else { return nil }
        return only.expression
    }

    /// `items(query)` with its full-text condition joined `access`, to compare the ways.
    func items(_ query: ItemQuery, fullTextAccess access: FullTextAccess) async throws -> [Item] {
        let query = query.liftingFilterTerms()
        return try await read("list items") { db in
            try Self.listedItems(query, db, reader: itemRowReader(), fullTextAccess: access)
        }
    }

    /// The way `items(query)` joins its full-text condition.
    func fullTextAccess(of query: ItemQuery) async throws -> FullTextAccess? {
        let query = query.liftingFilterTerms()
        return try await read("explain the listing") { db in try Self.fullTextAccess(query, db) }
    }
}

/// The ways listings joined their words lately, by FTS5 expression, each for
/// `lifetime` seconds (how many items have a word changes slowly, and a way that has become the
/// dearer one still lists the same items); at most `capacity` words. Safe from any thread.
final class FullTextAccessCache: Sendable {
    static let lifetime: TimeInterval = 600
    static let capacity = 256
    private let entries = Mutex<[String: (access: SQLiteFeedStore.FullTextAccess, until: Date)]>([:])

    func access(for expression: String, now: Date = Date()) -> SQLiteFeedStore.FullTextAccess? {
        entries.withLock { entries in
            guard let entry = entries[expression], entry.until > now else { return nil }
            return entry.access
        }
    }

    func remember(_ access: SQLiteFeedStore.FullTextAccess, for expression: String, now: Date = Date()) {
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries = entries.filter { $0.value.until > now } }
            if entries.count >= Self.capacity { entries.removeAll() }
            entries[expression] = (access, now.addingTimeInterval(Self.lifetime))
        }
    }
}

