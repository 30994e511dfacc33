#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// Persistent storage of feeds and items.
///
/// All methods are safe to call concurrently: readers never wait for a writer (WAL), and each
/// write is one transaction, so a crash leaves either all or none of it.
///
/// Titles, names, tags and URLs are bounded by `TextLimit.maximumBytes` on every write: titles
/// and names from documents are shortened with `…`, links the store can do without (a site
/// link, an item's link or guid, an enclosure) are left out when too long, and what a caller
/// names is refused (a feed URL, a tag, a title of the user's own with a control character).
/// Feed and item titles from documents are stored as text (`ParsedFeed.titleText`,
/// `ParsedItem.titleText`): what every listing, search, rule and hook sees.
public protocol FeedStore: Sendable {
    /// The damage SQLite reported while the store served (a broken page, a header that is no
    /// database's any more); `nil` while none was. Once found, every write throws it
    /// (`DamagedDatabaseError`) until a restore succeeds; reads go on where they can.
    var damage: DamagedDatabaseError? { get }

    /// Stores a new feed, the items of its first fetch and what that fetch learned (validators,
    /// next check) in one transaction, with the user's tags and own title (`nil`: the document's).
    /// A feed unsubscribed from whose starred items were kept (`removeFeed`) is subscribed to
    /// again: it gets its number back, and its kept items are its items again (the document's
    /// items with the same keys are those items, not new ones).
    /// The feed's `settings` are stored with it (replacing those of a feed subscribed to again).
    /// New items go through `rules` (see `RuleSet`).
    /// - Returns: the stored feed and the number of items stored.
    /// - Throws: `FeedStoreError.alreadySubscribed` when `url` is already a feed, `.invalidTag`,
    ///   `.invalidTitle` (a control character in `customTitle`), `.unstorableURL`;
    ///   `CancellationError` when the task is cancelled as a rule matches (nothing is stored).
    func addFeed(
        url: String, document: ParsedFeed, check: FeedCheck, tags: [String], customTitle: String?, settings: FeedSettings,
        rules: RuleSet
    ) async throws -> (feed: Feed, itemCount: Int)

    /// Adds the feeds of an imported subscription list in one transaction, without items: they
    /// are due at once, so the next refresh fetches them. URLs already subscribed (or listed
    /// twice) are left as they are; a feed unsubscribed from whose starred items were kept is
    /// subscribed to again, as `addFeed` does. Titles are kept by their `FeedImport.TitleRole`.
    /// - Returns: the feeds added and the feeds that were already there, in the list's order.
    /// - Throws: `FeedStoreError.invalidTag`, `.invalidTitle`, `.unstorableURL` (nothing is
    ///   added then).
    func importFeeds(_ feeds: [FeedImport], at date: Date) async throws -> (added: [Feed], existing: [Feed])

    /// Adds and removes tags of a feed (case-insensitively; adding a tag it has, or removing
    /// one it lacks, changes nothing).
    /// - Returns: the feed afterwards.
    /// - Throws: `FeedStoreError.feedNotFound`, `.invalidTag`.
    func tagFeed(id: Int64, adding: [String], removing: [String]) async throws -> Feed

    /// Changes a feed's settings (`FeedSettings`, stored in clear: the database is the user's
    /// own, mode 0600) in one transaction: `change` gets them as stored and edits them, so two
    /// changes at once both take effect.
    /// - Returns: the feed afterwards.
    /// - Throws: `FeedStoreError.feedNotFound`; what `change` throws, and then nothing changes.
    func changeSettings(feedID: Int64, _ change: @escaping @Sendable (inout FeedSettings) throws -> Void) async throws -> Feed

    /// Gives a feed the user's own title, which refreshes never replace; `nil` returns to the
    /// title of the feed document.
    /// - Returns: the feed afterwards.
    /// - Throws: `FeedStoreError.feedNotFound`, `.invalidTitle` when `title` holds a control
    ///   character (a NUL would cut it short).
    func renameFeed(id: Int64, title: String?) async throws -> Feed

