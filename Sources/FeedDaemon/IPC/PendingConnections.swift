import NIOCore
import Synchronization

/// Connections between NIO's accept and the accept loop, held so that none is released
/// unfinished.
///
/// NIO wraps an accepted channel (the child initializer) before the channel is active and
/// before the accept loop receives it. When the listening channel closes in between (shutdown),
/// the server's stream drops the connection, and NIO traps when the wrapper's writer is then
/// released without `finish()` (apple/swift-nio#2813). Holding each connection here until the
/// loop takes it lets the service finish the stragglers properly instead.
final class PendingConnections: Sendable {
    typealias Connection = NIOAsyncChannel<IPCFrame, ByteBuffer>

    private let connections = Mutex<[ObjectIdentifier: Connection]>([:])

    /// Called on the channel's event loop by the child initializer.
    func add(_ connection: Connection) {
        connections.withLock { $0[ObjectIdentifier(connection.channel)] = connection }
    }

    /// The accept loop took `connection`; returns `false` if it was already taken.
    func take(_ connection: Connection) -> Bool {
        connections.withLock { $0.removeValue(forKey: ObjectIdentifier(connection.channel)) != nil }
    }

    /// Everything never taken, once the accept loop has ended.
    func takeAll() -> [Connection] {
        connections.withLock { pending in
            defer { pending.removeAll() }
            return Array(pending.values)
        }
    }
}
