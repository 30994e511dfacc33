/// One rule as the View shows it. Strings are unsanitised: the View cleans them.
public struct RuleRow: Equatable, Sendable {
    public var name: String
    public var conditions: String
    public var actions: [String]
    public var matched: Int

    public init(name: String, conditions: String, actions: [String], matched: Int) {
        self.name = name
        self.conditions = conditions
        self.actions = actions
        self.matched = matched
    }
}

