import FeedEntities
import FeedIPC

/// Reads the item (the one asked for, else the next unread), rendered at the terminal's width,
/// and marks it read through the daemon.
public final class ShowItemInteractor: ShowItemUseCase {
    private let daemon: any DaemonClient

    public init(daemon: any DaemonClient) {
        self.daemon = daemon
    }

    public func item(number: Int64, width: Int, text: ItemText?) async throws -> ItemToShow {
        let result = try await daemon.request(RPC.GetItem.self, .init(number: number, width: width, shown: true, text: text))
        return ItemToShow(result)
    }

    public func article(number: Int64, width: Int) async throws -> ItemToShow {
        ItemToShow(try await daemon.request(RPC.GetArticle.self, .init(number: number, width: width, shown: true)))
    }

    public func nextItem(afterShown: Bool, width: Int, text: ItemText?) async throws -> NextUnreadItem {
        let result = try await daemon.request(RPC.NextItem.self, .init(afterShown: afterShown, width: width, text: text))
        return NextUnreadItem(
            found: result.item.map {
                ItemToShow(item: $0, rendered: result.rendered, article: result.article, text: result.text ?? .feed)
            },
            after: result.after)
    }

    public func markRead(number: Int64) async throws {
        _ = try await daemon.request(RPC.MarkRead.self, .init(numbers: [number], read: true))
    }

    public func picture(url: String, item: Int64, graphics: TerminalGraphics, columns: Int, rows: Int) async throws -> TerminalPicture {
        try await PictureRequest.picture(url: url, item: item, graphics: graphics, columns: columns, rows: rows, daemon: daemon)
    }
}

extension ItemToShow {
    /// What `items.get` and `items.article` answered.
    init(_ result: RPC.GetItem.Result) {
        self.init(item: result.item, rendered: result.rendered, article: result.article, text: result.text ?? .feed)
    }
}
