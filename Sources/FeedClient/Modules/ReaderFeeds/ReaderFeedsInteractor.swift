import FeedEntities
import FeedIPC

/// Reads the feeds and counts, and marks items read, through the screens' daemon
/// connections: the counts on a second one, so that they can be asked while the feeds come.
@MainActor
public final class ReaderFeedsInteractor: ReaderFeedsUseCase {
    private let daemon: ThreadedDaemonClient
    private let counter: ThreadedDaemonClient

    public init(daemon: ThreadedDaemonClient, counter: ThreadedDaemonClient) {
        self.daemon = daemon
        self.counter = counter
    }

    /// Brief: the feeds screen shows no validators or refresh times, which are most of a feed's
    /// bytes (a daemon before protocol 1.9 sends them all the same).
    public func feeds() async throws -> [Feed] {
        try await daemon.call(RPC.ListFeeds.self, .init(brief: true)).feeds
    }

    public func counts() async throws -> (unread: Int, starred: Int) {
        let unread = try await counter.call(RPC.ListItems.self, .init(unreadOnly: true, limit: 1, withPosition: true))
        let starred = try await counter.call(RPC.ListItems.self, .init(unreadOnly: false, starredOnly: true, limit: 1, withPosition: true))
        return (unread.total ?? 0, starred.total ?? 0)
    }

    public func markRead(feed: Int64?) async throws -> Int {
        let params: RPC.MarkRead.Params = feed.map { .init(feed: String($0), read: true) } ?? .init(all: true, read: true)
        return try await daemon.call(RPC.MarkRead.self, params).updated
    }
}
