import Glibc
import Foundation

/// An exclusive `flock` on a file beside a resource (the database, the socket), held for the
/// daemon's lifetime, so a second daemon on the same resource refuses to start.
///
/// A lock, not a PID file: the kernel releases it when the process dies, however it dies
/// (kill -9 included), so there is no stale state to clean up and no check-then-write race.
/// The lock file itself stays; it holds nothing.
public final class InstanceLock: Sendable {
    public let path: String
    private let descriptor: Int32

    /// Takes the lock at `path` (created 0600 if missing), without waiting.
    /// - Parameter resource: names what the lock protects in the error message.
    /// - Throws: `InstanceLockError.held` when another process holds it, `.unusable` when the
    ///   file cannot be opened or locked.
    public init(path: String, resource: String) throws(InstanceLockError) {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw .unusable(path, String(cString: strerror(errno)))
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let error = errno
            close(descriptor)
            if error == EWOULDBLOCK { throw .held(resource: resource, lockPath: path) }
            throw .unusable(path, String(cString: strerror(error)))
        }
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }
}

/// Why the daemon could not take one of its locks.
public enum InstanceLockError: Error, Sendable, Equatable, CustomStringConvertible {
    case held(resource: String, lockPath: String)
    case unusable(String, String)

    public var description: String {
        switch self {
        case .held(let resource, let lockPath):
            "another tidingsd is already running on \(resource) (it holds \(lockPath)); stop it first, or use another --database/--socket"
        case .unusable(let path, let reason): "cannot lock \(path): \(reason)"
        }
    }
}
