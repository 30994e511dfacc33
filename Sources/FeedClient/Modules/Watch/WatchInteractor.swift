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
        let decoder = WireCoding.makeDecoder()
        _ = try await daemon.request(RPC.Watch.self, Empty()) { line in
            // Other notifications (refresh progress of someone else's request) are not ours.
            guard let envelope = try? decoder.decode(RPCEnvelope.self, from: line),
                  envelope.method == RPC.Watch.NewItems.method
            else { return }
            do {
                let notification = try decoder.decode(RPCIncomingNotification<RPC.Watch.NewItems>.self, from: line)
                onEvent(.newItems(notification.params.items))
            } catch {
                onEvent(.unreadable(reason: DecodingFailure.summary(of: error)))
            }
        }
    }
}
