import FeedEntities

// `tidings maintenance [--no-vacuum] [--retention] [--json]`: check the database, apply
// retention, rebuild the file.

/// Writes what the maintenance found and did.
public protocol RunMaintenanceView: AnyObject {
    /// Shows the report: aligned `label: value` lines (the problems, if any, one per line
    /// below the integrity line) on a terminal, `key<TAB>value` lines when piped, one JSON
    /// document with `--json`.
    func showReport(_ report: MaintenanceReport)
    /// Shows why the maintenance failed, or that the database has problems, as one line on stderr.
    func showFailure(_ failure: CommandFailure)
}

/// Running the daemon's maintenance.
public protocol RunMaintenanceUseCase {
    /// Asks the daemon to check its database and, when it is sound, to apply retention and
    /// vacuum as asked. Waits as long as that takes (a vacuum rewrites the whole file).
    /// - Throws: `DaemonRefusal` (`unsupported` from a daemon older than protocol 1.3) or
    ///   `DaemonClientError`.
    func maintain(vacuum: Bool, retention: Bool) async throws -> MaintenanceResult
}
