#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedIPC
import Testing
@testable import FeedClient
import Glibc

struct ThreadedDaemonClientTests {
    /// Records the thread each call ran on.
    final class ThreadRecordingClient: DaemonClient {
        private(set) var threads: [pthread_t] = []

        func call<M: RPCMethod>(_ method: M.Type, _ params: M.Params, notifications: (_ line: Data) -> Void) async throws -> M.Result {
            threads.append(pthread_self())
            return try JSONDecoder().decode(M.Result.self, from: Data(#"{"feeds": []}"#.utf8))
        }

        func hello() async throws -> RPC.Hello.Result {
            threads.append(pthread_self())
            return RPC.Hello.Result(protocolVersion: ProtocolVersion.current, daemonVersion: "test")
        }
    }

    @MainActor
    @Test func callsRunOnTheConnectionsOwnThreadNotTheCallers() async throws {
        let recording = ThreadRecordingClient()
        let client = try ThreadedDaemonClient(recording)
        _ = try await client.hello()
        let result = try await client.call(RPC.ListFeeds.self, .init())
        #expect(result.feeds.isEmpty)
        #expect(recording.threads.count == 2)
        #expect(pthread_equal(recording.threads[0], recording.threads[1]) != 0)
        #expect(pthread_equal(recording.threads[0], pthread_self()) == 0)
    }

    @Test func errorsPassThrough() async throws {
        let stub = DaemonClientStub()
        stub.failure = DaemonClientError.connectionLost
        let client = try ThreadedDaemonClient(stub)
        await #expect(throws: DaemonClientError.connectionLost) {
            _ = try await client.call(RPC.ListFeeds.self, .init())
        }
    }

    /// Fails the first call as a connection the daemon closed while idle would.
    final class ClosedOnceClient: DaemonClient {
        /// What each call in turn does: fail with the error, or answer (`nil`).
        var failures: [DaemonClientError?]
        private(set) var calls: [String] = []

        init(failing failures: [DaemonClientError?]) { self.failures = failures }

        func call<M: RPCMethod>(_ method: M.Type, _ params: M.Params, notifications: (_ line: Data) -> Void) async throws -> M.Result {
            calls.append(M.name)
            if !failures.isEmpty, let failure = failures.removeFirst() { throw failure }
            return try JSONDecoder().decode(M.Result.self, from: Data(#"{"feeds": [], "items": [], "updated": 1, "missing": [], "outcomes": []}"#.utf8))
        }

        func hello() async throws -> RPC.Hello.Result {
            RPC.Hello.Result(protocolVersion: ProtocolVersion.current, daemonVersion: "test")
        }
    }

    @Test func aReadOrAStateSetIsSentAgainOnAFreshConnectionAfterAnIdleClose() async throws {
        let closed = ClosedOnceClient(failing: [.connectionLost, nil, .unanswered(method: RPC.MarkRead.name), nil])
        let client = try ThreadedDaemonClient(closed)
        _ = try await client.call(RPC.ListFeeds.self, .init())
        _ = try await client.call(RPC.MarkRead.self, .init(numbers: [1], read: true))
        #expect(closed.calls == [RPC.ListFeeds.name, RPC.ListFeeds.name, RPC.MarkRead.name, RPC.MarkRead.name])
    }

    @Test func aRefreshOrAnUnreachableDaemonIsNotRetried() async throws {
        let closed = ClosedOnceClient(failing: [.connectionLost, .unreachable(socketPath: "/x", reason: .noSocket)])
        let client = try ThreadedDaemonClient(closed)
        await #expect(throws: DaemonClientError.connectionLost) { _ = try await client.call(RPC.Refresh.self, .init()) }
        await #expect(throws: DaemonClientError.self) { _ = try await client.call(RPC.ListFeeds.self, .init()) }
        #expect(closed.calls == [RPC.Refresh.name, RPC.ListFeeds.name])
    }
}
