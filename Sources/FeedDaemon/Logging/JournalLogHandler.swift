import Glibc
import Foundation
import Logging

/// One line per event on stderr. Under systemd (`JOURNAL_STREAM` set) each line starts with the
/// syslog priority (`<3>` error … `<7>` debug) so journald files it at the right level and adds
/// its own timestamp; elsewhere lines carry a timestamp and the level name.
public struct JournalLogHandler: LogHandler {
    /// The shared level, unless this logger was given its own (`logger.logLevel = …`).
    public var logLevel: Logger.Level {
        get { ownLevel ?? level.current }
        set { ownLevel = newValue }
    }
    private let level: LogLevelSwitch
    private var ownLevel: Logger.Level?
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    private let label: String
    private let journal: Bool

    public init(label: String, level: LogLevelSwitch, journal: Bool) {
        self.label = label
        self.level = level
        self.journal = journal
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { $1 } }
        if let extra = event.metadata { merged.merge(extra) { $1 } }
        var line = journal ? "<\(Self.priority(event.level))>" : "\(Self.timestamp()) \(event.level) \(label): "
        line += Self.singleLine("\(event.message)")
        if !merged.isEmpty {
            line += " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.singleLine("\($0.value)"))" }.joined(separator: " ")
        }
        line += "\n"
        // One write per event, so concurrent events never interleave within a line.
        _ = line.withCString { pointer in Glibc.write(STDERR_FILENO, pointer, strlen(pointer)) }
    }

    /// Whether stderr is the journal stream systemd set up: `JOURNAL_STREAM` holds its
    /// `device:inode`, compared with stderr's own, as systemd recommends, so that a daemon whose
    /// stderr was redirected elsewhere (`tidingsd run 2>file` inside a unit) writes plain lines.
    public static func isJournalStream(environment: [String: String]) -> Bool {
        guard let value = environment["JOURNAL_STREAM"] else { return false }
        let parts = value.split(separator: ":")
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return false }
        var info = stat()
        guard fstat(STDERR_FILENO, &info) == 0 else { return false }
        return UInt64(info.st_dev) == device && UInt64(info.st_ino) == inode
    }

    /// syslog priorities as journald reads them from a stream's line prefix.
    static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }

    /// Messages may quote feed data: keep one event on one line and no control characters.
    static func singleLine(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map {
            $0.properties.generalCategory == .control ? " " : $0
        }))
    }

    private static func timestamp() -> String {
        Date().formatted(.iso8601)
    }
}
