import Glibc
import FeedIPC

extension UnixSocketDaemonClient {
    /// Connects to the socket; when nothing listens there (`ENOENT`, `ECONNREFUSED`) and the
    /// client may start the daemon, starts it and connects once more. Any other failure (a
    /// permission problem, a path that is not a socket's) is reported as it is: starting a
    /// daemon would not cure it.
    ///
    /// The default socket directory is examined first, each time: a directory that is not the
    /// user's own and private is refused before anything connects or is started in it.
    /// - Throws: `DaemonClientError` (see `DaemonAutostart.startDaemon`); `.managedBySystemd`
    ///   instead of `.unreachable` wherever systemd could start the daemon.
    func connectStartingTheDaemon() throws -> UnixSocketConnection {
        try verifySocketDirectory()
        do {
            return try UnixSocketConnection.connect(to: socketPath)
        } catch DaemonClientError.unreachable(let path, let reason) {
            guard let autostart else { throw DaemonClientError.unreachable(socketPath: path, reason: reason) }
            // One attempt per client: a daemon that died after being started is not restarted
            // in a loop by a command's later requests. Other failures than "nothing listens"
            // are not cured by starting one.
            guard reason == .noSocket || reason == .refused, !autostartAttempted else {
                throw autostart.unreachable(socketPath: path, after: reason)
            }
            autostartAttempted = true
            try autostart.startDaemon(socketPath: path, after: reason)
            try verifySocketDirectory()
            return try UnixSocketConnection.connect(to: socketPath)
        }
    }

    /// Refuses a default socket directory that another user made or can write to, or that is a
    /// symbolic link (`lstat`; a missing one is fine: nothing can listen in it).
    /// - Throws: `DaemonClientError.untrustedDirectory`.
    private func verifySocketDirectory() throws {
        guard let socketDirectory else { return }
        do {
            _ = try PrivateDirectory.check(socketDirectory, uid: getuid())
        } catch {
            throw DaemonClientError.untrustedDirectory(path: socketDirectory, problem: error)
        }
    }
}
