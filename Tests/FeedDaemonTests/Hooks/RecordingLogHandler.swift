import Logging
import Synchronization

/// Keeps every message logged through it, for tests that check what was logged.
final class LogRecorder: Sendable {
    private let messages = Mutex<[(Logger.Level, String)]>([])

    var logger: Logger {
        Logger(label: "test") { _ in RecordingLogHandler(recorder: self) }
    }

    func record(_ level: Logger.Level, _ message: String) {
        messages.withLock { $0.append((level, message)) }
    }

    var lines: [String] { messages.withLock { $0.map { "\($0.0): \($0.1)" } } }
}

struct RecordingLogHandler: LogHandler {
    let recorder: LogRecorder
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        recorder.record(event.level, "\(event.message)")
    }
}
