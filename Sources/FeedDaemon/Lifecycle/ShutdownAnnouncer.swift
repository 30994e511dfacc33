import ServiceLifecycle

/// Tells the service manager `STOPPING=1` as soon as a graceful shutdown begins, while the
/// other services are still finishing (systemd then shows the unit as deactivating).
struct ShutdownAnnouncer: Service {
    let notifier: any ServiceManagerNotifier

    func run() async throws {
        // Returns when the shutdown begins; throws only when the group is cancelled outright.
        try? await gracefulShutdown()
        notifier.stopping()
    }
}
