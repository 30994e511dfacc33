/// One rule as `rules.list` reports it.
public struct RuleSummary: Codable, Sendable, Hashable {
    public var name: String
    /// The conditions as the config writes them: `title: /sponsored/, tag: swift`.
    public var conditions: String
    /// `read`, `star`, `hide`, `tag:NAME`.
    public var actions: [String]
    /// Items the rule matched when they were stored, since the database was created.
    public var matched: Int

    public init(name: String, conditions: String, actions: [String], matched: Int) {
        self.name = name
        self.conditions = conditions
        self.actions = actions
        self.matched = matched
    }
}
