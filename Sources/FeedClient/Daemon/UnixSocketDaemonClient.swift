#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedIPC

/// A `DaemonClient` on a blocking `AF_UNIX` stream socket, speaking NDJSON JSON-RPC 2.0.
///
/// Blocking I/O is deliberate: the CLI runs one command per process, and a plain socket costs
/// nothing at start-up, unlike an event loop. The first request connects and sends `hello`;
/// a daemon with another protocol major version is refused before anything else is asked.
public final class UnixSocketDaemonClient: DaemonClient {
    /// The path the client connects to.
    public let socketPath: String
    /// The default directory `socketPath` is in, examined before every connection; `nil` for
    /// a socket the user named.
    let socketDirectory: String?
    private let clientName: String
    private let requestTimeout: Int?
    private let untimedMethods: Set<String>
    private let pipelinedMethods: Set<String>
    private let responseLineLimit: Int
    /// Starts the daemon when nothing listens on the socket; `nil` never does.
    let autostart: DaemonAutostart?
    /// Whether this client has tried to start the daemon (it tries once).
    var autostartAttempted = false

    private var connection: UnixSocketConnection?
    /// Bytes read past the last complete line: kept across requests, since a notification the
    /// daemon wrote after a response may arrive split over two reads.
    private var lines: LineBuffer
    private var handshake: RPC.Hello.Result?
    private var nextID: Int64 = 1
    // Made at their first use: `hello` and `items.list` need neither (`RPCDirectCoding`).
    private lazy var encoder = WireCoding.makeEncoder()
    private lazy var decoder = WireCoding.makeDecoder()

    /// - Parameters:
    ///   - socketPath: the daemon's socket (see `SocketLocation.choose`).
    ///   - socketDirectory: the default directory the socket is in, which must be the user's
    ///     own and private (`PrivateDirectory`); `nil` when the user named the socket. The
    ///     daemon behind any socket must run as the user.
    ///   - clientName: sent in `hello`, e.g. `tidings/0.1.0`.
    ///   - requestTimeout: seconds of silence after which the daemon is taken as not answering
    ///     (`DaemonClientError.timedOut`); `nil` waits as long as it takes. Any line counts: an
    ///     answer, a progress notification, or the keep-alive a daemon from protocol 1.14 sends
    ///     every few seconds while it works on a request, so a long refresh never trips it.
    ///   - untimedMethods: methods that may legitimately take long, which a daemon before 1.14
    ///     (no keep-alives) is given all the time they take (`refresh` fetches every feed before
    ///     it answers; `daemon.restore` waits for a pass in progress and reads the whole backup;
    ///     `sync.run` answers when a sync ends; `watch` lasts until the daemon stops).
    ///   - pipelinedMethods: read-only methods whose first call is sent together with `hello`.
    ///   - responseLineLimit: the longest response line accepted. Larger than the daemon's own
    ///     request limit because a full `items.list` of a big database is one line.
    ///   - autostart: what to do when no daemon listens; `nil` reports it unreachable.
    public init(
        socketPath: String,
        socketDirectory: String? = nil,
        clientName: String = "tidings/" + TidingsVersion.current,
        requestTimeout: Int? = UnixSocketDaemonClient.defaultTimeout,
        untimedMethods: Set<String> = [RPC.Refresh.name, RPC.Watch.name, RPC.Restore.name, RPC.RunSync.name],
        pipelinedMethods: Set<String> = [
            RPC.ListItems.name, RPC.Search.name, RPC.GetItem.name, RPC.ListFeeds.name, RPC.Status.name,
            RPC.GetSyncStatus.name,
        ],
        responseLineLimit: Int = 256 << 20,
        autostart: DaemonAutostart? = nil
    ) {
        self.socketPath = socketPath
        self.socketDirectory = socketDirectory
        self.clientName = clientName
        self.requestTimeout = requestTimeout
        self.untimedMethods = untimedMethods
        self.pipelinedMethods = pipelinedMethods
        self.responseLineLimit = responseLineLimit
        self.autostart = autostart
        self.lines = LineBuffer(limit: responseLineLimit)
    }

    deinit {
        connection?.close()
    }