    /// Every feed with its counters, in subscription order (feeds unsubscribed from are not).
    func feeds() async throws -> [Feed]

    /// Every feed's number, URL and title (as `feeds()` gives it), in subscription order: what a
    /// feed selector is matched against, without the counters, tags and settings `feeds()`
    /// reads for each of thousands of feeds.
    func feedNames() async throws -> [FeedName]

    /// Frees the page caches of the database connections (readers are closed once free, and
    /// opened again when a read needs one): for a daemon that sleeps until its next pass. Holds
    /// no read back; returns once the writer's cache is freed.
    func releaseMemory() async

    /// The feed with this number, or `nil` (also for a feed unsubscribed from).
    func feed(id: Int64) async throws -> Feed?

    /// The feed of item `id` (whose settings fetch what the item links to), or `nil` for an
    /// unknown item or one whose feed was unsubscribed from. Reads no item text.
    func feed(ofItem id: Int64) async throws -> Feed?

    /// Unsubscribes from a feed: deletes its items, except, with `keepStarred`, its starred
    /// items whose article no other feed has (a starred article another feed also brought stays
    /// listed, starred, through that feed). Kept items stay as items of a feed unsubscribed
    /// from: listed, searched and shown with its last title and `removedFeedMark`, never
    /// refreshed; the feed is out of `feeds()`, exports and the feed counters, and goes with
    /// its last item (`applyRetention` deletes those that are no longer starred).
    /// - Returns: the feed as it was and what became of its items, or `nil` when there was no
    ///   feed with this number.
    func removeFeed(id: Int64, keepStarred: Bool) async throws -> FeedRemoval?

    /// Stores a successful refresh in one transaction: feed metadata, new items (deduplicated on
    /// `ParsedItem.storeKey`), updated text of known items, and what `check` learned (the
    /// failure count returns to 0); read state is never touched. With `check.failure` (a
    /// document cut short) the items are stored all the same, but the attempt is recorded as
    /// that failure, as `recordFailure` would, and the feed's validators are forgotten. New
    /// items go through `rules` (see `RuleSet`).
    /// - Returns: the number of items stored for the first time.
    /// - Throws: `FeedStoreError.feedNotFound` when the feed was removed meanwhile;
    ///   `CancellationError` when the task is cancelled as a rule matches (nothing is stored).
    func storeRefresh(feedID: Int64, document: ParsedFeed, check: FeedCheck, rules: RuleSet) async throws -> Int

    /// The title the store keeps for `document`: its title as text, bounded; `nil` when it has
    /// none (the stored title is then left as it was). Pure: reads nothing, safe from any thread.
    func storedTitle(of document: ParsedFeed) -> String?

    /// Records a `304 Not Modified`: a success that writes no item.
    func recordNotModified(feedID: Int64, check: FeedCheck) async throws

    /// Records a failed refresh attempt (one more failure in a row, or `check.failures`); the
    /// feed's items are kept.
    func recordFailure(feedID: Int64, error: String, check: FeedCheck) async throws

    /// Retires a feed whose server answered `410 Gone`: kept with its items, no longer polled.
    func retireFeed(feedID: Int64, check: FeedCheck) async throws

    /// Brings a feed's next check forward to `date` (a later one is left as it is, and so is a
    /// removed feed); a feed removed meanwhile is no error.
    func bringNextCheckForward(feedID: Int64, to date: Date) async throws

    /// Gives a feed the URL it moved to, keeping its items and their read state.
    /// - Returns: `false` (and changes nothing) when another feed already has that URL, or when
    ///   the URL cannot be stored whole.
    func moveFeed(id: Int64, to url: String) async throws -> Bool

    /// Items matching the query, newest first (published, else updated, else first seen).
    func items(_ query: ItemQuery) async throws -> [Item]

    /// A page of a listing: the items `items(query)` returns, and with `withPosition` where
    /// they lie in the whole listing (`ItemPage.Position`), read in one transaction so that
    /// the counts agree with the page.
    /// - Throws: `FeedStoreError.itemNotFound` when `query.listedAfter` or `listedBefore`
    ///   names no item (where `items` returns none), so that a pager learns its anchor is
    ///   gone; `FeedStoreError.invalidSearch` as `items`.
    func itemPage(_ query: ItemQuery, withPosition: Bool) async throws -> ItemPage

