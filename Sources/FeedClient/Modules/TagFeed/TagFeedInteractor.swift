import FeedEntities
import FeedIPC

/// Changes a feed's tags through the daemon.
public final class TagFeedInteractor: TagFeedUseCase {
    private let daemon: any DaemonClient

    public init(daemon: any DaemonClient) {
        self.daemon = daemon
    }

    public func tag(feed selector: String, with changes: TagChanges) async throws -> Feed {
        let params = RPC.TagFeed.Params(
            feed: selector, add: changes.add.isEmpty ? nil : changes.add,
            remove: changes.remove.isEmpty ? nil : changes.remove)
        return try await daemon.request(RPC.TagFeed.self, params).feed
    }
}
