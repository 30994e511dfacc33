#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities
import FeedIPC
import Testing
@testable import FeedClient

struct ShowItemPresenterTests {
    let view = ShowItemViewSpy()

    func run(
        _ result: Result<ItemToShow, any Error>, number: Int64? = 12, next: Bool = false, marksRead: Bool = true,
        offset: Int = 0, configure: (ShowItemUseCaseStub) -> Void = { _ in }
    ) async -> (status: FeedClient.ExitStatus, interactor: ShowItemUseCaseStub) {
        let interactor = ShowItemUseCaseStub(result)
        configure(interactor)
        let presenter = ShowItemPresenter(
            request: ShowItemRequest(number: number, next: next, marksRead: marksRead, width: 72), view: view,
            interactor: interactor, clock: FixedClock(now: Fixtures.now, offset: offset))
        return (await presenter.viewDidLoad(), interactor)
    }

    static func item(_ number: Int64 = 12, isRead: Bool = false) -> Item {
        var item = Fixtures.item(
            number, title: "Tiling", link: "https://a.example/t", feed: "Planet Terminal", feedID: 3,
            author: "Ada", published: Fixtures.now.addingTimeInterval(-3 * 3600), isRead: isRead)
        item.isStarred = true
        item.enclosures = [
            Enclosure(url: "https://cdn.example/a.mp3", type: "audio/mpeg", length: 12_345_678),
            Enclosure(url: "  ", type: "video/mp4"),
            Enclosure(url: "https://cdn.example/b.ogg", type: " ", length: 0),
        ]
        return item
    }

