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
            try await client.call(method, params, notifications: notifications)
        }
    }

    public func hello() async throws -> RPC.Hello.Result {
        try await withTaskExecutorPreference(thread) {
            try await client.hello()
        }
    }
}
