import FeedIPC

/// Restores through the daemon when one runs, else through `tidingsd restore`.
public final class RestoreInteractor: RestoreUseCase {
    private let daemon: any DaemonClient
    private let offline: any OfflineRestorer
    private let allowCommands: Bool

    /// - Parameters:
    ///   - daemon: a client that does not start the daemon: a restore with none running is
    ///     `tidingsd restore`'s.
    ///   - allowCommands: `--allow-commands`: a backup that subscribes to command feeds is
    ///     restored too (refused otherwise, naming them).
    public init(daemon: any DaemonClient, offline: any OfflineRestorer, allowCommands: Bool = false) {
        self.daemon = daemon
        self.offline = offline
        self.allowCommands = allowCommands
    }

    public func restore(backup: String) async throws -> RestoreOutcome {
        do {
            try await DaemonWouldRunCommands.check(
                daemon, allowCommands: allowCommands, would: "restore a backup's command feeds unchecked")
            return .live(try await daemon.request(
                RPC.Restore.self, .init(path: backup, allowCommands: allowCommands ? true : nil)))
        } catch DaemonClientError.unreachable(_, let reason) where Self.noDaemon(reason) {
            return .offline(restored: try offline.restore(backup: backup, allowCommands: allowCommands))
        } catch DaemonClientError.managedBySystemd(_, let reason, _) where Self.noDaemon(reason) {
            return .offline(restored: try offline.restore(backup: backup, allowCommands: allowCommands))
        }
    }

    /// Nothing listens on the socket: no daemon has the database open.
    private static func noDaemon(_ reason: DaemonClientError.UnreachableReason) -> Bool {
        reason == .noSocket || reason == .refused
    }
}
