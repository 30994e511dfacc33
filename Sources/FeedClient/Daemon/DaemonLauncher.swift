/// Starts `tidingsd` for a client that found no daemon on its socket (autostart, as gpg-agent
/// does). `UnixSocketDaemonClient` asks for it only when connecting failed with `ENOENT` or
/// `ECONNREFUSED`, and only when `AutostartPolicy` allows it.
public protocol DaemonLauncher: AnyObject {
    /// Starts a daemon that listens on `socketPath` and returns once the socket accepts
    /// connections, or at once when another client has started one meanwhile.
    ///
    /// Blocks the calling thread: for up to a few seconds while the new daemon starts, and while
    /// another client holds the autostart lock of the same socket (so clients started together
    /// start one daemon). The started daemon is not waited for: it outlives the client.
    /// - Returns: whether this call started the daemon, and where it logs.
    /// - Throws: `DaemonLaunchError`: no `tidingsd` was found, it could not be started, it exited
    ///   before listening, or it did not listen in time; `DaemonClientError.untrustedDirectory`
    ///   when the default socket directory is not the user's own and private.
    func launch(socketPath: String) throws -> DaemonLaunchOutcome
}

/// What `DaemonLauncher.launch(socketPath:)` did.
public enum DaemonLaunchOutcome: Equatable, Sendable {
    /// This call started the daemon; it appends its output to the file at `logPath`.
    case started(logPath: String)
    /// Another daemon serves the socket: it answered by the time the autostart lock was taken
    /// (another client started it), or the one started here gave way to it.
    case alreadyRunning
}
