import FeedEntities
import FeedIPC
import Testing
@testable import FeedClient

struct ManageRulesPresenterTests {
    let clock = FixedClock(now: Fixtures.now, offset: 3600)

    @Test func listShowsEveryRuleAndSucceeds() async {
        let view = ManageRulesViewSpy()
        let status = await ManageRulesPresenter(view: view, interactor: ManageRulesUseCaseStub(), request: .list, clock: clock).viewDidLoad()
        #expect(view.lists == [ManageRulesFixtures.rows])
        #expect(status == .success)
    }

    @Test func testShowsTheRuleAndItsMatches() async throws {
        let view = ManageRulesViewSpy(), interactor = ManageRulesUseCaseStub()
        let status = await ManageRulesPresenter(view: view, interactor: interactor, request: .test(name: "no-sponsored"), clock: clock)
            .viewDidLoad()
        #expect(interactor.tested == ["no-sponsored"])
        #expect(view.matches.first?.rule == ManageRulesFixtures.rows[0])
        // The rows of `tidings list`, so that a dry run reads like a listing.
        let items = try #require(view.matches.first?.items)
        #expect(items.map(\.number) == [42, 7])
        #expect(items.map(\.displayTitle) == ["Sponsored: a thing", "Promoted post"])
        #expect(items.map(\.feedTitle) == ["Planet Terminal", "Planet Terminal"])
        #expect(items.map(\.localDate) == ["2026-11-22 11:00", "2026-11-22 11:00"])
        #expect(items.map(\.shortDate) == ["11:00", "11:00"])
        #expect(status == .success)
    }

    @Test func applyReportsWhatEachActionChanged() async {
        let view = ManageRulesViewSpy(), interactor = ManageRulesUseCaseStub()
        let status = await ManageRulesPresenter(view: view, interactor: interactor, request: .apply(name: "no-sponsored"), clock: clock)
            .viewDidLoad()
        #expect(interactor.appliedRules == ["no-sponsored"])
        #expect(interactor.tested.isEmpty)
        #expect(view.applied == [#"Rule "no-sponsored" marked 12 items read and hid 20 items (of 20 matching)"#])
        #expect(status == .success)
    }

    @Test(arguments: [
        (["read"], AppliedRule.counts(matched: 12, read: 12), #"Rule "r" marked 12 items read"#),
        (["read"], .counts(matched: 1, read: 1), #"Rule "r" marked 1 item read"#),
        (["star", "tag:lang", "tag:swift"], .counts(matched: 3, starred: 2, tagged: 3),
         #"Rule "r" starred 2 items and tagged 3 items 'lang', 'swift' (of 3 matching)"#),
        (["read", "star", "hide"], .counts(matched: 2, read: 2, starred: 2, hidden: 2),
         #"Rule "r" marked 2 items read, starred 2 items and hid 2 items"#),
        (["read"], .counts(matched: 0), #"Rule "r" matches no stored item: nothing changed"#),
        (["read"], .counts(matched: 4), #"Rule "r" matches 4 stored items: nothing left to change"#),
    ])
    func applySummaries(actions: [String], counts: AppliedRule, expected: String) {
        var result = counts
        result.rule = RuleSummary(name: "r", conditions: "title: x", actions: actions, matched: 0)
        #expect(ManageRulesPresenter.summary(of: result) == expected)
    }

    @Test func anUnknownRuleIsAFailureNamingIt() async {
        let view = ManageRulesViewSpy(), interactor = ManageRulesUseCaseStub()
        interactor.testResult = .failure(DaemonRefusal(RPCError(.notFound, "no rule named 'x' in the config")))
        let status = await ManageRulesPresenter(view: view, interactor: interactor, request: .test(name: "x"), clock: clock).viewDidLoad()
        #expect(view.failures.count == 1)
        #expect(view.matches.isEmpty)
        #expect(status != .success)
    }
}

extension AppliedRule {
    /// A result with these counts, for a rule the test names itself.
    static func counts(matched: Int, read: Int = 0, starred: Int = 0, hidden: Int = 0, tagged: Int = 0) -> Self {
        .init(
            rule: RuleSummary(name: "", conditions: "", actions: [], matched: 0), matched: matched, markedRead: read,
            starred: starred, hidden: hidden, tagged: tagged)
    }
}
