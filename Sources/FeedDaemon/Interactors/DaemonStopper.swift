import Glibc
import FeedIPC

/// `daemon.stop` (`tidings stop`): ends the daemon the way SIGTERM does, so that what ends a
/// daemon is one path whether a signal or a client asked; unless systemd runs it as a unit,
/// which would start it again and has its own command for this.
public struct DaemonStopper: Sendable {
    /// Why stopping was refused: the unit systemd runs the daemon as.
    public struct ManagedBySystemd: Error, Sendable, CustomStringConvertible {
        public var description: String {
            "tidingsd runs as a systemd user service, which would start it again: stop it with systemctl --user stop tidingsd"
        }
    }

    private let managedBySystemd: Bool
    private let signal: @Sendable () -> Void

    /// - Parameters:
    ///   - environment: the daemon's own; systemd sets `INVOCATION_ID` for every unit it runs.
    ///   - signal: sends the daemon its SIGTERM (a test's records it instead).
    public init(environment: [String: String], signal: @escaping @Sendable () -> Void = { kill(getpid(), SIGTERM) }) {
        managedBySystemd = !(environment["INVOCATION_ID"] ?? "").isEmpty
        self.signal = signal
    }

    /// Stops the daemon once the answer had a moment to go out.
    /// - Throws: `ManagedBySystemd` when systemd runs it.
    public func stop() throws(ManagedBySystemd) -> RPC.Stop.Result {
        guard !managedBySystemd else { throw ManagedBySystemd() }
        let signal = self.signal
        // The answer is written after this returns; the signal then starts the same graceful
        // stop as `kill -TERM`, which lets the connections finish what they are sending.
        Task.detached {
            try? await Task.sleep(for: .milliseconds(20))
            signal()
        }
        return RPC.Stop.Result(pid: getpid())
    }
}
