#if canImport(Glibc)
import Glibc
#endif
import FeedIPC
import Foundation
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

/// Serves the NDJSON JSON-RPC protocol on a Unix socket: one task per connection, requests of a
/// connection answered in order, errors contained to their connection.
public final class IPCServerService: Service {
    typealias Connection = NIOAsyncChannel<IPCFrame, ByteBuffer>

    private let server: NIOAsyncChannel<Connection, Never>
    private let socketPath: String
    /// Whether the socket file is the daemon's to remove on exit: not when systemd passed the
    /// socket, which it keeps listening on to start the daemon again.
    private let ownsSocketFile: Bool
    private let handler: RequestHandler
    private let logger: Logger

    private init(
        server: NIOAsyncChannel<Connection, Never>, socketPath: String, ownsSocketFile: Bool, handler: RequestHandler,
        logger: Logger
    ) {
        self.server = server
        self.socketPath = socketPath
        self.ownsSocketFile = ownsSocketFile
        self.handler = handler
        self.logger = logger
    }

    /// Serves on a listening socket systemd passed (socket activation).
    /// - Throws: NIO's error when the descriptor cannot be used.
    public static func adopt(
        _ activation: SocketActivation, handler: RequestHandler, group: any EventLoopGroup, logger: Logger
    ) async throws -> IPCServerService {
        let server = try await ServerBootstrap(group: group)
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            .bind(activation.descriptor) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        ByteToMessageHandler(LineFrameDecoder(maximumLength: WireCoding.maximumLineLength)))
                    return try Connection(wrappingChannelSynchronously: channel)
                }
            }
        logger.info("listening on \(activation.path) (socket passed by systemd)")
        return IPCServerService(
            server: server, socketPath: activation.path, ownsSocketFile: false, handler: handler, logger: logger)
    }

    /// Binds the socket, which `SocketPreparation` has made safe to bind.
    /// - Throws: NIO's error when the socket cannot be bound.
    public static func bind(
        socketPath: String, handler: RequestHandler, group: any EventLoopGroup, logger: Logger
    ) async throws -> IPCServerService {
        let server = try await ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 128)
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            .bind(unixDomainSocketPath: socketPath, cleanupExistingSocketFile: false) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        ByteToMessageHandler(LineFrameDecoder(maximumLength: WireCoding.maximumLineLength)))
                    return try Connection(wrappingChannelSynchronously: channel)
                }
            }
        // umask 077 already made it private; this also covers a daemon started with another umask.
        chmod(socketPath, 0o600)
        logger.info("listening on \(socketPath)")
        return IPCServerService(server: server, socketPath: socketPath, ownsSocketFile: true, handler: handler, logger: logger)
    }

    public func run() async throws {
        defer { if ownsSocketFile { unlink(socketPath) } }
        // Cancelling on shutdown ends the accept loop and every connection's read loop, so idle
        // clients cannot hold the daemon open.
        do {
            try await cancelWhenGracefulShutdown {
                try await withThrowingDiscardingTaskGroup { group in
                    try await self.server.executeThenClose { connections in
                        for try await connection in connections {
                            group.addTask { await self.serve(connection) }
                        }
                    }
                }
            }
        } catch is CancellationError {
            // The shutdown this service was waiting for.
        }
        logger.debug("stopped listening on \(socketPath)")
    }

    private func serve(_ connection: Connection) async {
        do {
            try await connection.executeThenClose { frames, outbound in
                for try await frame in frames {
                    let response: Data?
                    switch frame {
                    case .line(let line):
                        guard line.readableBytesView.contains(where: { !Self.isBlank($0) }) else { continue }
                        // Progress notifications go out on this connection before the answer.
                        response = await handler.handle(Data(line.readableBytesView)) { notification in
                            do {
                                try await outbound.write(ByteBuffer(bytes: notification))
                                return true
                            } catch {
                                return false
                            }
                        }
                    case .overlong:
                        response = handler.overlongLine()
                    }
                    guard let response else { continue }
                    if Task.isCancelled {
                        // Written from a task the shutdown does not cancel: a request answered
                        // because the daemon is stopping (a `watch` ends with `{}`) still gets its
                        // answer before the connection closes.
                        try await Task { try await outbound.write(ByteBuffer(bytes: response)) }.value
                    } else {
                        try await outbound.write(ByteBuffer(bytes: response))
                    }
                }
            }
        } catch is CancellationError {
            // Shutting down.
        } catch {
            // A client that vanished mid-request is routine; it never affects other clients.
            logger.debug("client connection ended: \(error)")
        }
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }
}
