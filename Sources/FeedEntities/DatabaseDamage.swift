/// Damage SQLite found in the database while the daemon served it (`status`, protocol 1.14):
/// a broken page, or a header that is no database's any more. The daemon writes nothing more to
/// it until it is restored (`tidings restore`), refreshes nothing, and answers reads where it
/// can.
public struct DatabaseDamage: Codable, Sendable, Hashable {
    /// What SQLite found, first problem first.
    public var problems: [String]
    /// Copies of the database beside it, newest first.
    public var backups: [String]
    /// The command that puts the newest backup back (`tidings restore /path/…bak`); `nil`
    /// without a backup.
    public var restoreCommand: String?
    /// Whether the counts of the status could be read; when not, they are 0.
    public var counted: Bool

    public init(problems: [String], backups: [String], restoreCommand: String?, counted: Bool) {
        self.problems = problems
        self.backups = backups
        self.restoreCommand = restoreCommand
        self.counted = counted
    }
}
