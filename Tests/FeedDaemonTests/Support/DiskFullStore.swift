import FeedEntities
import FeedStorage
import Foundation
import Synchronization

/// A `FeedStore` whose writes fail as a full disk makes SQLite fail them (SQLITE_FULL) while
/// `isFull`; reads, and writes while there is room, go to an in-memory `SQLiteFeedStore`.
/// Only the writes a refresh, a search and `status` make are refused; the others (subscribing,
/// tags, reading state) are left to the real store, which the tests use to set things up.
final class DiskFullStore: FeedStore {
    let base: SQLiteFeedStore
    private let full = Mutex(false)

    init() throws {
        base = try SQLiteFeedStore.inMemory()
    }

    var damage: DamagedDatabaseError? { base.damage }
    var databaseBytes: Int64 { base.databaseBytes }

    var isFull: Bool {
        get { full.withLock { $0 } }
        set { full.withLock { $0 = newValue } }
    }

    /// The error SQLite gives a write on a full disk.
    static func fullError(_ operation: String) -> FeedStoreDatabaseError {
        FeedStoreDatabaseError(operation: operation, reason: "database or disk is full", sqliteCode: 13)
    }

    private func refuse(_ operation: String) throws {
        if isFull { throw Self.fullError(operation) }
    }

    // MARK: - Refused while full

    func storeRefresh(feedID: Int64, document: ParsedFeed, check: FeedCheck, rules: RuleSet) async throws -> Int {
        try refuse("store the refresh of feed \(feedID)")
        return try await base.storeRefresh(feedID: feedID, document: document, check: check, rules: rules)
    }

    func recordNotModified(feedID: Int64, check: FeedCheck) async throws {
        try refuse("record that feed \(feedID) is unchanged")
        try await base.recordNotModified(feedID: feedID, check: check)
    }

    func recordFailure(feedID: Int64, error: String, check: FeedCheck) async throws {
        try refuse("record the failed refresh of feed \(feedID)")
        try await base.recordFailure(feedID: feedID, error: error, check: check)
    }

    func retireFeed(feedID: Int64, check: FeedCheck) async throws {
        try refuse("retire feed \(feedID)")
        try await base.retireFeed(feedID: feedID, check: check)
    }

    func bringNextCheckForward(feedID: Int64, to date: Date) async throws {
        try refuse("reschedule feed \(feedID)")
        try await base.bringNextCheckForward(feedID: feedID, to: date)
    }

    func moveFeed(id: Int64, to url: String) async throws -> Bool {
        try refuse("move feed \(id)")
        return try await base.moveFeed(id: id, to: url)
    }

    func indexPendingItems(limit: Int) async throws -> Int {
        try refuse("update the search index")
        return try await base.indexPendingItems(limit: limit)
    }

    func trainCompressionDictionary() async throws -> Bool {
        try refuse("store a compression dictionary")
        return try await base.trainCompressionDictionary()
    }

    func compactStoredText(limit: Int) async throws -> (examined: Int, rewritten: Int) {
        try refuse("compress stored items again")
        return try await base.compactStoredText(limit: limit)
    }

    func checkpoint() async throws {
        try refuse("checkpoint the database")
        try await base.checkpoint()
    }

    func reclaimFreePages() async throws {
        try refuse("give free pages back")
        try await base.reclaimFreePages()
    }

    // MARK: - Passed on

