/// Where the daemon's socket lives (docs/ARCHITECTURE.md, "Data locations").
public enum SocketLocation {
    /// The socket path: `explicit` when given, else `TIDINGS_SOCKET`, else
    /// `$XDG_RUNTIME_DIR/tidings/tidingsd.sock`, else `/tmp/tidings-$UID/tidingsd.sock`.
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
        return Choice(path: directory + "/tidingsd.sock", defaultDirectory: directory)
    }

    /// The private directory that holds the socket by default.
    public static func defaultDirectory(environment: [String: String], uid: UInt32) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            return runtime + "/tidings"
        }
        return "/tmp/tidings-\(uid)"
    }

    /// A socket path and where it came from.
    public struct Choice: Equatable, Sendable {
        /// The socket's path.
        public var path: String
        /// The default directory the path is in (it must pass `PrivateDirectory`'s checks);
        /// `nil` when the user named the socket (`--socket`, `TIDINGS_SOCKET`): that directory
        /// is theirs to choose and is not examined, but the daemon behind it still is.
        public var defaultDirectory: String?

        public init(path: String, defaultDirectory: String?) {
            self.path = path
            self.defaultDirectory = defaultDirectory
        }
    }
}