    /// Seconds of silence before the daemon counts as not answering (`TIDINGS_TIMEOUT` sets
    /// another): six keep-alives missed.
    public static let defaultTimeout = 30

    /// The deadline `TIDINGS_TIMEOUT` asks for: whole seconds, `0` for none; `nil` when unset
    /// or unreadable (the default applies).
    public static func timeout(environment: [String: String]) -> Int?? {
        guard let text = environment["TIDINGS_TIMEOUT"], let seconds = Int(text), seconds >= 0 else { return nil }
        return .some(seconds == 0 ? nil : seconds)
    }

    public func hello() async throws -> RPC.Hello.Result {
        if let handshake { return handshake }
        let connection = try openConnection()
        do {
            try accept(try exchange(
                RPC.Hello.self, RPC.Hello.Params(client: clientName), on: connection, notifications: { _ in }))
            return handshake!
        } catch {
            drop(connection)
            throw error
        }
    }

    public func call<M: RPCMethod>(
        _ method: M.Type, _ params: M.Params, notifications: (_ line: Data) -> Void
    ) async throws -> M.Result {
        if handshake == nil, pipelinedMethods.contains(M.name) {
            return try pipelinedFirstCall(method, params, notifications: notifications)
        }
        _ = try await hello()
        guard let connection else { throw DaemonClientError.connectionLost }
        do {
            return try exchange(method, params, on: connection, notifications: notifications)
        } catch let error as DaemonClientError {
            // The stream is out of step after a transport failure; never reuse it.
            drop(connection)
            throw error
        }
    }

    /// The first call of a read-only method: `hello` and the request leave in one write, saving a
    /// round trip (most commands make one call). The answers still come in order, so the
    /// protocol version is checked before the result is read; a daemon of another major version
    /// has then only been asked to read something.
    private func pipelinedFirstCall<M: RPCMethod>(
        _ method: M.Type, _ params: M.Params, notifications: (_ line: Data) -> Void
    ) throws -> M.Result {
        let connection = try openConnection()
        let requestID: RPCID
        do {
            let hello = try line(RPC.Hello.self, RPC.Hello.Params(client: clientName))
            let request = try line(method, params)
            requestID = request.id
            try send(hello.line + request.line, answering: RPC.Hello.self, id: hello.id, on: connection)
            try accept(try receive(RPC.Hello.self, id: hello.id, on: connection, notifications: { _ in }))
        } catch {
            drop(connection)
            throw error
        }
        do {
            return try receive(method, id: requestID, on: connection, notifications: notifications)
        } catch let error as DaemonClientError {
            // The stream is out of step after a transport failure; never reuse it.
            drop(connection)
            throw error
        }
    }

    /// Keeps the handshake, or refuses a daemon of another major version.
    private func accept(_ result: RPC.Hello.Result) throws {
        guard ProtocolVersion.major(of: result.protocolVersion) == ProtocolVersion.major else {
            throw DaemonClientError.protocolMismatch(
                daemonProtocol: result.protocolVersion, daemonVersion: result.daemonVersion,
                clientProtocol: ProtocolVersion.current)
        }
        handshake = result
    }

    // MARK: - Exchange

    private func openConnection() throws -> UnixSocketConnection {
        if let connection { return connection }
        let opened = try connectStartingTheDaemon()
        connection = opened
        lines = LineBuffer(limit: responseLineLimit)
        return opened
    }

    private func drop(_ dropped: UnixSocketConnection) {
        dropped.close()
        if connection === dropped { connection = nil }
        handshake = nil
    }

    /// Writes one request and reads lines until the response with the same id arrives.
    private func exchange<M: RPCMethod>(
        _ method: M.Type, _ params: M.Params, on connection: UnixSocketConnection,
        notifications: (_ line: Data) -> Void
    ) throws -> M.Result {
        let (id, request) = try line(method, params)
        try send(request, answering: method, id: id, on: connection)
        return try receive(method, id: id, on: connection, notifications: notifications)
    }

