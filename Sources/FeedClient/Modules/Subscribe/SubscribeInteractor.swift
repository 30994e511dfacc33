import FeedEntities
import FeedIPC

/// Subscribes through the daemon, which fetches, parses and stores the feed.
public final class SubscribeInteractor: SubscribeUseCase {
    private let daemon: any DaemonClient

    public init(daemon: any DaemonClient) {
        self.daemon = daemon
    }

    public func subscribe(_ request: SubscribeRequest) async throws -> Feed {
        // Absent rather than empty, so that a request without them is the one every daemon reads.
        let params = RPC.Subscribe.Params(
            url: request.url, tags: request.tags.isEmpty ? nil : request.tags, title: request.title,
            settings: request.settings.isEmpty ? nil : request.settings)
        let result = try await daemon.request(RPC.Subscribe.self, params)
        var feed = result.feed
        feed.itemCount = result.itemCount
        return feed
    }
}
