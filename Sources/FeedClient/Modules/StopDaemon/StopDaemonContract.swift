// `tidings stop`: stop the daemon (one the client started, or one run by hand) as SIGTERM
// would, and wait until it has ended. A daemon systemd runs is stopped with systemctl.

/// Writes the outcome.
public protocol StopDaemonView: AnyObject {
    /// Shows what happened, as one line on stdout.
    func showStopped(_ message: String)
    /// Shows why the daemon was not stopped, as one line on stderr.
    func showFailure(_ failure: CommandFailure)
}

/// What stopping came to.
public enum DaemonStopOutcome: Equatable, Sendable {
    /// It ended; its process number.
    case stopped(pid: Int32)
    /// It was asked to stop and had not ended after `seconds`.
    case stillRunning(pid: Int32, seconds: Int)
    /// Nothing listens on the socket.
    case notRunning
}

/// Which processes still run, as the system shows them: the gateway to `/proc`, so that the
/// Interactor does no I/O of its own.
public protocol DaemonProcessTable: Sendable {
    /// Whether `pid` is a tidingsd that has not ended (a zombie of the shell that started it has
    /// ended; so has a process gone, or one that is another program now).
    func isRunning(_ pid: Int32) -> Bool
}

/// Stopping, through the daemon.
public protocol StopDaemonUseCase {
    /// Asks the daemon to stop, then waits (at most 10 s) for its process to end.
    /// - Throws: `DaemonRefusal` (`other` when systemd runs it; `unsupported` from a daemon
    ///   before protocol 1.15) or `DaemonClientError` other than "not running".
    func stop() async throws -> DaemonStopOutcome
}