    /// One request line, with the next id.
    private func line<M: RPCMethod>(_ method: M.Type, _ params: M.Params) throws -> (id: RPCID, line: [UInt8]) {
        let id = RPCID.number(nextID)
        nextID += 1
        let request: [UInt8]
        if let direct = M.directCoding {
            request = WireWriter.requestLine(id: id, method: M.name) { direct.writeParams(params, &$0) }
        } else {
            do {
                request = Array(try WireCoding.line(RPCRequest(id: id, method: M.name, params: params), encoder: encoder))
            } catch {
                throw DaemonClientError.malformedResponse("cannot encode the \(M.name) request: \(error)")
            }
        }
        return (id, request)
    }

    /// Writes request lines, the first of them request `id` of `method`.
    private func send<M: RPCMethod>(
        _ request: [UInt8], answering method: M.Type, id: RPCID, on connection: UnixSocketConnection
    ) throws {
        do {
            try connection.send(request)
        } catch DaemonClientError.connectionLost {
            // A daemon that refuses a connection (another user, too many clients) writes why and
            // closes without reading; a request still on its way then fails with EPIPE. The
            // reason is already in our receive queue, followed by the end of the stream (the
            // daemon has closed, so this does not wait): its error says more than "connection lost".
            do {
                _ = try receive(method, id: id, on: connection, notifications: { _ in })
            } catch DaemonClientError.unanswered {
                // The request never arrived whole: nothing was done.
            }
            throw DaemonClientError.connectionLost
        }
    }

    /// Reads lines until the response to request `id` arrives.
    /// - Throws: `DaemonClientError.unanswered` when the connection ends first: the request
    ///   was sent, so the daemon may have done it.
    private func receive<M: RPCMethod>(
        _ method: M.Type, id: RPCID, on connection: UnixSocketConnection, notifications: (_ line: Data) -> Void
    ) throws -> M.Result {
        // A daemon that sends keep-alives is timed on everything; an older one only on what
        // should answer soon.
        let keepsAlive = handshake.flatMap { ProtocolVersion.minor(of: $0.protocolVersion) }.map { $0 >= ProtocolVersion.keepAliveMinor } ?? false
        let timeout = untimedMethods.contains(M.name) && !keepsAlive ? nil : requestTimeout
        while true {
            let line: [UInt8]
            do {
                guard let next = try lines.nextLine() else {
                    let chunk: [UInt8]
                    do {
                        chunk = try connection.receive(timeoutSeconds: timeout, method: M.name)
                    } catch DaemonClientError.connectionLost {
                        throw DaemonClientError.unanswered(method: M.name)
                    }
                    guard !chunk.isEmpty else { throw DaemonClientError.unanswered(method: M.name) }
                    lines.append(chunk)
                    continue
                }
                line = next
            } catch LineBuffer.Failure.lineTooLong(let limit) {
                throw DaemonClientError.malformedResponse("a response line is longer than \(limit) bytes")
            }
            if line.isEmpty { continue }
            if let result = try response(to: method, id: id, line: line, notifications: notifications) { return result }
        }
    }

    /// The result when `line` answers request `id`; `nil` for notifications and other ids.
    private func response<M: RPCMethod>(
        to method: M.Type, id: RPCID, line: [UInt8], notifications: (_ line: Data) -> Void
    ) throws -> M.Result? {
        if let result = M.directCoding?.result(ofResponse: line, id: id) { return result }
        let data = Data(line)
        let envelope: RPCEnvelope
        do {
            envelope = try decoder.decode(RPCEnvelope.self, from: data)
        } catch {
            throw DaemonClientError.malformedResponse("the daemon sent a line that is not JSON-RPC")
        }
        // Notifications (no id): progress events, for whoever asked to hear them.
        guard envelope.hasID else {
            notifications(data)
            return nil
        }
        // A null id is the daemon saying it could not read our request: it is ours too.
        if let answered = envelope.id, answered != id { return nil }

        let incoming: RPCIncoming<M.Result>
        do {
            incoming = try decoder.decode(RPCIncoming<M.Result>.self, from: data)
        } catch {
            throw DaemonClientError.malformedResponse(
                "cannot read the daemon's answer to \(M.name): \(DecodingFailure.summary(of: error))")
        }
        if let error = incoming.error { throw error }
        guard let result = incoming.result else {
            throw DaemonClientError.malformedResponse("the answer to \(M.name) has neither result nor error")
        }
        return result
    }
}
