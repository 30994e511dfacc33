import FeedEntities
import FeedIPC

/// Subscribes through the daemon, which fetches, parses and stores the feed.
public final class SubscribeInteractor: SubscribeUseCase {
    private let daemon: any DaemonClient

    public init(daemon: any DaemonClient) {
        self.daemon = daemon
    }

    public func subscribe(to url: String) async throws -> Feed {
        let result = try await daemon.call(RPC.Subscribe.self, .init(url: url))
        var feed = result.feed
        feed.itemCount = result.itemCount
        return feed
    }
}