    /// One item with its full content, or `nil`.
    func item(id: Int64) async throws -> Item?

    // MARK: - Articles (SQLiteFeedStore+Articles.swift)

    /// Up to `limit` items of the feed whose page is to be fetched for its article: unread
    /// items whose page was never fetched, newest first, then those whose article is stale (the
    /// feed changed their text) or whose failed fetch is due again at `now`. Hidden items and
    /// items without an http(s) link are left out.
    func itemsAwaitingArticle(feedID: Int64, now: Date, limit: Int) async throws -> [ArticleRequest]

    /// What a fetch of the item's page starts from (its link; the validators when an article is
    /// kept), or `nil` for an unknown item or one without a link.
    func articleRequest(itemID: Int64) async throws -> ArticleRequest?

    /// The article kept for the item, or `nil` when its page was never fetched.
    func article(itemID: Int64) async throws -> ItemArticle?

    /// Keeps what a fetch of the item's page gave (`extracted` with its HTML, or `noArticle`),
    /// with the page's validators, in place of what was kept; failures are forgotten.
    /// - Throws: `FeedStoreError.itemNotFound` when the item is gone.
    func storeArticle(itemID: Int64, _ article: ItemArticle, etag: String?, lastModified: String?) async throws

    /// Records a `304 Not Modified` for the item's page: the kept article is current.
    func recordArticleNotModified(itemID: Int64, at date: Date) async throws

    /// Records a failed fetch of the item's page (one more in a row), to be tried again at
    /// `retryAt` (`nil`: not on its own); a kept article stays.
    /// - Throws: `FeedStoreError.itemNotFound` when the item is gone.
    func recordArticleFailure(itemID: Int64, url: String, error: String, at date: Date, retryAt: Date?) async throws

    /// Folds the writes made so far into the database file, after a batch of them such as a
    /// refresh pass: cheaper than doing it every few transactions, which writes the pages that
    /// every transaction changes again each time. Copies what no reader needs without waiting;
    /// empties a long log once it was copied whole, waiting for readers older than the copy.
    func checkpoint() async throws

    /// Gives the database's free pages back to the file system once they are many (what
    /// deleted items, index merges and compaction left), a bounded step per write transaction,
    /// so refreshes wait for one step at most. The file shrinks at the next checkpoint.
    /// - Throws: the database's errors; `CancellationError` stops between steps.
    func reclaimFreePages() async throws

    /// Sets the read state of items.
    /// - Returns: the number of items whose state changed; unknown numbers are ignored.
    func markRead(ids: [Int64], read: Bool) async throws -> Int

    /// Sets the read state of every item, or of every item of one feed.
    /// - Returns: the number of items whose state changed.
    func markAllRead(feedID: Int64?, read: Bool) async throws -> Int

    /// Stars or unstars items, and every other copy of the same articles (as `markRead` reads
    /// them all).
    /// - Returns: the number of the named items whose state changed; unknown numbers are ignored.
    func setStarred(ids: [Int64], starred: Bool) async throws -> Int

    /// The numbers among `ids` that name no item, in the given order.
    func unknownItems(_ ids: [Int64]) async throws -> [Int64]

    /// The item shown last to be read (`tidings show`), where `show --next` goes on; `nil`
    /// before the first, or once that item is deleted. Kept across restarts.
    func lastShownItem() async throws -> Int64?

    /// Records that the item numbered `id` was shown to be read; an unknown number is ignored.
    func setLastShownItem(_ id: Int64) async throws

    /// The highest item number so far (0 for an empty store): items stored later have higher ones.
    func newestItemID() async throws -> Int64

    /// Counters for `tidings status` (feeds unsubscribed from are not counted as feeds; their
    /// kept items count as items).
    func statistics() async throws -> StoreStatistics

