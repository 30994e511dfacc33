import FeedEntities

// `tidings status [--json]`: what the daemon is and holds.

/// Writes the daemon's status.
public protocol StatusView: AnyObject {
    /// Shows the status: aligned `label: value` lines on a terminal, `key<TAB>value` lines
    /// when piped, one JSON document with `--json`.
    func showStatus(_ report: StatusReport)
    /// Shows why the status could not be read, as one line on stderr.
    func showFailure(_ failure: CommandFailure)
}

/// Reading the daemon's status.
public protocol StatusUseCase {
    /// The daemon's versions, counters, refresh times and database.
    /// - Throws: `DaemonRefusal` (`unsupported` from a daemon older than protocol 1.2) or
    ///   `DaemonClientError`.
    func status() async throws -> DaemonStatus
}
