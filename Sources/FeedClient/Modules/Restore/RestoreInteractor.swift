import FeedIPC

/// Restores through the daemon when one runs, else through `tidingsd restore`.
public final class RestoreInteractor: RestoreUseCase {
    private let daemon: any DaemonClient
    private let offline: any OfflineRestorer

    /// - Parameter daemon: a client that does not start the daemon: a restore with none
    ///   running is `tidingsd restore`'s.
    public init(daemon: any DaemonClient, offline: any OfflineRestorer) {
        self.daemon = daemon
        self.offline = offline
    }

    public func restore(backup: String) async throws -> RestoreOutcome {
        do {
            return .live(try await daemon.call(RPC.Restore.self, .init(path: backup)))
        } catch DaemonClientError.unreachable(_, let reason) where Self.noDaemon(reason) {
            return .offline(restored: try offline.restore(backup: backup))
        } catch DaemonClientError.managedBySystemd(_, let reason, _) where Self.noDaemon(reason) {
            return .offline(restored: try offline.restore(backup: backup))
        }
    }

    /// Nothing listens on the socket: no daemon has the database open.
    private static func noDaemon(_ reason: DaemonClientError.UnreachableReason) -> Bool {
        reason == .noSocket || reason == .refused
    }
}
