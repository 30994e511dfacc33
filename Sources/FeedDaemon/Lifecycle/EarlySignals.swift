import Glibc
import Synchronization

/// Signals that arrive while the daemon starts, before the service group handles them:
/// remembered instead of taking their default action (SIGTERM/SIGINT would kill the daemon
/// halfway, its socket file left behind; SIGHUP too), and acted on as soon as the group runs:
/// a termination becomes a graceful shutdown (`LifecycleAnnouncer`), a hangup a reload
/// (`ReloadService`).
///
/// Once the group runs, its own handling (libdispatch signal sources) replaces these handlers.
enum EarlySignals {
    /// Installs the handlers. Call first thing, before any socket or file is created.
    static func install() {
        signal(SIGTERM, recordTermination)
        signal(SIGINT, recordTermination)
        signal(SIGHUP, recordHangup)
    }

    /// Whether SIGTERM or SIGINT arrived since `install()`.
    static var terminationRequested: Bool { termination.load(ordering: .relaxed) }

    /// Whether SIGHUP arrived since `install()` (or since the last call): reading clears it.
    static func takeHangup() -> Bool { hangup.exchange(false, ordering: .relaxed) }
}

// Set from signal handlers: lock-free atomic stores are async-signal-safe.
private let termination = Atomic<Bool>(false)
private let hangup = Atomic<Bool>(false)

private func recordTermination(_ signal: Int32) {
    termination.store(true, ordering: .relaxed)
}

private func recordHangup(_ signal: Int32) {
    hangup.store(true, ordering: .relaxed)
}
