import Glibc
import NIOCore

/// The process at the other end of a Unix socket connection, as the kernel reports it
/// (`SO_PEERCRED`): it cannot be forged by the client.
struct PeerCredentials: Sendable, Equatable {
    // Laid out as Linux's `struct ucred` (pid_t, uid_t, gid_t: three 32-bit integers), which
    // Swift's Glibc module does not import (it is behind _GNU_SOURCE).
    var pid: Int32
    var uid: UInt32
    var gid: UInt32

    /// Asks the kernel who is connected on `channel`.
    /// - Throws: when the channel is not a socket channel or `getsockopt` fails (connection gone).
    static func of(_ channel: any Channel) async throws -> PeerCredentials {
        guard let provider = channel as? any SocketOptionProvider else { throw CredentialsUnavailable() }
        return try await read(from: provider).get()
    }

    // Not public, not inlinable: NIO asks that libc-typed socket option calls stay in such
    // functions (see SocketOptionProvider.swift).
    private static func read(from provider: any SocketOptionProvider) -> EventLoopFuture<PeerCredentials> {
        provider.unsafeGetSocketOption(level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(SO_PEERCRED))
    }

    struct CredentialsUnavailable: Error {}
}
