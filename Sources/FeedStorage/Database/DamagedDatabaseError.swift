import FeedEntities

/// The database opens but SQLite's start-up check (`PRAGMA quick_check`) found it damaged, or
/// SQLite reported it corrupt while opening it or, later, while the daemon served it. A daemon
/// must not write to such a database: reads fail half-way ("database disk image is malformed")
/// and writes may spread the damage.
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

    /// Whether a running daemon found the damage (it keeps answering reads and refuses
    /// writes), rather than the start-up check (it serves nothing).
    public var foundWhileServing: Bool

    public init(path: String, problems: [String], backups: [String], foundWhileServing: Bool = false) {
        self.path = path
        self.problems = problems
        self.backups = backups
        self.foundWhileServing = foundWhileServing
    }

    /// How to put the newest backup back; `nil` when there is none. After a damaged start no
    /// daemon runs, so `tidings restore` runs `tidingsd restore`; found while serving, the
    /// running daemon restores it (`daemon.restore`). Both keep the damaged file as a backup
    /// of its own.
    public var restoreAdvice: String? {
        guard let backup = backups.first else { return nil }
        return "to restore it, run: tidings restore \(ShellWord.quoted(backup))"
    }

    public var description: String {
        let found = problems.first ?? "damaged"
        let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
        let served = foundWhileServing ? "tidingsd writes nothing more to it until it is restored" : "is not served"
        return "the database \(path) is damaged and \(served): \(found)\(more); \(backupAdvice)"
    }

    /// The newest backup and how to put it back, or that there is none.
    public var backupAdvice: String {
        if let advice = restoreAdvice, let newest = backups.first {
            "newest backup: \(newest); \(advice)"
        } else {
            "no backup found beside it (\(path).before-*.bak)"
        }
    }
}
