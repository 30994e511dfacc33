#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// Defaults of `FeedStore`: nothing to free or give back for stores without a cache or a file,
/// the feed names from the whole feeds, and the writes without rules, tags or a full check.
extension FeedStore {
    /// Nothing to free.
    public func releaseMemory() async {}

    /// Nothing to give back.
    public func reclaimFreePages() async throws {}

    /// `feeds()`, of which only the names are kept.
    public func feedNames() async throws -> [FeedName] {
        try await feeds().map { FeedName(id: $0.id, url: $0.url, title: $0.title) }
    }

    /// `addFeed(url:document:check:tags:customTitle:rules:)` without rules.
    public func addFeed(
        url: String, document: ParsedFeed, check: FeedCheck, tags: [String], customTitle: String?
    ) async throws -> (feed: Feed, itemCount: Int) {
        try await addFeed(
            url: url, document: document, check: check, tags: tags, customTitle: customTitle, settings: FeedSettings(), rules: .none)
    }

    /// `addFeed(url:document:check:tags:customTitle:rules:)` without tags, own title or rules.
    public func addFeed(url: String, document: ParsedFeed, check: FeedCheck) async throws -> (feed: Feed, itemCount: Int) {
        try await addFeed(
            url: url, document: document, check: check, tags: [], customTitle: nil, settings: FeedSettings(), rules: .none)
    }

    /// `storeRefresh(feedID:document:check:rules:)` without rules.
    public func storeRefresh(feedID: Int64, document: ParsedFeed, check: FeedCheck) async throws -> Int {
        try await storeRefresh(feedID: feedID, document: document, check: check, rules: .none)
    }

    /// `addFeed(url:document:check:tags:customTitle:rules:)` with nothing learned but the time.
    public func addFeed(
        url: String, document: ParsedFeed, fetchedAt: Date, rules: RuleSet = .none
    ) async throws -> (feed: Feed, itemCount: Int) {
        try await addFeed(
            url: url, document: document, check: FeedCheck(at: fetchedAt), tags: [], customTitle: nil, settings: FeedSettings(),
            rules: rules)
    }

    /// `storeRefresh(feedID:document:check:rules:)` with nothing learned but the time.
    public func storeRefresh(feedID: Int64, document: ParsedFeed, at date: Date, rules: RuleSet = .none) async throws -> Int {
        try await storeRefresh(feedID: feedID, document: document, check: FeedCheck(at: date), rules: rules)
    }

    /// `recordFailure(feedID:error:check:)` with nothing learned but the time.
    public func recordFailure(feedID: Int64, error: String, at date: Date) async throws {
        try await recordFailure(feedID: feedID, error: error, check: FeedCheck(at: date))
    }
}
