import FeedEntities

// `tidings sync [--full] [--json]`: sync with the reading service now and say what it did;
// `tidings sync --status [--json]`: where syncing stands, without syncing.

/// Writes what a sync did and where syncing stands.
public protocol SyncView: AnyObject {
    /// Shows the status, after what the sync did when `report.run` holds it: aligned
    /// `label: value` lines on a terminal, `key<TAB>value` lines when piped, one JSON document
    /// with `--json`.
    func showStatus(_ report: SyncStatusReport)
    /// Shows that the daemon's config names no service: `note` as one line on stderr, or the
    /// status document (every value empty) with `--json`, so that a script still reads a
    /// document.
    func showNotConfigured(_ note: String, report: SyncStatusReport)
    /// Shows why the sync failed or could not be asked for, as one line on stderr.
    func showFailure(_ failure: CommandFailure)
}

/// Syncing with the reading service, through the daemon (which alone holds the secrets).
public protocol SyncUseCase {
    /// Asks the daemon to sync now, and waits until that sync ends, however long it takes (a
    /// sync already running is joined).
    /// - Parameter full: read every entry and state again rather than what changed since the
    ///   last sync.
    /// - Returns: the status after the sync, with what it did in `report`; a service that
    ///   failed is no error here but the answer's `lastError`.
    /// - Throws: `DaemonRefusal` (`syncNotConfigured` when the config names no service;
    ///   `unsupported` from a daemon older than protocol 1.11) or `DaemonClientError`.
    func sync(full: Bool) async throws -> SyncStatus
    /// Where syncing stands, without syncing.
    /// - Returns: the status; its `service` is `nil` when the config names no service.
    /// - Throws: `DaemonRefusal` (`syncNotConfigured` too from a daemon that answers so;
    ///   `unsupported` from a daemon older than protocol 1.11) or `DaemonClientError`.
    func status() async throws -> SyncStatus
    /// The config file the daemon reads, to say where a `sync:` section goes.
    /// - Returns: the path; `nil` when the daemon cannot say. Never throws: it only words a
    ///   message.
    func configPath() async -> String?
}

/// What `tidings sync` does.
public enum SyncAction: Equatable, Sendable {
    /// Sync now (`--full`: read everything again).
    case run(full: Bool)
    /// Only show where syncing stands (`--status`).
    case showStatus
}
