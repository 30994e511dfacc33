import FeedEntities
import FeedIPC

/// Reads the item (the one asked for, else the next unread), rendered at the terminal's width,
/// and marks it read through the daemon.
public final class ShowItemInteractor: ShowItemUseCase {
    private let daemon: any DaemonClient

    public init(daemon: any DaemonClient) {
        self.daemon = daemon
    }

    public func item(number: Int64, width: Int) async throws -> ItemToShow {
        let result = try await daemon.request(RPC.GetItem.self, .init(number: number, width: width, shown: true))
        return ItemToShow(item: result.item, rendered: result.rendered)
    }

    public func nextItem(afterShown: Bool, width: Int) async throws -> NextUnreadItem {
        let result = try await daemon.request(RPC.NextItem.self, .init(afterShown: afterShown, width: width))
        return NextUnreadItem(found: result.item.map { ItemToShow(item: $0, rendered: result.rendered) }, after: result.after)
    }

    public func markRead(number: Int64) async throws {
        _ = try await daemon.request(RPC.MarkRead.self, .init(numbers: [number], read: true))
    }
}
