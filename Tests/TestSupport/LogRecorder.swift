import Logging
import Synchronization

/// Keeps every message logged through it, with its metadata, for tests that check what was
/// logged (and that no secret was).
public final class LogRecorder: Sendable {
    private let entries = Mutex<[(level: Logger.Level, message: String, metadata: String)]>([])

    public init() {}

    /// A logger at `level` that records here.
    public func logger(level: Logger.Level = .trace) -> Logger {
        var logger = Logger(label: "test") { _ in RecordingLogHandler(recorder: self) }
        logger.logLevel = level
        return logger
    }

    /// A logger that records everything here.
    public var logger: Logger { logger() }

    func record(_ level: Logger.Level, _ message: String, metadata: String) {
        entries.withLock { $0.append((level, message, metadata)) }
    }

    /// `level: message` for each message.
    public var lines: [String] { entries.withLock { $0.map { "\($0.level): \($0.message)" } } }

    /// `message key=value…` for each message, its metadata sorted by key.
    public var linesWithMetadata: [String] { entries.withLock { $0.map { "\($0.message) \($0.metadata)" } } }
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
        let fields = (event.metadata ?? [:]).merging(metadata) { $1 }
        let text = fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        recorder.record(event.level, "\(event.message)", metadata: text)
    }
}
