import FeedEntities
import FeedIPC

/// Asks the daemon for its rules, dry runs and applications of a rule.
public final class ManageRulesInteractor: ManageRulesUseCase {
    private let daemon: any DaemonClient

    public init(daemon: any DaemonClient) {
        self.daemon = daemon
    }

    public func rules() async throws -> [RuleSummary] {
        try await daemon.request(RPC.ListRules.self, Empty()).rules
    }

    public func test(name: String) async throws -> RuleDryRun {
        let result = try await daemon.request(RPC.TestRule.self, .init(name: name))
        return RuleDryRun(rule: result.rule, items: result.items)
    }

    public func apply(name: String) async throws -> AppliedRule {
        let result = try await daemon.request(RPC.ApplyRule.self, .init(name: name))
        return AppliedRule(
            rule: result.rule, matched: result.matched, markedRead: result.markedRead, starred: result.starred,
            hidden: result.hidden, tagged: result.tagged)
    }
}
