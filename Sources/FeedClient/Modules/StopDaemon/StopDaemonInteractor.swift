import FeedIPC

/// Asks the daemon to stop and watches its process end.
public final class StopDaemonInteractor: StopDaemonUseCase {
    private let daemon: any DaemonClient
    private let processes: any DaemonProcessTable
    /// How long the daemon gets to end after it answered.
    private let patience: Duration
    /// How often the process table is read while waiting.
    static let pollInterval: Duration = .milliseconds(25)

    public init(daemon: any DaemonClient, processes: any DaemonProcessTable, patience: Duration = .seconds(10)) {
        self.daemon = daemon
        self.processes = processes
        self.patience = patience
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
        // Nothing signals the end of a process that is not our child, so the table is read
        // again until it shows the end or the patience runs out.
        let deadline = ContinuousClock.now + patience
        while processes.isRunning(pid) {
            guard ContinuousClock.now < deadline else { return .stillRunning(pid: pid, seconds: Int(patience.components.seconds)) }
            try? await Task.sleep(for: Self.pollInterval)
        }
        return .stopped(pid: pid)
    }
}
