import FeedEntities
import FeedIPC

/// Reads the item and the read state through the daemon, and the browser setting from the
/// config file (never from the daemon: a command the client runs does not come from the socket).
public final class OpenItemInteractor: OpenItemUseCase {
    private let daemon: any DaemonClient
    private let settings: any ClientSettings

    public init(daemon: any DaemonClient, settings: any ClientSettings) {
        self.daemon = daemon
        self.settings = settings
    }

    public func item(number: Int64) async throws -> Item {
        try await daemon.request(RPC.GetItem.self, .init(number: number)).item
    }

    public func newestUnreadItem() async throws -> Item? {
        try await daemon.request(RPC.ListItems.self, .init(unreadOnly: true, limit: 1)).items.first
    }

    public func configuredBrowser() async throws -> String? {
        try settings.browser()
    }

    public func openTarget(of item: Item, enclosure: Bool) throws(OpenTargetError) -> String {
        try OpenTarget.of(item, enclosure: enclosure)
    }

    public func markRead(number: Int64) async throws {
        _ = try await daemon.request(RPC.MarkRead.self, .init(numbers: [number], read: true))
    }
}
