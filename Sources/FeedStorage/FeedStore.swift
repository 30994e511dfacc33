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
public protocol FeedStore: Sendable {
    /// Stores a new feed, the items of its first fetch and what that fetch learned (validators,
    /// next check) in one transaction.
    /// - Returns: the stored feed and the number of items stored.
    /// - Throws: `FeedStoreError.alreadySubscribed` when `url` is already a feed.
    func addFeed(url: String, document: ParsedFeed, check: FeedCheck) async throws -> (feed: Feed, itemCount: Int)

    /// Every feed with its counters, in subscription order.
    func feeds() async throws -> [Feed]

    /// The feed with this number, or `nil`.
    func feed(id: Int64) async throws -> Feed?

    /// Removes a feed and all its items.
    /// - Returns: the removed feed, or `nil` when there was none with this number.
    func removeFeed(id: Int64) async throws -> Feed?

    /// Stores a successful refresh in one transaction: feed metadata, new items (deduplicated on
    /// `ParsedItem.storeKey`), updated text of known items, and what `check` learned (the
    /// failure count returns to 0); read state is never touched.
    /// - Returns: the number of items stored for the first time.
    /// - Throws: `FeedStoreError.feedNotFound` when the feed was removed meanwhile.
    func storeRefresh(feedID: Int64, document: ParsedFeed, check: FeedCheck) async throws -> Int

    /// Records a `304 Not Modified`: a success that writes no item.
    func recordNotModified(feedID: Int64, check: FeedCheck) async throws

    /// Records a failed refresh attempt (one more failure in a row); the feed's items are kept.
    func recordFailure(feedID: Int64, error: String, check: FeedCheck) async throws

    /// Retires a feed whose server answered `410 Gone`: kept with its items, no longer polled.
    func retireFeed(feedID: Int64, check: FeedCheck) async throws

    /// Gives a feed the URL it moved to, keeping its items and their read state.
    /// - Returns: `false` (and changes nothing) when another feed already has that URL.
    func moveFeed(id: Int64, to url: String) async throws -> Bool

    /// Items matching the query, newest first (published, else updated, else first seen).
    func items(_ query: ItemQuery) async throws -> [Item]

    /// One item with its full content, or `nil`.
    func item(id: Int64) async throws -> Item?

    /// Folds the writes made so far into the database file, after a batch of them such as a
    /// refresh pass: cheaper than doing it every few transactions, which writes the pages that
    /// every transaction changes again each time. Never waits for readers.
    func checkpoint() async throws

    /// Sets the read state of items.
    /// - Returns: the number of items whose state changed; unknown numbers are ignored.
    func markRead(ids: [Int64], read: Bool) async throws -> Int
}

extension FeedStore {
    /// `addFeed(url:document:check:)` with nothing learned but the time.
    public func addFeed(url: String, document: ParsedFeed, fetchedAt: Date) async throws -> (feed: Feed, itemCount: Int) {
        try await addFeed(url: url, document: document, check: FeedCheck(at: fetchedAt))
    }

    /// `storeRefresh(feedID:document:check:)` with nothing learned but the time.
    public func storeRefresh(feedID: Int64, document: ParsedFeed, at date: Date) async throws -> Int {
        try await storeRefresh(feedID: feedID, document: document, check: FeedCheck(at: date))
    }

    /// `recordFailure(feedID:error:check:)` with nothing learned but the time.
    public func recordFailure(feedID: Int64, error: String, at date: Date) async throws {
        try await recordFailure(feedID: feedID, error: error, check: FeedCheck(at: date))
    }
}

/// A selection of items.
public struct ItemQuery: Sendable, Hashable {
    public var unreadOnly: Bool
    public var feedID: Int64?
    public var limit: Int?
    /// Whether `summary` and `content` are loaded (listings leave them out).
    public var includeContent: Bool

    public init(unreadOnly: Bool = true, feedID: Int64? = nil, limit: Int? = nil, includeContent: Bool = false) {
        self.unreadOnly = unreadOnly
        self.feedID = feedID
        self.limit = limit
        self.includeContent = includeContent
    }
}

/// Errors the store reports besides database errors.
public enum FeedStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    case alreadySubscribed(feedID: Int64)
    case feedNotFound(Int64)

    public var description: String {
        switch self {
        case .alreadySubscribed(let id): "already subscribed (feed \(id))"
        case .feedNotFound(let id): "no feed \(id)"
        }
    }
}
