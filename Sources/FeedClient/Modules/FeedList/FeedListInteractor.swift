import FeedEntities
import FeedIPC

/// Reads the feed list from the daemon.
public final class FeedListInteractor: FeedListUseCase {
    private let daemon: any DaemonClient
    private let listing: Bool

    /// - Parameter listing: ask only for the members a table or plain lines show
    ///   (`RPC.ListFeeds.Result.Form.listing`), not for those only `--json` writes: a third of
    ///   the bytes, which thousands of feeds make megabytes.
    public init(daemon: any DaemonClient, listing: Bool = false) {
        self.daemon = daemon
        self.listing = listing
    }

    public func feeds(tagged tag: String?) async throws -> [Feed] {
        try await daemon.request(RPC.ListFeeds.self, .init(tag: tag, listing: listing ? true : nil)).feeds
    }
}