    func addFeed(
        url: String, document: ParsedFeed, check: FeedCheck, tags: [String], customTitle: String?, settings: FeedSettings,
        rules: RuleSet
    ) async throws -> (feed: Feed, itemCount: Int) {
        try await base.addFeed(
            url: url, document: document, check: check, tags: tags, customTitle: customTitle, settings: settings, rules: rules)
    }
    func changeSettings(feedID: Int64, _ change: @escaping @Sendable (inout FeedSettings) throws -> Void) async throws -> Feed {
        try refuse("change the settings of feed \(feedID)")
        return try await base.changeSettings(feedID: feedID, change)
    }
    func importFeeds(_ feeds: [FeedImport], at date: Date) async throws -> (added: [Feed], existing: [Feed]) {
        try await base.importFeeds(feeds, at: date)
    }
    func tagFeed(id: Int64, adding: [String], removing: [String]) async throws -> Feed {
        try await base.tagFeed(id: id, adding: adding, removing: removing)
    }
    func renameFeed(id: Int64, title: String?) async throws -> Feed { try await base.renameFeed(id: id, title: title) }
    func feeds() async throws -> [Feed] { try await base.feeds() }
    func feed(id: Int64) async throws -> Feed? { try await base.feed(id: id) }
    func removeFeed(id: Int64, keepStarred: Bool) async throws -> FeedRemoval? {
        try await base.removeFeed(id: id, keepStarred: keepStarred)
    }
    func storedTitle(of document: ParsedFeed) -> String? { base.storedTitle(of: document) }
    func items(_ query: ItemQuery) async throws -> [Item] { try await base.items(query) }
    func itemPage(_ query: ItemQuery, withPosition: Bool) async throws -> ItemPage {
        try await base.itemPage(query, withPosition: withPosition)
    }
    func item(id: Int64) async throws -> Item? { try await base.item(id: id) }
    func feed(ofItem id: Int64) async throws -> Feed? { try await base.feed(ofItem: id) }
    func itemsAwaitingArticle(feedID: Int64, now: Date, limit: Int) async throws -> [ArticleRequest] {
        try await base.itemsAwaitingArticle(feedID: feedID, now: now, limit: limit)
    }
    func articleRequest(itemID: Int64) async throws -> ArticleRequest? { try await base.articleRequest(itemID: itemID) }
    func article(itemID: Int64) async throws -> ItemArticle? { try await base.article(itemID: itemID) }
    func storeArticle(itemID: Int64, _ article: ItemArticle, etag: String?, lastModified: String?) async throws {
        try await base.storeArticle(itemID: itemID, article, etag: etag, lastModified: lastModified)
    }
    func recordArticleNotModified(itemID: Int64, at date: Date) async throws {
        try await base.recordArticleNotModified(itemID: itemID, at: date)
    }
    func recordArticleFailure(itemID: Int64, url: String, error: String, at date: Date, retryAt: Date?) async throws {
        try await base.recordArticleFailure(itemID: itemID, url: url, error: error, at: date, retryAt: retryAt)
    }
    func markRead(ids: [Int64], read: Bool) async throws -> Int { try await base.markRead(ids: ids, read: read) }
    func markAllRead(feedID: Int64?, read: Bool) async throws -> Int { try await base.markAllRead(feedID: feedID, read: read) }
    func setStarred(ids: [Int64], starred: Bool) async throws -> Int { try await base.setStarred(ids: ids, starred: starred) }
    func unknownItems(_ ids: [Int64]) async throws -> [Int64] { try await base.unknownItems(ids) }
    func lastShownItem() async throws -> Int64? { try await base.lastShownItem() }
    func setLastShownItem(_ id: Int64) async throws { try await base.setLastShownItem(id) }
    func newestItemID() async throws -> Int64 { try await base.newestItemID() }
    func statistics() async throws -> StoreStatistics { try await base.statistics() }
    func unindexedItemCount() async throws -> Int { try await base.unindexedItemCount() }
    func search(_ query: SearchQuery) async throws -> [ItemSearchResult] { try await base.search(query) }
    func applyRetention(_ policy: RetentionPolicy, now: Date) async throws -> RetentionResult {
        try await base.applyRetention(policy, now: now)
    }
    func integrityProblems() async throws -> [String] { try await base.integrityProblems() }
    func vacuum() async throws { try await base.vacuum() }
    func ruleMatchCounts() async throws -> [String: Int] { try await base.ruleMatchCounts() }
    func items(matching rule: Rule, limit: Int) async throws -> [Item] { try await base.items(matching: rule, limit: limit) }
    func apply(_ rule: Rule) async throws -> RuleApplication { try await base.apply(rule) }
}
