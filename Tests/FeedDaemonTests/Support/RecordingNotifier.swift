import Synchronization

@testable import FeedDaemon

/// What the service manager was told: `READY` and `RELOADING` in order (`sent`), and the
/// status lines (`statuses`).
final class RecordingNotifier: ServiceManagerNotifier {
    private let messages = Mutex<[String]>([])
    private let statusLines = Mutex<[String]>([])
    var sent: [String] { messages.withLock { $0 } }
    var statuses: [String] { statusLines.withLock { $0 } }
    func ready(status: String) { messages.withLock { $0.append("READY") } }
    func status(_ text: String) { statusLines.withLock { $0.append(text) } }
    func reloading() { messages.withLock { $0.append("RELOADING") } }
    func extendStartTimeout(by time: Duration, status: String) { statusLines.withLock { $0.append(status) } }
    func stopping() {}
    func watchdog() {}
    var watchdogInterval: Duration? { nil }
}
