#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedIPC
@testable import FeedClient

/// Answers requests with canned results or errors, and records them.
final class DaemonClientStub: DaemonClient {
    var helloResult = RPC.Hello.Result(protocolVersion: ProtocolVersion.current, daemonVersion: "0.1.0-test")
    /// Thrown by every call, hello included (e.g. an unreachable daemon).
    var failure: (any Error)?
    private var results: [String: Any] = [:]
    private var errors: [String: any Error] = [:]
    private(set) var calls: [(method: String, params: Any)] = []

    func stub<M: RPCMethod>(_ method: M.Type, _ result: M.Result) {
        results[M.name] = result
    }

    func fail<M: RPCMethod>(_ method: M.Type, with error: any Error) {
        errors[M.name] = error
    }

    /// The params of every call of `method`, in order.
    func params<M: RPCMethod>(of method: M.Type) -> [M.Params] {
        calls.filter { $0.method == M.name }.compactMap { $0.params as? M.Params }
    }

    var methods: [String] { calls.map(\.method) }

    /// Lines handed to the `notifications` of a call of a method before its result.
    var notificationLines: [String: [Data]] = [:]

    func call<M: RPCMethod>(
        _ method: M.Type, _ params: M.Params, notifications: (_ line: Data) -> Void
    ) async throws -> M.Result {
        calls.append((M.name, params))
        for line in notificationLines[M.name] ?? [] { notifications(line) }
        if let failure { throw failure }
        if let error = errors[M.name] { throw error }
        guard let result = results[M.name] as? M.Result else {
            throw DaemonClientError.malformedResponse("no stub for \(M.name)")
        }
        return result
    }

    func hello() async throws -> RPC.Hello.Result {
        if let failure { throw failure }
        return helloResult
    }
}
