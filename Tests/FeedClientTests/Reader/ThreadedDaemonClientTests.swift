#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedIPC
import Testing
@testable import FeedClient
#if canImport(Glibc)
import Glibc
#endif

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
}
