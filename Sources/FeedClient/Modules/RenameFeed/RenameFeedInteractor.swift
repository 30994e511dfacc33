import FeedEntities
import FeedIPC

/// Renames a feed through the daemon.
public final class RenameFeedInteractor: RenameFeedUseCase {
    private let daemon: any DaemonClient

    public init(daemon: any DaemonClient) {
        self.daemon = daemon
    }

    public func rename(feed selector: String, to title: String?) async throws -> Feed {
        try await daemon.request(RPC.RenameFeed.self, .init(feed: selector, title: title)).feed
    }
}
