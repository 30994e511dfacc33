import FeedIPC
import Foundation
import Testing
@testable import FeedClient

/// Against a real Unix socket served by a thread in the test process.
@Suite(.timeLimit(.minutes(3)))
struct UnixSocketDaemonClientTests {
    static let helloAnswer: @Sendable (String) -> String = { id in
        #"{"jsonrpc":"2.0","id":\#(id),"result":{"protocolVersion":"1.3","daemonVersion":"0.1.0","browser":"w3m %s"}}"#
    }

    @Test func sendsHelloFirstThenTheRequestAndSkipsNotifications() async throws {
        let server = try CannedSocketServer { method, id in
            switch method {
            case "hello":
                [Self.helloAnswer(id)]
            case "feeds.list":
                [
                    #"{"jsonrpc":"2.0","method":"refresh.progress","params":{"done":1}}"#,
                    #"{"jsonrpc":"2.0","id":9999,"result":{"feeds":[]}}"#,
                    #"{"jsonrpc":"2.0","id":\#(id),"result":{"feeds":[{"id":3,"url":"https://x.org/rss","title":"X","subscribedAt":"2026-11-20T08:00:00Z","lastRefreshed":"2026-11-22T09:55:00Z","itemCount":4,"unreadCount":1}]}}"#,
                ]
            default:
                nil
            }
        }
        defer { server.stop() }
        let client = UnixSocketDaemonClient(socketPath: server.path, clientName: "tidings/test")

        let feeds = try await client.call(RPC.ListFeeds.self, .init()).feeds
        #expect(feeds.map(\.id) == [3])
        #expect(feeds.first?.lastRefreshed == ISO8601DateFormatter().date(from: "2026-11-22T09:55:00Z"))
        // A `browser` in the answer (as older daemons sent) is not read: nothing to run comes from the socket.
        #expect(try await client.hello().protocolVersion == "1.3")
        #expect(server.methods == ["hello", "feeds.list"])
        let hello = try #require(server.requests.first)
        #expect(hello["jsonrpc"] as? String == "2.0")
        let params = try #require(hello["params"] as? [String: Any])
        #expect(params["client"] as? String == "tidings/test")
        #expect(params["protocolVersion"] as? String == ProtocolVersion.current)
    }

