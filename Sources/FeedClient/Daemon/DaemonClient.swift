#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedIPC

/// A connection to `tidingsd` that sends JSON-RPC requests and returns their results.
///
/// Interactors are the only callers. Implementations connect lazily, perform the `hello`
/// handshake before the first request and keep its result.
public protocol DaemonClient: AnyObject {
    /// Sends one request and waits for its response.
    ///
    /// Notifications the daemon interleaves (messages without an `id`) go to `notifications`,
    /// as their whole line, in the order they arrive, on the calling task.
    /// Calls are serial: a client is used by one task at a time, and the call may block the
    /// calling thread while it waits for the daemon (the CLI runs one command per process).
    /// - Returns: the method's decoded result.
    /// - Throws: `RPCError` when the daemon answers with an error object; `DaemonClientError`
    ///   when the daemon cannot be reached, speaks another protocol major version, closes the
    ///   connection before answering, or answers with something that cannot be decoded.
    func call<M: RPCMethod>(
        _ method: M.Type, _ params: M.Params, notifications: (_ line: Data) -> Void
    ) async throws -> M.Result

    /// The daemon's answer to the `hello` handshake, performing it first if no request has
    /// been sent yet; later calls return the kept result without a round trip.
    /// - Throws: the same errors as `call(_:_:)`.
    func hello() async throws -> RPC.Hello.Result
}

extension DaemonClient {
    /// Sends one request and waits for its response, skipping notifications.
    public func call<M: RPCMethod>(_ method: M.Type, _ params: M.Params) async throws -> M.Result {
        try await call(method, params, notifications: { _ in })
    }
}
