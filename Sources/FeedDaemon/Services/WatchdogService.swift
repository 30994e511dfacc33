import ServiceLifecycle

/// Sends `WATCHDOG=1` every `interval` until the daemon stops, so systemd restarts a daemon
/// whose tasks stopped running (`WatchdogSec=` in the unit).
public struct WatchdogService: Service {
    private let notifier: any ServiceManagerNotifier
    private let interval: Duration

    public init(notifier: any ServiceManagerNotifier, interval: Duration) {
        self.notifier = notifier
        self.interval = interval
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                notifier.watchdog()
                do { try await Task.sleep(for: interval) } catch { return }
            }
        }
    }
}

// A name for the service group's log lines (the default dumps every stored property).
extension WatchdogService: CustomStringConvertible { public var description: String { "WatchdogService" } }
