/// Where the daemon's socket lives (docs/ARCHITECTURE.md, "Data locations").
public enum SocketLocation {
    /// The socket path: `explicit` when given, else `TIDINGS_SOCKET`, else
    /// `$XDG_RUNTIME_DIR/tidings/tidingsd.sock`, else `/tmp/tidings-$UID/tidingsd.sock`.
    public static func resolve(explicit: String?, environment: [String: String], uid: UInt32) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let fromEnvironment = environment["TIDINGS_SOCKET"], !fromEnvironment.isEmpty { return fromEnvironment }
        return defaultDirectory(environment: environment, uid: uid) + "/tidingsd.sock"
    }

    /// The private directory that holds the socket by default.
    public static func defaultDirectory(environment: [String: String], uid: UInt32) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            return runtime + "/tidings"
        }
        return "/tmp/tidings-\(uid)"
    }
}
