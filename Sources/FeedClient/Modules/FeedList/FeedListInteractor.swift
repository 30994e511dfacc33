import FeedEntities
import FeedIPC

/// Reads the feed list from the daemon.
public final class FeedListInteractor: FeedListUseCase {
    private let daemon: any DaemonClient

    public init(daemon: any DaemonClient) {
        self.daemon = daemon
    }

    public func feeds(tagged tag: String?) async throws -> [Feed] {
        try await daemon.call(RPC.ListFeeds.self, .init(tag: tag)).feeds
    }
}
