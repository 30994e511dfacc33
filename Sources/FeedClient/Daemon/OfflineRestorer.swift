/// Runs `tidingsd restore` for `tidings restore` when no daemon runs: the one client command
/// that works without a daemon, and that never starts one.
public protocol OfflineRestorer: AnyObject {
    /// Runs `tidingsd restore [--allow-commands] backup` in the foreground and waits for it; what it prints goes
    /// straight to the client's own standard output and error.
    ///
    /// Blocks the calling thread for as long as the restore takes (a read of the whole backup).
    /// - Parameters:
    ///   - backup: an absolute path.
    ///   - allowCommands: restore a backup that subscribes to command feeds (refused otherwise).
    /// - Returns: whether it restored (it said why not on standard error otherwise).
    /// - Throws: `DaemonLaunchError` when `tidingsd` cannot be found or started, or was killed
    ///   by a signal.
    func restore(backup: String, allowCommands: Bool) throws -> Bool
}
