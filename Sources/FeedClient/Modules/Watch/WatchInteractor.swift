#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities
import FeedIPC

/// Watches through the daemon. The client never times this request out
/// (`UnixSocketDaemonClient` exempts `watch`): it is meant to stay open for days.
public final class WatchInteractor: WatchUseCase {
    private let daemon: any DaemonClient

    public init(daemon: any DaemonClient) {
        self.daemon = daemon
    }

    public func watch(_ onEvent: (WatchEvent) -> Void) async throws {
        _ = try await daemon.request(RPC.Watch.self, Empty(), notices: RPC.Watch.NewItems.self) { notice in
            switch notice {
            case .received(let newItems): onEvent(.newItems(newItems.items))
            // Said on stderr: `watch`'s reader may be waiting for exactly these items.
            case .unreadable(let reason): onEvent(.unreadable(reason: reason))
            }
        }
    }
}
