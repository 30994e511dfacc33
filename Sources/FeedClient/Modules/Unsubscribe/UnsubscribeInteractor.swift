import FeedEntities
import FeedIPC

/// Unsubscribes through the daemon.
public final class UnsubscribeInteractor: UnsubscribeUseCase {
    private let daemon: any DaemonClient

    public init(daemon: any DaemonClient) {
        self.daemon = daemon
    }

    public func unsubscribe(from selector: String) async throws -> Feed {
        try await daemon.call(RPC.Unsubscribe.self, .init(feed: selector)).feed
    }
}
