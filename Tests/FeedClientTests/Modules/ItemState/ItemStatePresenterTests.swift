import FeedEntities
import FeedIPC
import Testing
@testable import FeedClient

struct ItemStatePresenterTests {
    let view = ItemStateViewSpy()

    @discardableResult
    func run(
        _ action: ItemStateAction, _ selection: ItemSelection, _ result: Result<ItemStateChange, any Error>
    ) async -> (status: FeedClient.ExitStatus, interactor: ItemStateUseCaseStub) {
        let interactor = ItemStateUseCaseStub(result)
        let status = await ItemStatePresenter(action: action, selection: selection, view: view, interactor: interactor).viewDidLoad()
        return (status, interactor)
    }

    @Test func appliesTheActionAndSaysWhatChanged() async {
        let (status, interactor) = await run(.read, .numbers([1, 2, 3, 4, 5]), .success(.init(updated: 5)))
        #expect(interactor.applied.map(\.action) == [.read])
        #expect(interactor.applied.map(\.selection) == [.numbers([1, 2, 3, 4, 5])])
        #expect(view.outcomes == [ItemStateOutcome(updated: 5, missing: [], summary: ["Marked 5 items read"])])
        #expect(view.failures.isEmpty)
        #expect(status == .success)
    }

    @Test(arguments: [
        (ItemStateAction.read, 1, 0, "Marked 1 item read"),
        (.read, 2, 3, "Marked 2 items read; 3 were already read"),
        (.read, 0, 3, "3 items were already read"),
        (.read, 0, 1, "1 item was already read"),
        (.unread, 2, 1, "Marked 2 items unread; 1 was already unread"),
        (.star, 2, 0, "Starred 2 items"),
        (.star, 0, 2, "2 items were already starred"),
        (.unstar, 1, 0, "Unstarred 1 item"),
        (.unstar, 1, 1, "Unstarred 1 item; 1 was not starred"),
    ])
    func wording(action: ItemStateAction, updated: Int, unchanged: Int, line: String) async {
        let numbers = (1...Int64(updated + unchanged)).map { $0 }
        await run(action, .numbers(numbers), .success(.init(updated: updated)))
        #expect(view.outcomes.first?.summary == [line])
    }

    @Test func missingNumbersAreAFailureAfterTheOthersChanged() async {
        let status = await run(.read, .numbers([3, 4, 998, 999]), .success(.init(updated: 1, missing: [999, 998]))).status
        #expect(view.outcomes == [ItemStateOutcome(updated: 1, missing: [998, 999], summary: ["Marked 1 item read; 1 was already read"])])
        #expect(view.failures == [CommandFailure(message: "no items 998, 999")])
        #expect(status == .failure)
    }

    @Test func nothingFoundIsOnlyTheFailure() async {
        let status = await run(.star, .numbers([999]), .success(.init(updated: 0, missing: [999]))).status
        #expect(view.outcomes.first?.summary == [])
        #expect(view.failures == [CommandFailure(message: "no item 999")])
        #expect(status == .failure)
    }

    static let missingCases: [([Int64], String)] = {
        let odd: [Int64] = (1...10).map { $0 * 2 - 1 }
        let even: [Int64] = (1...12).map { $0 * 2 }
        let mixed: [Int64] = [1, 3, 5, 6, 7, 8, 9, 11, 13, 15, 17, 19, 21] + Array(30...40)
        return [
            ([999], "no item 999"),
            ([998, 999], "no items 998, 999"),
            ([3, 5, 6, 7, 8, 20], "no items 3, 5-8, 20"),
            (Array(501...100_000), "no items 501-100000"),
            (even, "no items 2, 4, 6, 8, 10, 12, 14, 16, 18, 20 and 2 more"),
            (mixed, "no items 1, 3, 5-9, 11, 13, 15, 17, 19, 21, 30-40"),
            (odd + Array(30...40), "no items 1, 3, 5, 7, 9, 11, 13, 15, 17, 19 and 11 more"),
        ]
    }()

    @Test(arguments: missingCases)
    func missingNumbersAreShortened(missing: [Int64], message: String) {
        #expect(ItemStatePresenter.missingMessage(missing) == message)
    }

    @Test func everyItemAndFeedsSayHowManyChanged() async {
        let statuses = [
            await run(.read, .all, .success(.init(updated: 120))).status,
            await run(.read, .all, .success(.init(updated: 0))).status,
            await run(.read, .feed("Kernel"), .success(.init(updated: 12))).status,
            await run(.read, .feed("Kernel"), .success(.init(updated: 0))).status,
            await run(.unread, .feed("Kernel"), .success(.init(updated: 0))).status,
        ]
        #expect(view.outcomes.map(\.summary) == [
            ["Marked 120 items read"], ["No unread items"], ["Marked 12 items read in 'Kernel'"],
            ["No unread items in 'Kernel'"], ["No read items in 'Kernel'"],
        ])
        #expect(statuses == Array(repeating: .success, count: 5))
    }

    @Test func aFeedIsNamedByTheTitleTheDaemonGives() async {
        let feed = Fixtures.feed(3, title: "Kernel Notes")
        await run(.read, .feed("3"), .success(.init(updated: 2, feed: feed)))
        await run(.read, .feed("kern"), .success(.init(updated: 0, feed: feed)))
        #expect(view.outcomes.map(\.summary) == [["Marked 2 items read in 'Kernel Notes'"], ["No unread items in 'Kernel Notes'"]])
    }

    @Test func requestFailuresSayWhatWasBeingDone() async {
        let statuses = [
            await run(.read, .feed("zzz"), .failure(DaemonRefusal(RPCError(.notFound, "no feed matches 'zzz'")))).status,
            await run(.unstar, .numbers([1]), .failure(DaemonRefusal(RPCError(.internalError, "database is locked")))).status,
        ]
        #expect(view.outcomes.isEmpty)
        #expect(view.failures == [
            CommandFailure(message: "cannot mark items read: no feed matches 'zzz'"),
            CommandFailure(message: "cannot unstar items: database is locked"),
        ])
        #expect(statuses == [.failure, .failure])
    }

    @Test func anUnreachableDaemonExitsWithThree() async {
        let status = await run(.star, .numbers([1]), .failure(DaemonClientError.unreachable(socketPath: "/x", reason: .noSocket))).status
        #expect(status == .daemonUnreachable)
    }
}
