/// The answer to `maintenance`.
///
/// The integrity check runs first; when it finds problems, nothing is deleted or rewritten
/// (`vacuumed` and `retentionApplied` are `false`): a damaged file is copied, not changed.
public struct MaintenanceResult: Codable, Sendable, Hashable {
    /// What `PRAGMA integrity_check` and `PRAGMA foreign_key_check` found, one line each;
    /// empty when the database is sound.
    public var problems: [String]
    /// Whether retention ran.
    public var retentionApplied: Bool
    /// Items retention deleted (0 when it did not run, or when the config sets no limit).
    public var itemsDeleted: Int
    /// Whether the file was rebuilt.
    public var vacuumed: Bool
    /// The database file and its write-ahead log before and after, in bytes.
    public var bytesBefore: Int64
    public var bytesAfter: Int64
    /// How long the maintenance took, in milliseconds.
    public var durationMilliseconds: Int64
    /// When the problems are damage (broken pages, not only references to missing rows): the
    /// newest backup and the command that puts it back, or that there is none; the daemon then
    /// writes nothing more to the database until it is restored (protocol 1.14).
    public var restoreAdvice: String?

    /// Whether the integrity check found nothing.
    public var isSound: Bool { problems.isEmpty }

    public init(
        problems: [String], retentionApplied: Bool, itemsDeleted: Int, vacuumed: Bool, bytesBefore: Int64,
        bytesAfter: Int64, durationMilliseconds: Int64, restoreAdvice: String? = nil
    ) {
        self.problems = problems
        self.retentionApplied = retentionApplied
        self.itemsDeleted = itemsDeleted
        self.vacuumed = vacuumed
        self.bytesBefore = bytesBefore
        self.bytesAfter = bytesAfter
        self.durationMilliseconds = durationMilliseconds
        self.restoreAdvice = restoreAdvice
    }
}
