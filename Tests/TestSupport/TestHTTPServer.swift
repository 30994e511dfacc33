import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A real HTTP/1.1 server on 127.0.0.1 with an ephemeral port, for tests.
///
/// Routes answer by path (the query is ignored for matching); other paths go to the fallback
/// handler if one is set, or get a 404. Every
/// request is recorded, so tests can check what a client sent. Connections are kept alive as the
/// client asks, pipelined requests are answered in order, and a client that disconnects at any
/// moment (even during a response's `delay`) only loses its own connection.
///
/// ```swift
/// let server = try await TestHTTPServer.start()
/// server.route("/feed.xml", .ok("<rss version=\"2.0\">…</rss>"))
/// // fetch server.url("/feed.xml") …
/// try await server.stop()
/// ```
public final class TestHTTPServer: Sendable {
    typealias Handler = @Sendable (RecordedRequest) -> TestHTTPResponse

    private struct State {
        var routes: [String: Handler] = [:]
        var fallback: Handler?
        var requests: [RecordedRequest] = []
        var connections: [ObjectIdentifier: any Channel] = [:]
        var isStopped = false
        var inFlight = 0
        var mostInFlight = 0
    }

    private let state = Mutex(State())
    private let serverChannel: Mutex<(any Channel)?> = Mutex(nil)
    public let port: Int

    private init(port: Int) {
        self.port = port
    }

    /// Binds 127.0.0.1 on `port` (0: a port the system picks) and starts serving.
    /// - Throws: NIO's `IOError` (`EADDRINUSE`, `EACCES` below 1024 without root) when the port
    ///   cannot be bound.
    public static func start(port: Int = 0) async throws -> TestHTTPServer {
        // The server object must exist before the first connection, but its port is only known
        // after binding; a port-less placeholder is never handed out.
        let box = Mutex<TestHTTPServer?>(nil)
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            // No SO_REUSEADDR on the system's pick: with the option Linux may hand out a port a
            // client socket of another test is still using (seen as a refused connection in a
            // parallel run). A fixed port needs it, or the connections an earlier server on that
            // port closed (in TIME_WAIT for a minute) keep it from binding again.
            .serverChannelOption(.socketOption(.so_reuseaddr), value: port == 0 ? 0 : 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                guard let server = box.withLock({ $0 }) else {
                    return channel.close()
                }
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(TestHTTPHandler(server: server))
                    server.track(channel)
                }
            }
            .bind(host: "127.0.0.1", port: port)
            .get()
        guard let port = channel.localAddress?.port else {
            try? await channel.close()
            throw ChannelError.unknownLocalAddress
        }
        let server = TestHTTPServer(port: port)
        server.serverChannel.withLock { $0 = channel }
        box.withLock { $0 = server }
        return server
    }

    /// `http://127.0.0.1:PORT`
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// `baseURL` + `path` (`path` should start with `/`).
    public func url(_ path: String) -> String { baseURL + path }

    /// Answers `path` with a fixed response, replacing any earlier route for it.
    public func route(_ path: String, _ response: TestHTTPResponse) {
        route(path) { _ in response }
    }

    /// Answers `path` with whatever `handler` returns for each request (for conditional GETs,
    /// counters, redirect chains). Called on an event-loop thread; must not block.
    public func route(_ path: String, handler: @escaping @Sendable (RecordedRequest) -> TestHTTPResponse) {
        state.withLock { $0.routes[path] = handler }
    }

    /// Answers every path that no `route` matches with whatever `handler` returns (for servers
    /// that route by pattern, such as `/v1/feeds/{id}`). Called on an event-loop thread; must not
    /// block.
    public func fallback(handler: @escaping @Sendable (RecordedRequest) -> TestHTTPResponse) {
        state.withLock { $0.fallback = handler }
    }

    /// Every request received so far, in arrival order.
    public var requests: [RecordedRequest] {
        state.withLock { $0.requests }
    }

    /// The most requests the server was answering at the same time (received, response not
    /// yet fully written), for concurrency-limit tests.
    public var mostConcurrentRequests: Int {
        state.withLock { $0.mostInFlight }
    }

    /// The requests received so far for `path`.
    public func requests(for path: String) -> [RecordedRequest] {
        requests.filter { $0.path == path }
    }

    /// Closes the listening socket and every open connection. Calling it again does nothing.
    public func stop() async throws {
        let connections = state.withLock { state in
            state.isStopped = true
            defer { state.connections.removeAll() }
            return Array(state.connections.values)
        }
        let listener = serverChannel.withLock { channel in
            defer { channel = nil }
            return channel
        }
        if let listener {
            try await listener.close()
        }
        for connection in connections {
            // A connection may close itself meanwhile; that is what we want anyway.
            try? await connection.close()
        }
    }

    // MARK: - Used by the handler

    /// Records the request and picks the response.
    func respond(to request: RecordedRequest) -> TestHTTPResponse {
        let handler = state.withLock { state in
            state.requests.append(request)
            state.inFlight += 1
            state.mostInFlight = max(state.mostInFlight, state.inFlight)
            return state.routes[request.path] ?? state.fallback
        }
        return handler?(request) ?? TestHTTPResponse(
            status: 404, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array("not found\n".utf8))
    }

    /// A response picked by `respond(to:)` is written (or its client is gone).
    func responded() {
        state.withLock { $0.inFlight -= 1 }
    }

    private func track(_ channel: any Channel) {
        let id = ObjectIdentifier(channel)
        let accepted = state.withLock { state in
            guard !state.isStopped else { return false }
            state.connections[id] = channel
            return true
        }
        guard accepted else {
            channel.close(promise: nil)
            return
        }
        channel.closeFuture.whenComplete { [weak self] _ in
            _ = self?.state.withLock { $0.connections.removeValue(forKey: id) }
        }
    }
}
