#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedIPC

/// One notification of the kind a request listens for, as `DaemonClient.request(_:_:notices:_:)`
/// hands it over: its params, or why a line of that kind could not be read.
public enum DaemonNotice<Params> {
    case received(Params)
    /// A line of the kind listened for whose params do not decode (a newer daemon's, or a
    /// damaged one), told in one line.
    case unreadable(reason: String)
}

extension DaemonClient {
    /// `request(method, params)` with the notifications of `kind` it brings decoded, in the order
    /// they arrive. The one policy for notifications: one of another kind is not this request's
    /// and is passed over; one of this kind that does not decode is `.unreadable`, and the caller
    /// says whether that is shown.
    public func request<M: RPCMethod, N: RPCNotificationParams>(
        _ method: M.Type, _ params: M.Params, notices kind: N.Type, _ onNotice: (DaemonNotice<N>) -> Void
    ) async throws -> M.Result {
        let decoder = WireCoding.makeDecoder()
        return try await request(method, params) { line in
            // One decode for the usual line (a refresh sends one per feed); the envelope is read
            // only to tell a bad line of this kind from another kind's.
            do {
                let notification = try decoder.decode(RPCIncomingNotification<N>.self, from: line)
                if notification.method == N.method { onNotice(.received(notification.params)) }
            } catch {
                guard (try? decoder.decode(RPCEnvelope.self, from: line))?.method == N.method else { return }
                onNotice(.unreadable(reason: DecodingFailure.summary(of: error)))
            }
        }
    }
}
