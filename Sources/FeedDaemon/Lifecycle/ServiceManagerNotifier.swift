/// Tells the service manager (systemd, `Type=notify`) how the daemon is doing.
///
/// Every requirement is fire-and-forget: a manager that is not listening, or no manager at all,
/// never affects the daemon. Safe to call from any task.
public protocol ServiceManagerNotifier: Sendable {
    /// `READY=1` with a status line: the socket accepts clients.
    func ready(status: String)

    /// `STATUS=…`: one line for `systemctl --user status tidingsd` (refresh progress, idle).
    func status(_ text: String)

    /// `RELOADING=1` (with `MONOTONIC_USEC`): the configuration is being reloaded; `ready(status:)`
    /// follows when it is done, whether the new configuration was taken or refused.
    func reloading()

    /// `EXTEND_TIMEOUT_USEC=…` with a status line: starting takes longer (a database being
    /// checked or migrated), give it `time` more from now.
    func extendStartTimeout(by time: Duration, status: String)

    /// `STOPPING=1`: a graceful shutdown began.
    func stopping()

    /// `WATCHDOG=1`: still alive. Sent every `watchdogInterval` while the daemon runs.
    func watchdog()

    /// How often to send `WATCHDOG=1` (half of `WATCHDOG_USEC`), `nil` when no watchdog is set
    /// for this process.
    var watchdogInterval: Duration? { get }
}
