import Foundation
import Synchronization

/// The in-memory account both fake sync servers serve: categories, feeds and entries with their
/// read and starred state. Tests set it up and change it "as another device" through the
/// methods here and in `FakeSyncAccount+Changes.swift`, and read it back to check what a sync
/// client did. Thread-safe: every method takes one lock, so each is atomic against requests.
///
/// A new account has one category, "All" (as a new miniflux user has).
public final class FakeSyncAccount: Sendable {
    struct State {
        var categories: [Int: FakeCategory] = [:]
        var feeds: [Int: FakeFeed] = [:]
        var entries: [Int: FakeEntry] = [:]
        var nextCategoryID = 1
        var nextFeedID = 1
        var nextEntryID = 1
        var nextEnclosureID = 1
    }

    let state = Mutex(State())
    /// "Now" for `createdAt`, `changedAt` and `checkedAt`; tests may pass a settable clock.
    let clock: @Sendable () -> Date
    /// The account's user id (miniflux `user_id`).
    public let userID = 1

    public init(clock: @escaping @Sendable () -> Date = { Date() }) {
        self.clock = clock
        state.withLock { state in
            state.categories[1] = FakeCategory(id: 1, title: "All")
            state.nextCategoryID = 2
        }
    }

    /// Now, to the microsecond (what the services store).
    var now: Date { FakeSyncTime.truncated(clock()) }

    // MARK: - Reading back

    /// Every category, by id.
    public var categories: [FakeCategory] {
        state.withLock { $0.categories.values.sorted { $0.id < $1.id } }
    }

    /// Every feed, by id.
    public var feeds: [FakeFeed] {
        state.withLock { $0.feeds.values.sorted { $0.id < $1.id } }
    }

    /// Every entry that is not removed, by id.
    public var entries: [FakeEntry] {
        state.withLock { $0.entries.values.filter { $0.status != .removed }.sorted { $0.id < $1.id } }
    }

    public func category(_ id: Int) -> FakeCategory? { state.withLock { $0.categories[id] } }
    public func feed(_ id: Int) -> FakeFeed? { state.withLock { $0.feeds[id] } }
    public func entry(_ id: Int) -> FakeEntry? { state.withLock { $0.entries[id] } }

    /// The category called `title`, if any.
    public func category(titled title: String) -> FakeCategory? {
        state.withLock { $0.categories.values.first { $0.title == title } }
    }

    /// The entries `query` selects: `total` before its offset and limit, `entries` the page.
    public func entries(matching query: FakeEntryQuery) -> (total: Int, entries: [FakeEntry]) {
        state.withLock { query.run(on: $0) }
    }

    /// Runs `body` on a consistent view of the whole account (for encoding answers).
    func read<T>(_ body: (State) throws -> T) rethrows -> T {
        try state.withLock { try body($0) }
    }

    /// Runs `body` with the account to change, atomically.
    func change<T>(_ body: (inout State) throws -> T) rethrows -> T {
        try state.withLock { try body(&$0) }
    }
}

extension FakeSyncAccount.State {
    func feedOrThrow(_ id: Int) throws -> FakeFeed {
        guard let feed = feeds[id] else { throw FakeSyncError.notFound("feed \(id) does not exist") }
        return feed
    }

    func categoryOrThrow(_ id: Int) throws -> FakeCategory {
        guard let category = categories[id] else { throw FakeSyncError.notFound("category \(id) does not exist") }
        return category
    }

    /// The category a feed goes to when none is named: the first one (miniflux's choice).
    var firstCategoryID: Int { categories.keys.min() ?? 0 }
}
