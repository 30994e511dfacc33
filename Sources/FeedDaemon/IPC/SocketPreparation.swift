import Glibc
import FeedIPC
import Foundation

/// Makes a socket path safe to bind: a private directory, no live daemon behind an existing
/// socket file, and stale files from a crashed daemon removed.
struct SocketPreparation {
    let path: String
    /// Whether the directory is Tidings' own (the default location), which is created with
    /// mode 0700 or, when it exists, must be the user's own (it is tightened to 0700); a
    /// directory the user named is created when missing but never examined or changed.
    let ownsDirectory: Bool

    /// Checks the path and makes its directory exist (private when it is Tidings' own), so the
    /// lock file beside the socket can be created.
    func prepareDirectory() throws(SocketError) {
        guard UnixSocketAddress(path: path) != nil else {
            throw .unusable(path, "a Unix socket path must be 1 to \(UnixSocketAddress.maximumPathLength) bytes long")
        }
        let directory = (path as NSString).deletingLastPathComponent
        try prepareDirectory(directory.isEmpty ? "." : directory)
    }

    /// Removes a stale socket file left by a daemon that died; refuses when a live one answers.
    /// Call it with the socket's lock held, so no other daemon can be binding meanwhile.
    func prepare() throws(SocketError) {
        try removeStaleSocket()
    }

    private func prepareDirectory(_ directory: String) throws(SocketError) {
        if ownsDirectory {
            // Created or opened and examined in one step: a directory another user makes at the
            // same path in between (a mkdir/rmdir race in /tmp) is refused, never used.
            do {
                try PrivateDirectory.prepare(directory, uid: getuid(), tighten: true)
            } catch .foreignOwner(let uid) {
                throw .taken(directory, uid: uid)
            } catch {
                throw .unusable(directory, "\(error); refusing to use it")
            }
            return
        }
        var info = stat()
        if lstat(directory, &info) != 0 {
            guard errno == ENOENT else { throw .unusable(directory, String(cString: strerror(errno))) }
            do {
                try FileManager.default.createDirectory(
                    atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw .unusable(directory, "cannot create the directory: \(error.localizedDescription)")
            }
            return
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw .unusable(directory, "not a directory") }
    }

    private func removeStaleSocket() throws(SocketError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFSOCK else {
            throw .unusable(path, "a file that is not a socket is in the way")
        }
        if Self.acceptsConnections(path) { throw .inUse(path) }
        guard unlink(path) == 0 || errno == ENOENT else {
            throw .unusable(path, "cannot remove the stale socket: \(String(cString: strerror(errno)))")
        }
    }

    /// Whether something listens on the socket, i.e. another daemon is running.
    static func acceptsConnections(_ path: String) -> Bool {
        guard let address = UnixSocketAddress(path: path) else { return false }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let result = address.withSockaddr { connect(descriptor, $0, $1) }
        return result == 0
    }
}

/// Why the daemon cannot listen.
public enum SocketError: Error, Sendable, Equatable, CustomStringConvertible {
    case inUse(String)
    case unusable(String, String)
    /// The default directory is another user's (made between the choice and the use).
    case taken(String, uid: UInt32)

    public var description: String {
        switch self {
        case .inUse(let path): "another tidingsd is already listening on \(path)"
        case .taken(let path, let uid): "cannot use \(path): it belongs to another user (uid \(uid)); refusing to use it"
        case .unusable(let path, let reason): "cannot use \(path): \(reason)"
        }
    }
}
