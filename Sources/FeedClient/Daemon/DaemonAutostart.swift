/// What `UnixSocketDaemonClient` does when nothing listens on its socket: asks the policy,
/// starts the daemon through the launcher, and says so on standard error.
public struct DaemonAutostart {
    private let policy: AutostartPolicy
    private let launcher: any DaemonLauncher
    private let announce: (String) -> Void

    /// - Parameters:
    ///   - policy: whether starting is allowed (`--no-autostart`, environment, config, units).
    ///   - launcher: starts `tidingsd`.
    ///   - announce: writes a note for the user (the composition root passes the terminal's
    ///     standard error), called once when this client started the daemon.
    public init(policy: AutostartPolicy, launcher: any DaemonLauncher, announce: @escaping (String) -> Void) {
        self.policy = policy
        self.launcher = launcher
        self.announce = announce
    }

    /// Starts the daemon after connecting to `socketPath` failed for `reason`, when the policy
    /// allows it; returns once the daemon listens (or another client's daemon does).
    /// - Throws: `DaemonClientError`: `unreachable(socketPath:after:)` when the user opted out,
    ///   `.managedBySystemd` when a unit is installed, `.autostartFailed` when starting failed.
    func startDaemon(socketPath: String, after reason: DaemonClientError.UnreachableReason) throws {
        switch policy.decide() {
        case .optedOut:
            throw unreachable(socketPath: socketPath, after: reason)
        case .systemdUnit(let unit):
            throw DaemonClientError.managedBySystemd(socketPath: socketPath, reason: reason, unitPath: unit)
        case .start:
            let outcome: DaemonLaunchOutcome
            do {
                outcome = try launcher.launch(socketPath: socketPath)
            } catch let error as DaemonLaunchError {
                throw DaemonClientError.autostartFailed(socketPath: socketPath, reason: error.description)
            }
            if case .started(let logPath) = outcome {
                announce("tidings: started tidingsd (log: \(logPath))\n")
            }
        }
    }

    /// The error for a daemon that is not reached and is not started here: `.managedBySystemd`
    /// when systemd can start it (so the message names `systemctl`), else `.unreachable`.
    func unreachable(socketPath: String, after reason: DaemonClientError.UnreachableReason) -> DaemonClientError {
        if let unit = policy.managedUnit {
            return .managedBySystemd(socketPath: socketPath, reason: reason, unitPath: unit)
        }
        return .unreachable(socketPath: socketPath, reason: reason)
    }
}
