/// Bounds on clients, so that no client (buggy, stuck or hostile) can starve the others.
///
/// Reloadable: a SIGHUP applies new limits to connections accepted from then on and to the
/// timeouts of the connections already open.
public struct ConnectionLimits: Sendable, Equatable {
    /// Connections served at once; one more is answered with `tooManyClients` and closed.
    public var maximumClients: Int
    /// A connection with no request in progress and nothing received for this long is closed.
    /// A `watch` is a request in progress, so watchers are never timed out.
    public var idleTimeout: Duration
    /// A client that does not read its answer for this long is closed, so it cannot pin the
    /// daemon's memory or a `watch` slot forever.
    public var writeTimeout: Duration

    public init(maximumClients: Int = 256, idleTimeout: Duration = .seconds(300), writeTimeout: Duration = .seconds(30)) {
        self.maximumClients = maximumClients
        self.idleTimeout = idleTimeout
        self.writeTimeout = writeTimeout
    }
}
