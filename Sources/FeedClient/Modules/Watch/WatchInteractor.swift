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
        _ = try await daemon.call(RPC.Watch.self, Empty()) { line in
            // Other notifications (refresh progress of someone else's request) are not ours.
            guard let envelope = try? decoder.decode(RPCEnvelope.self, from: line),
                  envelope.method == RPC.Watch.NewItems.method
            else { return }
            do {
                let notification = try decoder.decode(RPCIncomingNotification<RPC.Watch.NewItems>.self, from: line)
                onEvent(.newItems(notification.params.items))
            } catch {
                onEvent(.unreadable(reason: Self.summary(of: error)))
            }
        }
    }

    /// Where decoding failed, in one line (the default description is a page long).
    private static func summary(of error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "\(error)" }
        let context: DecodingError.Context
        switch decoding {
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c), .dataCorrupted(let c):
            context = c
        @unknown default:
            return "\(error)"
        }
        let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
    }
}
