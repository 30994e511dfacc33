#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Logging

/// One line per event on stderr. Under systemd (`JOURNAL_STREAM` set) each line starts with the
/// syslog priority (`<3>` error … `<7>` debug) so journald files it at the right level and adds
/// its own timestamp; elsewhere lines carry a timestamp and the level name.
public struct JournalLogHandler: LogHandler {
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    private let label: String
    private let journal: Bool

    public init(label: String, level: Logger.Level, journal: Bool) {
        self.label = label
        self.logLevel = level
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
