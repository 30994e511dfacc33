import Glibc

/// The directory that holds the daemon's socket by default (`$XDG_RUNTIME_DIR/tidings`, else
/// `/tmp/tidings-$UID`): a socket in it is trusted only while the directory is the user's own,
/// private and not a symbolic link.
///
/// `/tmp` is shared: another local user can make `/tmp/tidings-$UID` before us, with a fake
/// daemon in it, or put a symbolic link where a lock file is about to be created. Because `/tmp`
/// is sticky, a directory there that we own cannot be renamed or removed by anyone else, so a
/// check of the directory itself (not its parents) is enough. Both sides use it: the daemon
/// before it binds, the client before it connects or starts a daemon.
public enum PrivateDirectory {
    /// Why a directory may not hold the socket.
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// The path is a symbolic link, which could point anywhere.
        case symbolicLink
        /// Something other than a directory is at the path.
        case notADirectory
        /// Another user owns the directory: whatever listens in it may be theirs.
        case foreignOwner(uid: UInt32)
        /// Group or others have access (the mode, permission bits only).
        case openToOthers(mode: UInt32)
        /// The directory could not be created, opened or examined (the system's reason).
        case unusable(String)

        public var description: String {
            switch self {
            case .symbolicLink: "it is a symbolic link"
            case .notADirectory: "it is not a directory"
            case .foreignOwner(let uid): "it belongs to another user (uid \(uid))"
            case .openToOthers(let mode): "others have access to it (mode \(String(mode, radix: 8)), expected 700)"
            case .unusable(let reason): reason
            }
        }
    }

    /// What is wrong with a directory whose status is `info` (from `lstat` or `fstat`) for the
    /// user `uid`; `nil` when it is a private directory of theirs.
    public static func problem(with info: stat, uid: UInt32) -> Problem? {
        switch info.st_mode & S_IFMT {
        case S_IFLNK: return .symbolicLink
        case S_IFDIR: break
        default: return .notADirectory
        }
        guard info.st_uid == uid else { return .foreignOwner(uid: info.st_uid) }
        let permissions = UInt32(info.st_mode) & 0o7777
        guard permissions & 0o077 == 0 else { return .openToOthers(mode: permissions) }
        return nil
    }

    /// Checks `path` without creating anything (`lstat`: a symbolic link is not followed).
    /// - Returns: `false` when nothing is at `path` (no daemon can be listening in it), `true`
    ///   when it is a private directory of `uid`'s.
    /// - Throws: the `Problem` when something else is there.
    public static func check(_ path: String, uid: UInt32) throws(Problem) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT { return false }
            throw .unusable(String(cString: strerror(code)))
        }
        if let problem = problem(with: info, uid: uid) { throw problem }
        return true
    }

    /// Makes `path` a private directory of `uid`'s: creates it with mode 0700 (its parent must
    /// exist; no parents are made, which under `/tmp` would be made for the attacker too), or
    /// opens the one that exists without following a symbolic link and examines what was opened,
    /// so nothing can be swapped in between the check and the use.
    /// - Parameter tighten: remove group and other access from a directory of the user's own
    ///   instead of refusing it (the daemon repairs its own directory; clients only refuse).
    /// - Throws: the `Problem` when the path is not, and cannot be made, such a directory.
    public static func prepare(_ path: String, uid: UInt32, tighten: Bool) throws(Problem) {
        if mkdir(path, 0o700) != 0, errno != EEXIST {
            throw .unusable("cannot create the directory: \(String(cString: strerror(errno)))")
        }
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            // O_NOFOLLOW refuses a symbolic link with ELOOP; O_DIRECTORY anything else with ENOTDIR.
            switch code {
            case ELOOP: throw .symbolicLink
            case ENOTDIR: throw lstatProblem(path) ?? .notADirectory
            default: throw .unusable(String(cString: strerror(code)))
            }
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .unusable(String(cString: strerror(errno))) }
        switch problem(with: info, uid: uid) {
        case nil:
            return
        case .openToOthers(let mode) where tighten:
            guard fchmod(descriptor, 0o700) == 0 else {
                throw .unusable("cannot make the directory private (mode \(String(mode, radix: 8))): \(String(cString: strerror(errno)))")
            }
        case let problem?:
            throw problem
        }
    }

    /// The problem `lstat` sees at `path`, to name a symbolic link to a non-directory as such.
    private static func lstatProblem(_ path: String) -> Problem? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return (info.st_mode & S_IFMT) == S_IFLNK ? .symbolicLink : nil
    }
}
