import Logging
import Synchronization

/// The daemon's log level, shared by every `JournalLogHandler`, so a configuration reload
/// changes it for loggers that already exist (each `Logger` holds its own handler copy).
public final class LogLevelSwitch: Sendable {
    private let level: Mutex<Logger.Level>

    public init(_ level: Logger.Level) {
        self.level = Mutex(level)
    }

    public var current: Logger.Level {
        get { level.withLock { $0 } }
        set { level.withLock { $0 = newValue } }
    }
}
