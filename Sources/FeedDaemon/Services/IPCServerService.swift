import Glibc
import FeedEntities
import FeedIPC
import Foundation
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import Synchronization

/// Serves the NDJSON JSON-RPC protocol on a Unix socket: one task per connection, requests of a
/// connection answered in order, errors contained to their connection.
///
/// Every connection is checked before its first line is read: the peer must run as the
/// daemon's own user (`SO_PEERCRED`; the socket's 0600 mode is the first fence, this is the
/// second), and at most `ConnectionLimits.maximumClients` are served at once. Idle clients and
/// clients that stop reading are closed after their timeout (`ConnectionActivity`).
public final class IPCServerService: Service {
    typealias Connection = NIOAsyncChannel<IPCFrame, ByteBuffer>

    private let server: NIOAsyncChannel<Connection, Never>
    /// Connections NIO accepted and the accept loop has not taken yet (see `PendingConnections`).
    private let pending: PendingConnections
    private let socketPath: String
    /// Whether the socket file is the daemon's to remove on exit: not when systemd passed the
    /// socket, which it keeps listening on to start the daemon again.
    private let ownsSocketFile: Bool
    let handler: RequestHandler
    let logger: Logger
    private let limits: Mutex<ConnectionLimits>
    private let clients = Atomic<Int>(0)
    private let ownUID = getuid()

    private init(
        server: NIOAsyncChannel<Connection, Never>, pending: PendingConnections, socketPath: String, ownsSocketFile: Bool,
        handler: RequestHandler, limits: ConnectionLimits, logger: Logger
    ) {
        self.server = server
        self.pending = pending
        self.socketPath = socketPath
        self.ownsSocketFile = ownsSocketFile
        self.handler = handler
        self.limits = Mutex(limits)
        self.logger = logger
    }

    /// Serves on a listening socket systemd passed (socket activation).
    /// - Throws: NIO's error when the descriptor cannot be used.
    public static func adopt(
        _ activation: SocketActivation, handler: RequestHandler, limits: ConnectionLimits, group: any EventLoopGroup,
        logger: Logger
    ) async throws -> IPCServerService {
        let pending = PendingConnections()
        let server = try await ServerBootstrap(group: group)
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            .bind(activation.descriptor) { channel in initializeConnection(channel, pending: pending) }
        logger.info("listening on \(activation.path) (socket passed by systemd)")
        return IPCServerService(
            server: server, pending: pending, socketPath: activation.path, ownsSocketFile: false, handler: handler, limits: limits,
            logger: logger)
    }

    /// Binds the socket, which `SocketPreparation` has made safe to bind.
    /// - Throws: NIO's error when the socket cannot be bound.
    public static func bind(
        socketPath: String, handler: RequestHandler, limits: ConnectionLimits, group: any EventLoopGroup, logger: Logger
    ) async throws -> IPCServerService {
        let pending = PendingConnections()
        let server = try await ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 128)
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            .bind(unixDomainSocketPath: socketPath, cleanupExistingSocketFile: false) { channel in
                initializeConnection(channel, pending: pending)
            }
        // umask 077 already made it private; this also covers a daemon started with another umask.
        chmod(socketPath, 0o600)
        logger.info("listening on \(socketPath)")
        return IPCServerService(
            server: server, pending: pending, socketPath: socketPath, ownsSocketFile: true, handler: handler, limits: limits, logger: logger)
    }

    /// Sets up an accepted channel (on its event loop, before it reads anything) and keeps it
    /// in `pending` until the accept loop takes it.
    @Sendable private static func initializeConnection(
        _ channel: any Channel, pending: PendingConnections
    ) -> EventLoopFuture<Connection> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(
                ByteToMessageHandler(LineFrameDecoder(maximumLength: WireCoding.maximumLineLength)))
            let connection = try Connection(wrappingChannelSynchronously: channel)
            pending.add(connection)
            return connection
        }
    }

    /// New limits (SIGHUP): the client cap applies to the next connections, the timeouts at once.
    public func apply(_ newLimits: ConnectionLimits) {
        limits.withLock { $0 = newLimits }
    }

    var currentLimits: ConnectionLimits { limits.withLock { $0 } }

    public func run() async throws {
        defer { if ownsSocketFile { unlink(socketPath) } }
        // Graceful shutdown closes the listening channel instead of cancelling the accept loop;
        // the loop hands over what it holds, then ends, and each connection task ends on the
        // same shutdown. Connections NIO accepted during the close never reach the loop: they
        // are closed from `pending`, since NIO traps on a connection released unfinished
        // (apple/swift-nio#2813).
        await withDiscardingTaskGroup { group in
            do {
                try await withGracefulShutdownHandler {
                    try await server.executeThenClose { connections in
                        for try await connection in connections {
                            guard pending.take(connection) else { continue }
                            group.addTask { await self.accept(connection) }
                        }
                    }
                } onGracefulShutdown: {
                    self.server.channel.close(promise: nil)
                }
            } catch {
                logger.debug("accept loop ended: \(error)")
            }
            for connection in pending.takeAll() {
                group.addTask { try? await connection.executeThenClose { _, _ in } }
            }
        }
        logger.debug("stopped listening on \(socketPath)")
    }

    /// Admits or refuses one connection, then serves it until the client leaves, it times out,
    /// or the daemon shuts down.
    private func accept(_ connection: Connection) async {
        let count = clients.wrappingAdd(1, ordering: .relaxed).newValue
        defer { clients.wrappingSubtract(1, ordering: .relaxed) }
        let limits = currentLimits
        if count > limits.maximumClients {
            logger.warning("refused a client: \(Counted.phrase(limits.maximumClients, "client")) already connected")
            await refuse(connection, handler.refusal(
                .tooManyClients, "Too many clients: the daemon serves at most \(limits.maximumClients) at once"))
            return
        }
        do {
            let peer = try await PeerCredentials.of(connection.channel)
            guard peer.uid == ownUID else {
                logger.warning("refused a client of uid \(peer.uid) (pid \(peer.pid)): this daemon serves uid \(ownUID) only")
                await refuse(connection, handler.refusal(
                    .forbidden, "Forbidden: this daemon serves only the user with uid \(ownUID)"))
                return
            }
        } catch {
            await refuse(connection, nil)
            return
        }
        await cancelWhenGracefulShutdown {
            await self.serve(connection)
        }
    }

    /// Writes one line (if any) and closes, without reading what the client sent.
    private func refuse(_ connection: Connection, _ line: Data?) async {
        try? await connection.executeThenClose { _, _ in
            if let line { try await Self.send(line, on: connection) }
        }
    }
}

// A name for the service group's log lines (the default dumps every stored property).
extension IPCServerService: CustomStringConvertible { public var description: String { "IPCServerService" } }