    @Test func anErrorResponseIsThrownAsRPCError() async throws {
        let server = try CannedSocketServer { method, id in
            method == "hello"
                ? [Self.helloAnswer(id)]
                : [#"{"jsonrpc":"2.0","id":\#(id),"error":{"code":-32004,"message":"no item 999"}}"#]
        }
        defer { server.stop() }
        let client = UnixSocketDaemonClient(socketPath: server.path)
        await #expect(throws: RPCError(.notFound, "no item 999")) {
            try await client.call(RPC.GetItem.self, .init(number: 999))
        }
        // The connection stays usable after an error answer.
        await #expect(throws: RPCError(.notFound, "no item 999")) {
            try await client.call(RPC.GetItem.self, .init(number: 998))
        }
        #expect(server.methods == ["hello", "items.get", "items.get"])
    }

    @Test func aNotificationSplitAcrossResponsesIsSkipped() async throws {
        let server = try CannedSocketServer { method, id in
            switch method {
            case "hello":
                [Self.helloAnswer(id), CannedSocketServer.unterminated(#"{"jsonrpc":"2.0","method":"items.n"#)]
            default:
                [#"ew","params":{}}"#, #"{"jsonrpc":"2.0","id":\#(id),"result":{"updated":1}}"#]
            }
        }
        defer { server.stop() }
        let client = UnixSocketDaemonClient(socketPath: server.path)
        #expect(try await client.call(RPC.MarkRead.self, .init(numbers: [1])).updated == 1)
    }

    @Test func aMissingSocketIsUnreachable() async throws {
        let path = CannedSocketServer.temporaryPath()
        let client = UnixSocketDaemonClient(socketPath: path)
        await #expect(throws: DaemonClientError.unreachable(socketPath: path, reason: .noSocket)) {
            try await client.call(RPC.ListFeeds.self, .init())
        }
    }

    @Test func aStaleSocketIsUnreachable() async throws {
        let path = CannedSocketServer.temporaryPath()
        try CannedSocketServer.listen(at: path, listening: false)
        defer { unlink(path) }
        let client = UnixSocketDaemonClient(socketPath: path)
        await #expect(throws: DaemonClientError.unreachable(socketPath: path, reason: .refused)) {
            try await client.hello()
        }
    }

    @Test func anotherMajorProtocolVersionIsRefused() async throws {
        let server = try CannedSocketServer { _, id in
            [#"{"jsonrpc":"2.0","id":\#(id),"result":{"protocolVersion":"2.0","daemonVersion":"9.0.0"}}"#]
        }
        defer { server.stop() }
        let mismatch = DaemonClientError.protocolMismatch(daemonProtocol: "2.0", daemonVersion: "9.0.0", clientProtocol: ProtocolVersion.current)
        // A method that changes something waits for the handshake: it is never sent.
        let client = UnixSocketDaemonClient(socketPath: server.path)
        await #expect(throws: mismatch) {
            try await client.call(RPC.MarkRead.self, .init(numbers: [1]))
        }
        #expect(server.methods == ["hello"])
        // A read-only first call goes out with the handshake; its answer is never used.
        let reader = UnixSocketDaemonClient(socketPath: server.path)
        await #expect(throws: mismatch) {
            try await reader.call(RPC.ListFeeds.self, .init())
        }
        // The server records lines as it reads them, which may be after the client has given
        // up (the second line came in the handshake's write): wait for it, generously.
        for _ in 0..<3000 where server.methods.count < 3 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(server.methods == ["hello", "hello", "feeds.list"])
    }

    @Test func aReadOnlyFirstCallTravelsWithTheHandshake() async throws {
        let server = try CannedSocketServer { method, id in
            method == "hello" ? [Self.helloAnswer(id)] : [#"{"jsonrpc":"2.0","id":\#(id),"result":{"feeds":[]}}"#]
        }
        defer { server.stop() }
        let client = UnixSocketDaemonClient(socketPath: server.path)
        #expect(try await client.call(RPC.ListFeeds.self, .init()).feeds.isEmpty)
        #expect(try await client.call(RPC.ListFeeds.self, .init()).feeds.isEmpty)
        #expect(server.methods == ["hello", "feeds.list", "feeds.list"], "one handshake per connection")
    }

    @Test func aDaemonClosingAfterTheRequestLeavesItsOutcomeUnknown() async throws {
        let server = try CannedSocketServer { method, id in
            method == "hello" ? [Self.helloAnswer(id)] : nil
        }
        defer { server.stop() }
        let client = UnixSocketDaemonClient(socketPath: server.path)
        await #expect(throws: DaemonClientError.unanswered(method: "refresh")) {
            try await client.call(RPC.Refresh.self, .init())
        }
    }

    /// The daemon refuses (another user, too many clients) by writing one error line and closing
    /// without reading. Whether the client's request was written before that close or failed
    /// with EPIPE after it depends on timing, so both orders are exercised by repetition.
    @Test func aRefusedConnectionReportsTheDaemonsReasonWhateverTheTiming() async throws {
        let server = try CannedSocketServer(
            refusingWith: #"{"jsonrpc":"2.0","id":null,"error":{"code":-32007,"message":"Forbidden: this daemon serves only the user with uid 0"}}"#)
        defer { server.stop() }
        for _ in 0..<50 {
            let client = UnixSocketDaemonClient(socketPath: server.path)
            await #expect(throws: RPCError(.forbidden, "Forbidden: this daemon serves only the user with uid 0")) {
                try await client.call(RPC.MarkRead.self, .init(numbers: [1]))
            }
            let reader = UnixSocketDaemonClient(socketPath: server.path)
            await #expect(throws: RPCError(.forbidden, "Forbidden: this daemon serves only the user with uid 0")) {
                try await reader.call(RPC.ListFeeds.self, .init())
            }
        }
    }

    @Test func garbageIsAMalformedResponse() async throws {
        let server = try CannedSocketServer { method, id in
            method == "hello" ? [Self.helloAnswer(id)] : ["<html>not json</html>"]
        }
        defer { server.stop() }
        let client = UnixSocketDaemonClient(socketPath: server.path)
        await #expect(throws: DaemonClientError.self) {
            try await client.call(RPC.ListFeeds.self, .init())
        }
        do {
            _ = try await UnixSocketDaemonClient(socketPath: server.path).call(RPC.ListFeeds.self, .init())
        } catch DaemonClientError.malformedResponse {
        } catch {
            Issue.record("expected malformedResponse, got \(error)")
        }
    }

    @Test func aLongSilenceTimesOut() async throws {
        let server = try CannedSocketServer { method, id in
            method == "hello" ? [Self.helloAnswer(id)] : []
        }
        defer { server.stop() }
        let client = UnixSocketDaemonClient(socketPath: server.path, requestTimeout: 1)
        await #expect(throws: DaemonClientError.timedOut(method: "feeds.list", seconds: 1)) {
            try await client.call(RPC.ListFeeds.self, .init())
        }
    }
}
