import FeedEntities
import FeedIPC

/// Reads the feeds and counts, and marks items read, through the screens' daemon
/// connections: the counts on a second one, so that they can be asked while the feeds come.
///
/// The first feeds and counts can be asked for before the reader has the terminal
/// (`prefetch()`): the daemon reads them while curses starts, which the first frame would
/// otherwise wait for in turn.
@MainActor
public final class ReaderFeedsInteractor: ReaderFeedsUseCase {
    private let daemon: ThreadedDaemonClient
    private let counter: ThreadedDaemonClient
    private var prefetchedFeeds: Task<[Feed], any Error>?
    private var prefetchedCounts: Task<Counts, any Error>?

    public typealias Counts = (unread: Int, starred: Int)

    public init(daemon: ThreadedDaemonClient, counter: ThreadedDaemonClient) {
        self.daemon = daemon
        self.counter = counter
    }

    /// Sends the first `feeds()` and `counts()` now, off the main actor, for the first calls
    /// of each to take their answers.
    public func prefetch() {
        let daemon = daemon, counter = counter
        prefetchedFeeds = Task.detached { try await Self.feeds(from: daemon) }
        prefetchedCounts = Task.detached { try await Self.counts(from: counter) }
    }

    public func feeds() async throws -> [Feed] {
        if let prefetched = prefetchedFeeds {
            prefetchedFeeds = nil
            return try await prefetched.value
        }
        return try await Self.feeds(from: daemon)
    }

    public func counts() async throws -> (unread: Int, starred: Int) {
        if let prefetched = prefetchedCounts {
            prefetchedCounts = nil
            return try await prefetched.value
        }
        return try await Self.counts(from: counter)
    }

    /// Brief: the feeds screen shows no validators or refresh times, which are most of a feed's
    /// bytes (a daemon before protocol 1.9 sends them all the same).
    private nonisolated static func feeds(from daemon: ThreadedDaemonClient) async throws -> [Feed] {
        try await daemon.request(RPC.ListFeeds.self, .init(brief: true)).feeds
    }

    private nonisolated static func counts(from counter: ThreadedDaemonClient) async throws -> Counts {
        let unread = try await counter.request(RPC.ListItems.self, .init(unreadOnly: true, limit: 1, withPosition: true))
        let starred = try await counter.request(RPC.ListItems.self, .init(unreadOnly: false, starredOnly: true, limit: 1, withPosition: true))
        return (unread.total ?? 0, starred.total ?? 0)
    }

    public func views(counted: Bool) async throws -> [SavedView] {
        do {
            return try await counter.request(RPC.ListViews.self, .init(counts: counted ? true : nil)).views
        } catch DaemonRefusal.unsupported {
            return []
        }
    }

    public func markRead(view name: String) async throws -> Int {
        try await daemon.request(RPC.MarkRead.self, .init(view: name, read: true)).updated
    }

    public func markRead(feed: Int64?) async throws -> Int {
        let params: RPC.MarkRead.Params = feed.map { .init(feed: String($0), read: true) } ?? .init(all: true, read: true)
        return try await daemon.request(RPC.MarkRead.self, params).updated
    }
}
