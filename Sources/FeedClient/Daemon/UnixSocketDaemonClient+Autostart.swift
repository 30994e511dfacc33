extension UnixSocketDaemonClient {
    /// Connects to the socket; when nothing listens there (`ENOENT`, `ECONNREFUSED`) and the
    /// client may start the daemon, starts it and connects once more. Any other failure (a
    /// permission problem, a path that is not a socket's) is reported as it is: starting a
    /// daemon would not cure it.
    /// - Throws: `DaemonClientError` (see `DaemonAutostart.startDaemon`).
    func connectStartingTheDaemon() throws -> UnixSocketConnection {
        do {
            return try UnixSocketConnection.connect(to: socketPath)
        } catch DaemonClientError.unreachable(let path, let reason) where reason == .noSocket || reason == .refused {
            // One attempt per client: a daemon that died after being started is not restarted
            // in a loop by a command's later requests.
            guard let autostart, !autostartAttempted else {
                throw DaemonClientError.unreachable(socketPath: path, reason: reason)
            }
            autostartAttempted = true
            try autostart.startDaemon(socketPath: path, after: reason)
            return try UnixSocketConnection.connect(to: socketPath)
        }
    }
}
