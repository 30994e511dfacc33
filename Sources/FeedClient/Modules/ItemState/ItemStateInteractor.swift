import FeedEntities
import FeedIPC

/// Sends `items.markRead` or `items.star` for the selected items.
public final class ItemStateInteractor: ItemStateUseCase {
    private let daemon: any DaemonClient

    public init(daemon: any DaemonClient) {
        self.daemon = daemon
    }

    public func apply(_ action: ItemStateAction, to selection: ItemSelection) async throws -> ItemStateChange {
        switch (action, selection) {
        case (.read, _), (.unread, _):
            let read = action == .read
            let params: RPC.MarkRead.Params = switch selection {
            case .numbers(let numbers): .init(numbers: numbers, read: read)
            case .all: .init(all: true, read: read)
            case .feed(let feed): .init(feed: feed, read: read)
            case .view(let name): .init(view: name, read: read)
            }
            if case .view = selection {
                try await DaemonPredates.check(daemon, minor: ProtocolVersion.viewsMinor, feature: "read --view")
            }
            return try await daemon.request(RPC.MarkRead.self, params)
        case (.star, .numbers(let numbers)), (.unstar, .numbers(let numbers)):
            return try await daemon.request(RPC.Star.self, .init(numbers: numbers, starred: action == .star))
        case (.star, _), (.unstar, _):
            throw RPCError(.invalidParams, "only items named by their numbers can be starred or unstarred")
        }
    }
}
