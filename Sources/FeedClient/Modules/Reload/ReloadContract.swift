import FeedEntities

// `tidings reload`: have the daemon read its config file again, as SIGHUP does, and check the
// reader's own settings in it.

/// Writes the outcome of a reload.
public protocol ReloadView: AnyObject {
    /// Shows what the daemon runs with now, as one line on stdout.
    func showReloaded(_ message: String)
    /// Shows why the configuration was not reloaded, as one line on stderr.
    func showFailure(_ failure: CommandFailure)
}

/// Reloading, as the daemon does it.
public protocol ReloadUseCase {
    /// Asks the daemon to read its config file again and apply it.
    /// - Returns: the file read, what changed and a summary of what is in force now.
    /// - Throws: `DaemonRefusal` (`configurationRefused`, naming the file, line and key, when the
    ///   file does not load: the daemon keeps the configuration it has; `unsupported` from a
    ///   daemon older than protocol 1.6) or `DaemonClientError`.
    func reload() async throws -> ReloadedConfiguration

    /// What keeps the reader from using its own settings in the client's config file
    /// (`keys:`, `reader:`), which the daemon only checks the shape of: one line naming the
    /// file, the line and what is valid there; `nil` when the reader can use them.
    func readerSettingsProblem() -> String?
}

/// The configuration a reload put in force, as the confirmation names it (the Interactor's
/// reading of `daemon.reload`'s answer; built with the memberwise initializer).
public struct ReloadedConfiguration: Equatable, Sendable {
    /// The config file the daemon read.
    public var configPath: String
    /// One entry per setting that differs from before (`refresh_interval 1800 → 600`).
    public var changes: [String]
    /// How many rules and `on_new_items` hooks the daemon runs with now.
    public var rules, hooks: Int
    /// Desktop notifications on, and the seconds between two refreshes of a feed.
    public var notify: Bool, refreshInterval: Int
}
