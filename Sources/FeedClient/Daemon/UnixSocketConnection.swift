import Glibc
import FeedIPC

/// One connected `AF_UNIX` stream socket with blocking send and receive.
///
/// Kept apart from the JSON-RPC logic so that all POSIX calls of the client's transport are
/// in one place.
final class UnixSocketConnection {
    private var descriptor: Int32
    /// The process listening on the socket, as the kernel recorded it (`SO_PEERCRED`).
    private(set) var peerPID: Int32 = 0

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close()
    }

    /// Connects to the socket at `path` and makes sure the process listening there runs as
    /// `uid`, before a byte is sent: a socket path can be reached by others (a directory in
    /// `/tmp`, a `--socket` the user was told to use), and whoever answers could name commands.
    /// - Parameter uid: the user the daemon must run as (`getuid()`; root's daemon is trusted
    ///   only by root).
    /// - Throws: `DaemonClientError.unreachable` when the socket cannot be created or connected,
    ///   `.untrustedDaemon` when another user listens on it.
    static func connect(to path: String, uid: UInt32 = getuid()) throws -> UnixSocketConnection {
        guard let address = UnixSocketAddress(path: path) else {
            throw DaemonClientError.unreachable(
                socketPath: path,
                reason: .other("the path is empty or longer than \(UnixSocketAddress.maximumPathLength) bytes"))
        }

        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else {
            throw DaemonClientError.unreachable(socketPath: path, reason: .other(Self.describe(errno)))
        }

        var result: Int32
        repeat {
            result = address.withSockaddr { posixConnect(fd, $0, $1) }
        } while result != 0 && errno == EINTR
        guard result == 0 else {
            let code = errno
            _ = posixClose(fd)
            let reason: DaemonClientError.UnreachableReason =
                switch code {
                case ENOENT: .noSocket
                case ECONNREFUSED: .refused
                default: .other(Self.describe(code))
                }
            throw DaemonClientError.unreachable(socketPath: path, reason: reason)
        }
        let connection = UnixSocketConnection(descriptor: fd)
        let (peer, pid) = try connection.peerCredentials(path: path)
        connection.peerPID = pid
        guard peer == uid else { throw DaemonClientError.untrustedDaemon(socketPath: path, uid: peer) }
        return connection
    }

    /// The uid and pid of the process at the other end, as the kernel recorded them when that
    /// process called `listen` (`SO_PEERCRED`): they cannot be forged.
    private func peerCredentials(path: String) throws -> (uid: UInt32, pid: Int32) {
        // Linux's `struct ucred` (pid_t, uid_t, gid_t), which Swift's Glibc does not import.
        var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0,
              Int(length) == MemoryLayout.size(ofValue: credentials)
        else {
            throw DaemonClientError.unreachable(
                socketPath: path, reason: .other("cannot learn who listens: \(Self.describe(errno))"))
        }
        return (credentials.uid, credentials.pid)
    }

    /// Writes all of `bytes`.
    /// - Throws: `DaemonClientError.connectionLost` when the daemon has gone away.
    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            // MSG_NOSIGNAL rather than ignoring SIGPIPE process-wide: an ignored signal would be
            // inherited by the browser the client may spawn later.
            let written = bytes.withUnsafeBytes { buffer in
                posixSend(descriptor, buffer.baseAddress! + offset, bytes.count - offset, Self.sendFlags)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw DaemonClientError.connectionLost
            }
            offset += written
        }
    }

    /// The next bytes the daemon sent; empty at end of stream.
    /// - Parameters:
    ///   - timeoutSeconds: how long to wait for data; `nil` waits indefinitely.
    ///   - method: named in the timeout error.
    /// - Throws: `DaemonClientError.timedOut` or `.connectionLost`.
    func receive(timeoutSeconds: Int?, method: String) throws -> [UInt8] {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = timeoutSeconds.map { Int32(clamping: $0 * 1000) } ?? -1
        while true {
            let ready = poll(&poller, 1, milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                throw DaemonClientError.connectionLost
            }
            if ready == 0 {
                let daemon = DaemonProcess(pid: peerPID)
                throw DaemonClientError.timedOut(
                    method: method, seconds: timeoutSeconds ?? 0, pid: daemon?.pid, stopped: daemon?.isStopped ?? false)
            }
            break
        }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                posixRead(descriptor, buffer.baseAddress, buffer.count)
            }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == ECONNRESET { return [] }
                throw DaemonClientError.connectionLost
            }
            chunk.removeSubrange(count...)
            return chunk
        }
    }

    /// Closes the socket; later calls do nothing.
    func close() {
        guard descriptor >= 0 else { return }
        _ = posixClose(descriptor)
        descriptor = -1
    }

    private static var sendFlags: Int32 {
        Int32(MSG_NOSIGNAL)
    }

    private static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

// `close()` and `send(_:)` of the class shadow the C functions; these names reach the C ones.
private func posixConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    Glibc.connect(fd, address, length)
}

private func posixSend(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int {
    Glibc.send(fd, bytes, count, flags)
}

private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    Glibc.read(fd, buffer, count)
}

private func posixClose(_ fd: Int32) -> Int32 {
    Glibc.close(fd)
}
