import FeedEntities
import FeedIPC

/// Reads the item, the browser setting and the read state through the daemon.
public final class OpenItemInteractor: OpenItemUseCase {
    private let daemon: any DaemonClient

    public init(daemon: any DaemonClient) {
        self.daemon = daemon
    }

    public func item(number: Int64) async throws -> Item {
        try await daemon.call(RPC.GetItem.self, .init(number: number)).item
    }

    public func newestUnreadItem() async throws -> Item? {
        try await daemon.call(RPC.ListItems.self, .init(unreadOnly: true, limit: 1)).items.first
    }

    public func configuredBrowser() async throws -> String? {
        guard let browser = try await daemon.hello().browser, !browser.allSatisfy(\.isWhitespace) else {
            return nil
        }
        return browser
    }

    public func markRead(number: Int64) async throws {
        _ = try await daemon.call(RPC.MarkRead.self, .init(numbers: [number], read: true))
    }
}
