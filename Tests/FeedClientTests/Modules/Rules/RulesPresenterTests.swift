import FeedIPC
import Testing
@testable import FeedClient

struct RulesPresenterTests {
    @Test func listShowsEveryRuleAndSucceeds() async {
        let view = RulesViewSpy(), wireframe = RulesWireframeSpy()
        await RulesPresenter(view: view, interactor: RulesUseCaseStub(), wireframe: wireframe, request: .list).viewDidLoad()
        #expect(view.lists == [RulesFixtures.rows])
        #expect(wireframe.routes == [.exit(.success)])
    }

    @Test func testShowsTheRuleAndItsMatches() async {
        let view = RulesViewSpy(), wireframe = RulesWireframeSpy(), interactor = RulesUseCaseStub()
        await RulesPresenter(view: view, interactor: interactor, wireframe: wireframe, request: .test(name: "no-sponsored"))
            .viewDidLoad()
        #expect(interactor.tested == ["no-sponsored"])
        #expect(view.matches.first?.rule == RulesFixtures.rows[0])
        #expect(view.matches.first?.items == [
            RuleMatchRow(number: 42, title: "Sponsored: a thing", feed: "Planet Terminal"),
            RuleMatchRow(number: 7, title: "Promoted post", feed: "Planet Terminal"),
        ])
        #expect(wireframe.routes == [.exit(.success)])
    }

    @Test func anUnknownRuleIsAFailureNamingIt() async {
        let view = RulesViewSpy(), wireframe = RulesWireframeSpy(), interactor = RulesUseCaseStub()
        interactor.testResult = .failure(RPCError(.notFound, "no rule named 'x' in the config"))
        await RulesPresenter(view: view, interactor: interactor, wireframe: wireframe, request: .test(name: "x")).viewDidLoad()
        #expect(view.failures.count == 1)
        #expect(view.matches.isEmpty)
        #expect(wireframe.routes.count == 1 && wireframe.routes != [.exit(.success)])
    }
}
