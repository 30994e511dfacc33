import Glibc

/// Where the daemon's socket lives (docs/ARCHITECTURE.md, "Data locations").
///
/// The default directory is chosen so that another local user can neither listen in it first
/// nor lock the user out by making it first:
/// 1. `$XDG_RUNTIME_DIR/tidings` when `XDG_RUNTIME_DIR` is a directory of the user's own that
///    nobody else may write to (as systemd makes `/run/user/$UID`);
/// 2. else `D/tidings-$UID`, where `D` is `XDG_RUNTIME_DIR` when set (a shared one, such as a
///    container's `XDG_RUNTIME_DIR=/tmp`) or `/tmp`;
/// 3. and when something of another user's is already at that path (a directory, a file, a
///    symbolic link: in a sticky `/tmp` the user cannot remove it), `fallbackDirectory`, under
///    the user's own state directory, where nobody else can make anything. Once a daemon has
///    listened there (its socket file is there), the fallback stays the choice, so that the
///    other user removing their entry again does not hide the running daemon.
/// Client and daemon choose alike, from the same environment and file system.
public enum SocketLocation {
    /// The socket path: `explicit` when given, else `TIDINGS_SOCKET`, else the default
    /// directory's `tidingsd.sock`.
    public static func resolve(explicit: String?, environment: [String: String], uid: UInt32) -> String {
        choose(explicit: explicit, environment: environment, uid: uid).path
    }

    /// The socket path, and whether it was chosen by default.
    public static func choose(explicit: String?, environment: [String: String], uid: UInt32) -> Choice {
        if let explicit, !explicit.isEmpty { return Choice(path: explicit, defaultDirectory: nil) }
        if let fromEnvironment = environment["TIDINGS_SOCKET"], !fromEnvironment.isEmpty {
            return Choice(path: fromEnvironment, defaultDirectory: nil)
        }
        let directory = defaultDirectory(environment: environment, uid: uid)
        return Choice(
            path: directory.path + "/tidingsd.sock", defaultDirectory: directory.path, makesParents: directory.isFallback,
            squatted: directory.squatted)
    }

    /// The private directory that holds the socket by default (see the type's rules).
    public static func defaultDirectory(environment: [String: String], uid: UInt32) -> (path: String, isFallback: Bool, squatted: String?) {
        let runtime = environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        if let runtime, isPrivate(runtime, uid: uid) { return (trimmed(runtime) + "/tidings", false, nil) }
        let shared = (runtime.map(trimmed) ?? "/tmp") + "/tidings-\(uid)"
        guard let fallback = fallbackDirectory(environment: environment) else { return (shared, false, nil) }
        if let owner = owner(of: shared), owner != uid { return (fallback, true, shared) }
        var info = stat()
        if lstat(fallback + "/tidingsd.sock", &info) == 0, info.st_mode & S_IFMT == S_IFSOCK { return (fallback, true, nil) }
        return (shared, false, nil)
    }

    /// `$XDG_STATE_HOME/tidings/run`, else `$HOME/.local/state/tidings/run`; `nil` with neither
    /// set to an absolute path.
    public static func fallbackDirectory(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return trimmed(state) + "/tidings/run" }
        if let home = environment["HOME"], home.hasPrefix("/") { return trimmed(home) + "/.local/state/tidings/run" }
        return nil
    }

    /// Whether `path` is a directory (symbolic links followed: `/run/user/$UID` may be reached
    /// through one) of `uid`'s that neither group nor others may write to.
    private static func isPrivate(_ path: String, uid: UInt32) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return false }
        return info.st_uid == uid && UInt32(info.st_mode) & 0o022 == 0
    }

    /// The owner of whatever is at `path` itself (`lstat`), `nil` when nothing is.
    private static func owner(of path: String) -> UInt32? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_uid : nil
    }

    private static func trimmed(_ path: String) -> String {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// A socket path and where it came from.
    public struct Choice: Equatable, Sendable {
        /// The socket's path.
        public var path: String
        /// The default directory the path is in (it must pass `PrivateDirectory`'s checks);
        /// `nil` when the user named the socket (`--socket`, `TIDINGS_SOCKET`): that directory
        /// is theirs to choose and is not examined, but the daemon behind it still is.
        public var defaultDirectory: String?
        /// Whether the default directory is the fallback under the user's state directory,
        /// whose missing parents (all the user's own) are made private before it.
        public var makesParents: Bool
        /// The guessable directory another user's entry took, when the fallback was chosen for it.
        public var squatted: String?

        public init(path: String, defaultDirectory: String?, makesParents: Bool = false, squatted: String? = nil) {
            self.path = path
            self.defaultDirectory = defaultDirectory
            self.makesParents = makesParents
            self.squatted = squatted
        }
    }
}
