#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedIPC

/// A daemon connection whose calls run on a thread of their own (`ConnectionThread`), so that
/// waiting for the daemon never holds the main thread, where the reader draws and reads keys,
/// or the cooperative pool.
///
/// Each of the reader's activities that may overlap (its screens' requests, the `watch` that
/// stays open, a `refresh` in the background) has its own. Calls on one are still serial, as
/// `DaemonClient` requires: the reader's event loop handles one event at a time.
public final class ThreadedDaemonClient: DaemonClient, @unchecked Sendable {
    // @unchecked: `client` is only used on `thread`, one call at a time.
    private let client: any DaemonClient
    private let thread: ConnectionThread

    /// - Throws: when the system refuses another thread.
    public init(_ client: any DaemonClient) throws {
        self.client = client
        self.thread = try ConnectionThread()
    }

    public func call<M: RPCMethod>(
        _ method: M.Type, _ params: M.Params, notifications: (_ line: Data) -> Void
    ) async throws -> M.Result {
        try await withTaskExecutorPreference(thread) {
            do {
                return try await client.call(method, params, notifications: notifications)
            } catch let error as DaemonClientError where Self.isStale(error) && Self.repeatable.contains(M.name) {
                // The daemon closes connections idle for `client_idle_timeout` (5 min): the
                // reader's stay open while its user reads. The failed call dropped the
                // connection, so this one opens a fresh one.
                return try await client.call(method, params, notifications: notifications)
            }
        }
    }

    /// Requests that may be sent again when their connection turned out closed: they read,
    /// or set a state to a given value, so a second run changes nothing more than the first.
    static let repeatable: Set<String> = [
        RPC.Hello.name, RPC.ListItems.name, RPC.Search.name, RPC.GetItem.name, RPC.ListFeeds.name,
        RPC.Status.name, RPC.MarkRead.name, RPC.Star.name, RPC.RenderImage.name, RPC.ImageFile.name,
    ]

    /// Whether `error` says the connection was closed under the call, rather than that the
    /// daemon cannot be reached or refused the request.
    private static func isStale(_ error: DaemonClientError) -> Bool {
        switch error {
        case .connectionLost, .unanswered: true
        default: false
        }
    }

    public func hello() async throws -> RPC.Hello.Result {
        try await withTaskExecutorPreference(thread) {
            try await client.hello()
        }
    }
}