    /// Brings the search index up to date for at most `limit` items stored or changed since
    /// they were last indexed, with the words the store's `HTMLText` reads. Runs as one write
    /// transaction.
    /// - Returns: how many items were indexed; 0 when the index is up to date.
    func indexPendingItems(limit: Int) async throws -> Int

    /// Trains the dictionary that items' HTML is compressed with, once the store has enough
    /// items and has none yet; does nothing while another training runs. Reads, then works on
    /// no database connection, then writes the dictionary: safe beside a refresh pass.
    /// - Returns: whether the store has a dictionary now.
    func trainCompressionDictionary() async throws -> Bool

    /// Compresses again with the current dictionary up to `limit` of the items stored before
    /// it (`trainCompressionDictionary`), in one write transaction.
    /// - Returns: how many items the batch went over (0 when there is nothing left to do), and
    ///   how many of them it rewrote.
    func compactStoredText(limit: Int) async throws -> (examined: Int, rewritten: Int)

    /// How many items wait for the search index (stored or changed since last indexed): the
    /// items a search cannot find yet while `indexPendingItems` cannot write. Read only.
    func unindexedItemCount() async throws -> Int

    /// Full-text search over titles, summaries and contents, best match first. Only items
    /// already indexed are found (see `indexPendingItems`).
    /// - Throws: `FeedStoreError.invalidSearch` when `query.match` is not a valid query.
    func search(_ query: SearchQuery) async throws -> [ItemSearchResult]

    /// Deletes the items `policy` lets go (with their search-index rows), one transaction per
    /// feed, and remembers their keys so that a refresh does not store them again as new while
    /// the feed still lists them. Whatever the policy, the items of feeds unsubscribed from that
    /// are no longer starred go too, and such a feed with its last item; otherwise a policy
    /// with no limit deletes nothing.
    /// - Parameter now: the time item ages are measured from.
    /// - Returns: how many items were deleted, in all and per feed.
    /// - Throws: database errors; `CancellationError` between feeds (the feeds done stay done).
    func applyRetention(_ policy: RetentionPolicy, now: Date) async throws -> RetentionResult

    /// Checks the database (`PRAGMA integrity_check`, then `PRAGMA foreign_key_check`) on a
    /// reader, concurrently with writes.
    /// - Returns: the problems found, one line each; empty when the database is sound.
    func integrityProblems() async throws -> [String]

    /// The database file and its write-ahead log, in bytes (0 in memory), from the file
    /// system: known even when the database cannot be read.
    var databaseBytes: Int64 { get }

    /// Sets the feeds' item counters from their items, rewrites the database file without its
    /// free pages (`VACUUM`) and folds the write-ahead log back into it. Holds the writer
    /// throughout, so refreshes wait; readers go on.
    /// Cancellation interrupts it and leaves the database as it was.
    func vacuum() async throws

    // MARK: Rules (SQLiteFeedStore+Rules.swift)

    /// How many items each rule has matched since the database was created, by rule name
    /// (names that never matched are absent).
    func ruleMatchCounts() async throws -> [String: Int]

    /// A dry run: the stored items (hidden ones included) `rule` matches, newest first, at most
    /// `limit`; nothing is changed. Reads every item's text, on a reader, concurrently with writes.
    /// - Throws: `RuleTooSlow` as soon as the rule runs out of its `RuleBudget.perItem` on an
    ///   item (the dry run cannot tell whether it matches); `CancellationError` when cancelled.
    func items(matching rule: Rule, limit: Int) async throws -> [Item]

    /// Does to the stored items (hidden ones included) that `rule` matches what the rule does
    /// to a new item: marks them read (every copy of the same article, as `markRead` does),
    /// stars, hides or tags them. Matches as `items(matching:limit:)` does, then changes every
    /// matching item in one transaction; match counters (`ruleMatchCounts`) count new items
    /// only and stay as they are.
    /// - Returns: how many items matched and how many each action changed.
    /// - Throws: `RuleTooSlow` as soon as the rule runs out of its `RuleBudget.perItem` on an
    ///   item, before anything is changed; `CancellationError` when cancelled.
    func apply(_ rule: Rule) async throws -> RuleApplication
}
