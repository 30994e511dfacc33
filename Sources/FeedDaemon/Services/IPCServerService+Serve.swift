import FeedIPC
import Foundation
import Logging
import NIOCore

extension IPCServerService {
    /// Answers the lines of one connection in order, while a watchdog closes the connection
    /// once it has been idle, or stuck writing to a client that does not read, for too long.
    func serve(_ connection: Connection) async {
        let activity = ConnectionActivity()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                guard let reason = try? await activity.overstay(limits: { self.currentLimits }) else { return }
                self.logger.debug("closing a client connection: \(reason)")
                connection.channel.close(promise: nil)
            }
            group.addTask { await Self.keepAlive(connection, activity: activity) }
            await answer(connection, activity: activity)
            group.cancelAll()
        }
    }

    /// While a request of this connection takes long (a refresh, a restore, a VACUUM, a `watch`),
    /// writes a keep-alive every `RPC.keepAliveSeconds`, so that the client can tell a daemon at
    /// work from one that is stopped or stuck (protocol 1.14). Only while the socket takes it
    /// without waiting: a client that does not read is the watchdog's business. Runs until
    /// cancelled.
    private static func keepAlive(_ connection: Connection, activity: ConnectionActivity) async {
        let interval = Duration.seconds(RPC.keepAliveSeconds)
        var lastSent = ContinuousClock.now
        // Looks every second, so that a client never waits much more than the interval.
        while (try? await Task.sleep(for: .seconds(1))) != nil {
            guard activity.handlingLonger(than: interval), ContinuousClock.now - lastSent >= interval else { continue }
            let channel = connection.channel
            if channel.isWritable { channel.writeAndFlush(ByteBuffer(bytes: RPC.keepAliveLine), promise: nil) }
            lastSent = .now
        }
    }

    private func answer(_ connection: Connection, activity: ConnectionActivity) async {
        /// Writes a line and waits until it is in the socket. During shutdown (this task is
        /// cancelled) an answer still goes out before the connection closes, but a client that
        /// does not read gets a second, not the whole shutdown: the watchdog is gone by then.
        @Sendable func write(_ line: Data) async throws {
            let previous = activity.beginWriting()
            defer { activity.restore(previous) }
            guard Task.isCancelled else { return try await Self.send(line, on: connection) }
            try await Self.send(line, on: connection, closingAfterSeconds: 1, logger: logger)
        }
        /// Notifications (refresh progress, new items) are written without waiting while the
        /// connection keeps up, so a refresh pass shared with other clients never waits for
        /// this one; a client that has let 64 KiB pile up is waited for, under the write timeout.
        /// During shutdown none are sent: a refresh cut short reports every feed it abandons at
        /// once, and a line for each of hundreds of feeds fills the socket buffer of a client
        /// slow to read, so the answer queued behind them (which carries the same outcomes)
        /// would miss its one second and the client would be closed unanswered.
        @Sendable func notify(_ line: Data) async -> Bool {
            guard !Task.isCancelled else { return false }
            let channel = connection.channel
            if channel.isWritable {
                channel.writeAndFlush(ByteBuffer(bytes: line), promise: nil)
                return channel.isActive
            }
            do {
                try await write(line)
                return true
            } catch {
                return false
            }
        }
        do {
            try await connection.executeThenClose { frames, _ in
                for try await frame in frames {
                    activity.beginHandling()
                    defer { activity.becomeIdle() }
                    let response: Data?
                    switch frame {
                    case .line(let line):
                        guard line.readableBytesView.contains(where: { !Self.isBlank($0) }) else { continue }
                        // Notifications go out on this connection before the answer.
                        response = await handler.handle(Data(line.readableBytesView), notify: notify)
                    case .overlong:
                        response = handler.overlongLine()
                    }
                    if let response { try await write(response) }
                }
            }
        } catch is CancellationError {
            // Shutting down.
        } catch {
            // A client that vanished mid-request is routine; it never affects other clients.
            logger.debug("client connection ended: \(error)")
        }
    }

    /// Writes one line and returns once it is in the socket, not merely queued: the async
    /// writer's `write` returns earlier, and closing right after it (a refusal, the last answer
    /// to a client that half-closed, an answer during shutdown) could drop the line
    /// (apple/swift-nio#2795). A client that does not read keeps this waiting, which is what
    /// the write timeout measures.
    static func send(_ line: Data, on connection: Connection) async throws {
        try await connection.channel.writeAndFlush(ByteBuffer(bytes: line))
    }

    /// `send` during shutdown: a line the client has not taken after `seconds` closes the
    /// connection. The timer runs on the channel's event loop, where the write completes, so a
    /// write done in time always cancels it first; a task sleeping on another thread could lose
    /// that race on a loaded machine and close a client that was reading.
    static func send(_ line: Data, on connection: Connection, closingAfterSeconds seconds: Int64, logger: Logger) async throws {
        let channel = connection.channel
        let written = channel.eventLoop.makePromise(of: Void.self)
        let deadline = channel.eventLoop.scheduleTask(in: .seconds(seconds)) {
            logger.info("closing a client connection: it read nothing for \(seconds) s during the shutdown")
            channel.close(promise: nil)
        }
        written.futureResult.whenComplete { _ in deadline.cancel() }
        channel.writeAndFlush(ByteBuffer(bytes: line), promise: written)
        try await written.futureResult.get()
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }
}
