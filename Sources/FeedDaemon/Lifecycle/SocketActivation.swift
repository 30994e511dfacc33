import Glibc

/// A listening socket systemd (or `systemd-socket-activate`) passed to the daemon: the
/// `LISTEN_FDS`/`LISTEN_PID` protocol of `sd_listen_fds`, read without libsystemd.
public struct SocketActivation: Sendable {
    /// The first passed descriptor (`SD_LISTEN_FDS_START`).
    static let firstDescriptor: Int32 = 3

    /// The inherited descriptor, a listening `AF_UNIX` stream socket.
    public let descriptor: Int32
    /// The path it is bound to (for logs and the status line).
    public let path: String

    /// The socket passed to this process, or `nil` when none was (or `LISTEN_PID` names
    /// another process, which means the variables were inherited by mistake).
    /// - Throws: `SocketError` when a socket was passed but is not a Unix stream socket.
    public static func inherited(environment: [String: String], pid: Int32 = getpid()) throws(SocketError) -> SocketActivation? {
        guard let count = environment["LISTEN_FDS"].flatMap(Int.init), count >= 1,
              environment["LISTEN_PID"].flatMap(Int32.init) == pid
        else { return nil }
        let descriptor = firstDescriptor
        var type: Int32 = 0
        var typeLength = socklen_t(MemoryLayout<Int32>.size)
        var address = sockaddr_un()
        var addressLength = socklen_t(MemoryLayout<sockaddr_un>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &addressLength) }
        }
        guard getsockopt(descriptor, SOL_SOCKET, SO_TYPE, &type, &typeLength) == 0, type == Int32(SOCK_STREAM.rawValue),
              named == 0, address.sun_family == sa_family_t(AF_UNIX)
        else {
            throw .unusable("file descriptor 3", "the socket passed by systemd (LISTEN_FDS) is not a Unix stream socket")
        }
        // Passed on to nothing: the daemon starts no process that should inherit them.
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        let path = withUnsafeBytes(of: &address.sun_path) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        return SocketActivation(descriptor: descriptor, path: path)
    }
}
