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
    private let handler: RequestHandler
    private let logger: Logger

    private init(server: NIOAsyncChannel<Connection, Never>, socketPath: String, handler: RequestHandler, logger: Logger) {
        self.server = server
        self.socketPath = socketPath
        self.handler = handler
        self.logger = logger
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
        return IPCServerService(server: server, socketPath: socketPath, handler: handler, logger: logger)
    }

    public func run() async throws {
        defer { unlink(socketPath) }
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
