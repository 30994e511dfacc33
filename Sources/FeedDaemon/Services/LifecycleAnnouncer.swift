import ServiceLifecycle

/// Tells the service manager `READY=1` once the daemon is running and `STOPPING=1` as soon as a
/// graceful shutdown begins, while the other services are still finishing.
///
/// Ready is said from inside the service group, not before it runs: the group installs its
/// SIGTERM handling before it starts any service, so a manager that stops the daemon right
/// after READY=1 gets a graceful shutdown rather than the default action of the signal.
/// Its return shuts the group down, which is a no-op once the shutdown has begun.
struct LifecycleAnnouncer: Service {
    let notifier: any ServiceManagerNotifier
    let readyStatus: String

    func run() async throws {
        // Returning at once (the group runs this service with `.gracefullyShutdownGroup`)
        // shuts the group down: a SIGTERM that came during start-up is honoured now.
        if EarlySignals.terminationRequested { return }
        notifier.ready(status: readyStatus)
        // Returns when the shutdown begins; throws only when the group is cancelled outright.
        try? await gracefulShutdown()
        notifier.stopping()
    }
}

// A name for the service group's log lines (the default dumps every stored property).
extension LifecycleAnnouncer: CustomStringConvertible { var description: String { "LifecycleAnnouncer" } }
