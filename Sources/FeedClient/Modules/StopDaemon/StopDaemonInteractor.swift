import FeedIPC

/// Asks the daemon to stop and watches its process end.
public final class StopDaemonInteractor: StopDaemonUseCase {
    private let daemon: any DaemonClient
    /// How long the daemon gets to end after it answered.
    static let patience: Duration = .seconds(10)

    public init(daemon: any DaemonClient) {
        self.daemon = daemon
    }

    public func stop() async throws -> DaemonStopOutcome {
        let pid: Int32
        do {
            pid = try await daemon.request(RPC.Stop.self, Empty()).pid
        } catch DaemonClientError.unreachable {
            return .notRunning
        } catch DaemonClientError.managedBySystemd {
            return .notRunning
        }
        // The process is the daemon's own (the answer says which); it ends once its services
        // have, and then no longer exists (or is a zombie of the shell that started it).
        let deadline = ContinuousClock.now + Self.patience
        while Self.isAlive(pid) {
            guard ContinuousClock.now < deadline else { return .stillRunning(pid: pid, seconds: 10) }
            try? await Task.sleep(for: .milliseconds(25))
        }
        return .stopped(pid: pid)
    }

    /// Whether `pid` is a tidingsd that has not ended (a zombie of the shell that started it
    /// has).
    static func isAlive(_ pid: Int32) -> Bool {
        DaemonProcess(pid: pid).map { !$0.hasEnded } ?? false
    }
}
