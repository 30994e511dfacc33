import FeedEntities
import FeedIPC
import Foundation
@testable import FeedClient

final class ManageRulesViewSpy: ManageRulesView {
    private(set) var lists: [[RuleRow]] = []
    private(set) var matches: [(rule: RuleRow, items: [ItemRow])] = []
    private(set) var failures: [CommandFailure] = []
    private(set) var applied: [String] = []
    func showRules(_ rows: [RuleRow]) { lists.append(rows) }
    func showApplied(_ message: String, rule: RuleRow, application: AppliedRule) { applied.append(message) }
    func showMatches(of rule: RuleRow, items: [ItemRow]) { matches.append((rule, items)) }
    func showFailure(_ failure: CommandFailure) { failures.append(failure) }
}

final class ManageRulesUseCaseStub: ManageRulesUseCase {
    var rulesResult: Result<[RuleSummary], any Error> = .success(ManageRulesFixtures.summaries)
    var testResult: Result<RuleDryRun, any Error> = .success(ManageRulesFixtures.dryRun)
    var applyResult: Result<AppliedRule, any Error> = .success(ManageRulesFixtures.applied)
    private(set) var tested: [String] = []
    private(set) var appliedRules: [String] = []
    func rules() async throws -> [RuleSummary] { try rulesResult.get() }
    func test(name: String) async throws -> RuleDryRun {
        tested.append(name)
        return try testResult.get()
    }
    func apply(name: String) async throws -> AppliedRule {
        appliedRules.append(name)
        return try applyResult.get()
    }
}

enum ManageRulesFixtures {
    static let summaries = [
        RuleSummary(name: "no-sponsored", conditions: "title: /sponsored|promoted/", actions: ["read", "hide"], matched: 12),
        RuleSummary(name: "swift", conditions: "feed: Swift Forums, tag: swift", actions: ["star", "tag:swift"], matched: 1),
    ]
    static let matchingItems = [Fixtures.item(42, title: "Sponsored: a thing"), Fixtures.item(7, title: "Promoted post")]
    /// What the daemon answers to `rules.test` and `rules.apply`.
    static let testResult = RPC.TestRule.Result(rule: summaries[0], items: matchingItems)
    static let applyResult = RPC.ApplyRule.Result(rule: summaries[0], matched: 20, markedRead: 12, starred: 0, hidden: 20, tagged: 0)
    /// The same, as the Interactor gives them to the Presenter.
    static let dryRun = RuleDryRun(rule: summaries[0], items: matchingItems)
    static let applied = AppliedRule(rule: summaries[0], matched: 20, markedRead: 12, starred: 0, hidden: 20, tagged: 0)
    static let rows = [
        RuleRow(name: "no-sponsored", conditions: "title: /sponsored|promoted/", actions: ["read", "hide"], matched: 12),
        RuleRow(name: "swift", conditions: "feed: Swift Forums, tag: swift", actions: ["star", "tag:swift"], matched: 1),
    ]
}
