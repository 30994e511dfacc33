import FeedEntities

/// The database opens but SQLite's start-up check (`PRAGMA quick_check`) found it damaged, or
/// SQLite reported it corrupt while opening it. A daemon must not serve such a database: reads
/// fail half-way ("database disk image is malformed") and writes may spread the damage.
///
/// `description` is one line for the user: the path, the first problem SQLite named, the newest
/// backup beside the database (if any) and how to put it back.
public struct DamagedDatabaseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The damaged database file.
    public var path: String
    /// What SQLite found, first problem first (at most `SQLiteFeedStore.startupCheckProblemsKept`).
    public var problems: [String]
    /// Copies of the database beside it, newest first migration and restore copies alike
    /// (`SQLiteFeedStore.backups(of:)`).
    public var backups: [String]

    public init(path: String, problems: [String], backups: [String]) {
        self.path = path
        self.problems = problems
        self.backups = backups
    }

    /// How to put the newest backup back; `nil` when there is none. The daemon is not running
    /// then (it refused to serve the database), so `tidings restore` runs `tidingsd restore`,
    /// which keeps the damaged file as a backup of its own.
    public var restoreAdvice: String? {
        guard let backup = backups.first else { return nil }
        return "to restore it, run: tidings restore \(ShellWord.quoted(backup))"
    }

    public var description: String {
        let found = problems.first ?? "damaged"
        let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
        let backup = if let advice = restoreAdvice, let newest = backups.first {
            "newest backup: \(newest); \(advice)"
        } else {
            "no backup found beside it (\(path).before-*.bak)"
        }
        return "the database \(path) is damaged and is not served: \(found)\(more); \(backup)"
    }
}
