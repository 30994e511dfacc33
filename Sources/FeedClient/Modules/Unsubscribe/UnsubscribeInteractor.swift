import FeedEntities
import FeedIPC

/// Unsubscribes through the daemon.
public final class UnsubscribeInteractor: UnsubscribeUseCase {
    private let daemon: any DaemonClient

    public init(daemon: any DaemonClient) {
        self.daemon = daemon
    }

    public func unsubscribe(from selector: String, deleteStarred: Bool) async throws -> FeedRemoval {
        try await daemon.request(RPC.Unsubscribe.self, .init(feed: selector, deleteStarred: deleteStarred ? true : nil))
    }
}
