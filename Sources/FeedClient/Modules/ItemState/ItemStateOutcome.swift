/// What a state change did, as the View shows it.
public struct ItemStateOutcome: Equatable, Sendable {
    /// Items whose state changed.
    public var updated: Int
    /// Numbers that name no item, ascending.
    public var missing: [Int64]
    /// For people: `Marked 5 items read`, `3 items were already read`; may be empty (nothing
    /// found at all, which the failure line says).
    public var summary: [String]

    public init(updated: Int, missing: [Int64], summary: [String]) {
        self.updated = updated
        self.missing = missing
        self.summary = summary
    }
}
