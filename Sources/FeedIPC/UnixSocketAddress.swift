import Glibc

/// The `AF_UNIX` address of a socket path, built in one place for every side that connects or
/// binds: the client, the daemon's liveness probe of an existing socket, and tests.
public struct UnixSocketAddress {
    /// The longest path a `sockaddr_un` holds, without its terminating NUL.
    public static var maximumPathLength: Int { MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1 }

    private var address = sockaddr_un()

    /// `nil` when `path` is empty or longer than `maximumPathLength` bytes.
    public init?(path: String) {
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes.count <= Self.maximumPathLength else { return nil }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
    }

    /// Calls `body` with the address as the generic `sockaddr` that `connect` and `bind` take.
    public func withSockaddr<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) throws -> Result) rethrows -> Result {
        try withUnsafePointer(to: address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                try body($0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }
}