    @Test func showsTheItemThenMarksItRead() async throws {
        let rendered = RenderedContent(text: "Body[1]", links: ["https://x.example/"])
        let (status, interactor) = await run(.success(.init(item: Self.item(), rendered: rendered)), offset: 3600)
        #expect(interactor.requests.map(\.number) == [12])
        #expect(interactor.requests.map(\.width) == [72])
        #expect(view.shown == [ItemDetail(
            number: 12, title: "Tiling", displayTitle: "Tiling", link: "https://a.example/t",
            feedTitle: "Planet Terminal", feedNumber: 3, author: "Ada", dateText: "2026-11-22 08:00 (3 h ago)",
            published: "2026-11-22T07:00:00Z", isRead: false, isStarred: true,
            attachments: [
                .init(url: "https://cdn.example/a.mp3", type: "audio/mpeg", length: 12_345_678, size: "12.3 MB"),
                .init(url: "https://cdn.example/b.ogg", type: nil, length: 0, size: nil),
            ],
            text: "Body[1]", links: ["https://x.example/"])])
        #expect(interactor.markedRead == [12])
        #expect(view.failures.isEmpty)
        #expect(status == .success)
    }

    @Test func withoutANumberTheDaemonPicksTheNewestOrNextUnreadItem() async {
        let (newestStatus, newest) = await run(.success(.init(item: Self.item(31))), number: nil)
        #expect(newest.requests.isEmpty)
        #expect(newest.nextRequests.map(\.afterShown) == [false])
        #expect(newest.nextRequests.map(\.width) == [72])
        #expect(view.shown.map(\.number) == [31])
        #expect(newest.markedRead == [31])
        let (nextStatus, next) = await run(.success(.init(item: Self.item(30))), number: nil, next: true)
        #expect(next.nextRequests.map(\.afterShown) == [true])
        #expect(view.shown.map(\.number) == [31, 30])
        #expect([newestStatus, nextStatus] == [.success, .success])
    }

    @Test func noUnreadItemLeftIsAFailureSoThatALoopEnds() async {
        let (newestStatus, _) = await run(.success(.init(item: Self.item())), number: nil) {
            $0.nextResult = .success(.init(found: nil))
        }
        let (nextStatus, _) = await run(.success(.init(item: Self.item())), number: nil, next: true) {
            $0.nextResult = .success(.init(found: nil, after: 30))
        }
        #expect(view.shown.isEmpty)
        #expect(view.failures == [
            CommandFailure(message: "no unread items"), CommandFailure(message: "no unread items after item 30"),
        ])
        #expect([newestStatus, nextStatus] == [.failure, .failure])
    }

    @Test func anOlderDaemonWithoutNextSaysWhatFailed() async {
        _ = await run(.success(.init(item: Self.item())), number: nil, next: true) {
            $0.nextResult = .failure(DaemonRefusal(RPCError(.methodNotFound, "Method not found: items.next")))
        }
        #expect(view.failures == [CommandFailure(message: "cannot find the next unread item: Method not found: items.next")])
    }

    @Test func itemsWithoutTitleLinkAuthorOrContentStillShow() async throws {
        let item = Fixtures.item(4, title: " ", link: "", author: "\n", published: nil)
        _ = await run(.success(.init(item: item, rendered: nil)), number: 4)
        let detail = try #require(view.shown.first)
        #expect(detail.title == " ")
        #expect(detail.displayTitle == "(no title)")
        #expect(detail.link == nil && detail.author == nil && detail.published == nil)
        #expect(detail.dateText == "2026-11-21 10:00 (1 day ago)")  // first seen
        #expect(detail.text == "" && detail.links == [])
        #expect(!detail.titleIsExcerpt && detail.excerpt == nil)
    }

    @Test func anUntitledEpisodeIsNamedByItsTextAndShowsItsPlayingTime() async throws {
        var item = Fixtures.item(5, title: nil)
        item.excerpt = "Just shipped the new release…"
        item.enclosures = [
            Enclosure(url: "https://cdn.example/a.mp3", type: "audio/mpeg", duration: 3723),
            Enclosure(url: "https://cdn.example/b.mp3", duration: 0),
        ]
        _ = await run(.success(.init(item: item, rendered: nil)), number: 5)
        let detail = try #require(view.shown.first)
        #expect(detail.title == "" && detail.displayTitle == "Just shipped the new release…" && detail.titleIsExcerpt)
        #expect(detail.excerpt == "Just shipped the new release…")
        #expect(detail.attachments.map(\.duration) == [3723, 0])
        #expect(detail.attachments.map(\.playingTime) == ["1:02:03", nil])
    }

    @Test func theRelativeDateIsLeftOutWhenItSaysNothingMore() throws {
        let mapper = ItemDetailMapper(clock: FixedClock(now: Fixtures.now))
        #expect(mapper.dateText(Fixtures.now.addingTimeInterval(-40 * 86_400)) == "2026-10-13 10:00")
        #expect(mapper.dateText(Fixtures.now.addingTimeInterval(3 * 86_400)) == "2026-11-25 10:00")
        #expect(mapper.dateText(Fixtures.now.addingTimeInterval(-90)) == "2026-11-22 09:58 (1 min ago)")
    }

    @Test func noMarkLeavesTheItemUnread() async {
        let (status, interactor) = await run(.success(.init(item: Self.item())), marksRead: false)
        #expect(view.shown.count == 1)
        #expect(interactor.markedRead.isEmpty)
        #expect(status == .success)
    }

    @Test func anItemAlreadyReadIsNotMarkedAgain() async {
        let (status, interactor) = await run(.success(.init(item: Self.item(isRead: true))))
        #expect(view.shown.first?.isRead == true)
        #expect(interactor.markedRead.isEmpty)
        #expect(status == .success)
    }

    @Test func anUnknownNumberIsNoItem() async {
        let (status, _) = await run(.failure(DaemonRefusal(RPCError(.notFound, "no item 999"))), number: 999)
        #expect(view.shown.isEmpty)
        #expect(view.failures == [CommandFailure(message: "no item 999")])
        #expect(status == .failure)
    }

    @Test func failingToMarkReadIsReportedAfterTheArticle() async {
        let (status, interactor) = await run(.success(.init(item: Self.item()))) {
            $0.markReadError = DaemonRefusal(RPCError(.internalError, "database is locked"))
        }
        #expect(view.shown.count == 1)
        #expect(interactor.markedRead.isEmpty)
        #expect(view.failures == [CommandFailure(message: "showed item 12 but could not mark it read: database is locked")])
        #expect(status == .failure)
    }

    @Test func anUnreachableDaemonExitsWithThree() async {
        let (status, _) = await run(.failure(DaemonClientError.unreachable(socketPath: "/tmp/x.sock", reason: .refused)))
        #expect(view.failures.first?.status == .daemonUnreachable)
        #expect(status == .daemonUnreachable)
    }

    @Test(arguments: [
        (Int64(1), "1 byte"), (999, "999 bytes"), (1000, "1.0 kB"), (1_549, "1.5 kB"), (1_550, "1.6 kB"),
        (99_949, "99.9 kB"), (99_950, "100 kB"), (999_499, "999 kB"), (999_500, "1.0 MB"), (640_000_000, "640 MB"),
        (12_345_678, "12.3 MB"), (4_700_000_000, "4.7 GB"), (Int64.max, "9.2 EB"),
    ])
    func sizesReadAsPeopleSayThem(bytes: Int64, text: String) {
        #expect(ByteCount.text(bytes) == text)
    }

    @Test func unknownSizesHaveNoText() {
        #expect(ByteCount.text(0) == nil)
        #expect(ByteCount.text(-5) == nil)
    }
}
