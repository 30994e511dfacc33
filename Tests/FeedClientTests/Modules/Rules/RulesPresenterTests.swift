import FeedIPC
import Testing
@testable import FeedClient

struct RulesPresenterTests {
    let clock = FixedClock(now: Fixtures.now, offset: 3600)

    @Test func listShowsEveryRuleAndSucceeds() async {
        let view = RulesViewSpy(), wireframe = RulesWireframeSpy()
        await RulesPresenter(view: view, interactor: RulesUseCaseStub(), wireframe: wireframe, request: .list, clock: clock).viewDidLoad()
        #expect(view.lists == [RulesFixtures.rows])
        #expect(wireframe.routes == [.exit(.success)])
    }

    @Test func testShowsTheRuleAndItsMatches() async throws {
        let view = RulesViewSpy(), wireframe = RulesWireframeSpy(), interactor = RulesUseCaseStub()
        await RulesPresenter(view: view, interactor: interactor, wireframe: wireframe, request: .test(name: "no-sponsored"), clock: clock)
            .viewDidLoad()
        #expect(interactor.tested == ["no-sponsored"])
        #expect(view.matches.first?.rule == RulesFixtures.rows[0])
        // The rows of `tidings list`, so that a dry run reads like a listing.
        let items = try #require(view.matches.first?.items)
        #expect(items.map(\.number) == [42, 7])
        #expect(items.map(\.displayTitle) == ["Sponsored: a thing", "Promoted post"])
        #expect(items.map(\.feedTitle) == ["Planet Terminal", "Planet Terminal"])
        #expect(items.map(\.localDate) == ["2026-11-22 11:00", "2026-11-22 11:00"])
        #expect(items.map(\.shortDate) == ["11:00", "11:00"])
        #expect(wireframe.routes == [.exit(.success)])
    }

    @Test func anUnknownRuleIsAFailureNamingIt() async {
        let view = RulesViewSpy(), wireframe = RulesWireframeSpy(), interactor = RulesUseCaseStub()
        interactor.testResult = .failure(RPCError(.notFound, "no rule named 'x' in the config"))
        await RulesPresenter(view: view, interactor: interactor, wireframe: wireframe, request: .test(name: "x"), clock: clock).viewDidLoad()
        #expect(view.failures.count == 1)
        #expect(view.matches.isEmpty)
        #expect(wireframe.routes.count == 1 && wireframe.routes != [.exit(.success)])
    }
}
