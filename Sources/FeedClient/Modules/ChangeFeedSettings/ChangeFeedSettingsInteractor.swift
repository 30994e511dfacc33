import FeedEntities
import FeedIPC

/// Reads and changes a feed's settings through the daemon, which checks every assignment.
public final class ChangeFeedSettingsInteractor: ChangeFeedSettingsUseCase {
    private let daemon: any DaemonClient

    public init(daemon: any DaemonClient) {
        self.daemon = daemon
    }

    public func changeSettings(ofFeed number: Int64, _ change: FeedSettingsChange) async throws -> Feed {
        try await daemon.call(RPC.FeedSettingsMethod.self, .init(feed: number, set: change.set, unset: change.unset)).feed
    }
}
