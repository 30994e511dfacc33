import FeedEntities

// `tidings restore BACKUP`: put a backup back, through the running daemon or, with none,
// through `tidingsd restore`.

/// Writes the outcome of a restore.
public protocol RestoreView: AnyObject {
    /// Shows what the daemon did, one line each on stdout.
    func showRestored(_ lines: [String])
    /// Shows why nothing was restored, as one line on stderr.
    func showFailure(_ failure: CommandFailure)
}

/// Restoring, as the daemon or `tidingsd restore` does it.
public protocol RestoreUseCase {
    /// Has the running daemon restore `backup` into its database; with no daemon running, runs
    /// `tidingsd restore` (which writes its own report) instead. Never starts a daemon. A
    /// backup that subscribes to command feeds is refused unless the use case was made to
    /// allow them (`--allow-commands`).
    /// - Parameter backup: an absolute path.
    /// - Throws: `DaemonRefusal` (`restoreRefused` naming the backup and the reason: nothing changed;
    ///   `unsupported` from a daemon before protocol 1.7), `DaemonClientError` other than "not
    ///   running", `DaemonWouldRunCommands`, or `DaemonLaunchError` when `tidingsd` cannot be run.
    func restore(backup: String) async throws -> RestoreOutcome
}

/// What `RestoreUseCase.restore(backup:)` did.
public enum RestoreOutcome: Equatable {
    /// The running daemon restored the backup.
    case live(RestoreReport)
    /// No daemon ran: `tidingsd restore` ran and reported itself, and restored or not.
    case offline(restored: Bool)
}

