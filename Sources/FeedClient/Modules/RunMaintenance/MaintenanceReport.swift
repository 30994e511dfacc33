/// What the maintenance found and did, as the View shows it: each value for people (`…Text`)
/// and for scripts (counts in bytes and milliseconds). Problems are unsanitised: the View
/// cleans them.
public struct MaintenanceReport: Equatable, Sendable {
    /// `true` when the integrity check found nothing.
    public var isSound: Bool
    /// What the integrity check found, one line each; empty when sound.
    public var problems: [String]
    /// `ok`, `1 problem`, `3 problems`.
    public var integrityText: String
    public var retentionApplied: Bool
    public var itemsDeleted: Int
    /// `20 items deleted`, `not asked (--retention)`, `skipped: the database has problems`.
    public var retentionText: String
    public var vacuumed: Bool
    /// `done`, `not asked (--no-vacuum)`, `skipped: the database has problems`.
    public var vacuumText: String
    public var bytesBefore: Int64
    public var bytesAfter: Int64
    /// `13.0 MB before, 3.1 MB after`, or `13.0 MB` when unchanged.
    public var sizeText: String
    public var durationMilliseconds: Int64
    /// `340 ms`, `12.5 s`.
    public var durationText: String
    /// The daemon's advice when the problems are damage: the newest backup and how to restore it.
    public var restoreAdvice: String?

    public init(
        isSound: Bool, problems: [String], integrityText: String, retentionApplied: Bool, itemsDeleted: Int,
        retentionText: String, vacuumed: Bool, vacuumText: String, bytesBefore: Int64, bytesAfter: Int64,
        sizeText: String, durationMilliseconds: Int64, durationText: String, restoreAdvice: String? = nil
    ) {
        self.isSound = isSound
        self.problems = problems
        self.integrityText = integrityText
        self.retentionApplied = retentionApplied
        self.itemsDeleted = itemsDeleted
        self.retentionText = retentionText
        self.vacuumed = vacuumed
        self.vacuumText = vacuumText
        self.bytesBefore = bytesBefore
        self.bytesAfter = bytesAfter
        self.sizeText = sizeText
        self.durationMilliseconds = durationMilliseconds
        self.durationText = durationText
        self.restoreAdvice = restoreAdvice
    }
}
