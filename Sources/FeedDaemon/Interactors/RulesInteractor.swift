import FeedEntities
import FeedIPC
import FeedStorage

/// Answers `rules.list`, `rules.test` and `rules.apply`: the rules of the config as it is now (a
/// reload replaces them), with the store's match counters, dry runs against stored items, and
/// a rule applied to them.
public struct RulesInteractor: Sendable {
    let store: any FeedStore
    let rules: @Sendable () -> [Rule]

    /// - Parameter rules: the rules in force at the time of each request.
    public init(store: any FeedStore, rules: @escaping @Sendable () -> [Rule]) {
        self.store = store
        self.rules = rules
    }

    /// The configured rules in their order, with their match counts.
    public func list() async throws -> [RuleSummary] {
        let counts = try await store.ruleMatchCounts()
        return rules().map { Self.summary($0, matched: counts[$0.name] ?? 0) }
    }

    /// The stored items the rule named `name` matches, newest first; changes nothing.
    /// - Throws: `NoSuchRule` when the config has no rule of that name.
    public func test(name: String, limit: Int) async throws -> RPC.TestRule.Result {
        let rule = try self.rule(named: name)
        let counts = try await store.ruleMatchCounts()
        return .init(
            rule: Self.summary(rule, matched: counts[rule.name] ?? 0),
            items: try await store.items(matching: rule, limit: limit))
    }

    /// Does what the rule named `name` does to new items to the stored items it matches.
    /// - Throws: `NoSuchRule` when the config has no rule of that name; `RuleTooSlow` when the
    ///   rule runs out of time on an item (nothing is changed then).
    public func apply(name: String) async throws -> RPC.ApplyRule.Result {
        let rule = try self.rule(named: name)
        let applied = try await store.apply(rule)
        let counts = try await store.ruleMatchCounts()
        return .init(
            rule: Self.summary(rule, matched: counts[rule.name] ?? 0), matched: applied.matched,
            markedRead: applied.markedRead, starred: applied.starred, hidden: applied.hidden, tagged: applied.tagged)
    }

    private func rule(named name: String) throws(NoSuchRule) -> Rule {
        guard let rule = rules().first(where: { $0.name == name }) else { throw NoSuchRule(name: name) }
        return rule
    }

    static func summary(_ rule: Rule, matched: Int) -> RuleSummary {
        RuleSummary(name: rule.name, conditions: rule.conditionText, actions: rule.actions.map(\.description), matched: matched)
    }

    /// `rules.test` or `rules.apply` named a rule the config does not have.
    public struct NoSuchRule: Error, Sendable, Equatable, CustomStringConvertible {
        public var name: String
        public var description: String { "no rule named '\(name)' in the config" }
    }
}
