import FeedIPC
import Testing
@testable import FeedClient

struct ExportFeedsPresenterTests {
    let view = ExportFeedsViewSpy()

    private func presenter(_ interactor: ExportFeedsUseCaseStub, format: ExportFormat = .opml, output: String? = nil) -> ExportFeedsPresenter {
        ExportFeedsPresenter(
            format: format, output: output, view: view, interactor: interactor,
            clock: FixedClock(now: Fixtures.now))
    }

    @Test func writesTheDocumentToStdout() async {
        let interactor = ExportFeedsUseCaseStub(.success(ExportFixtures.feeds))
        let status = await presenter(interactor).viewDidLoad()
        #expect(view.documents == [OPMLExport.document(for: ExportFixtures.feeds, createdAt: Fixtures.now).text])
        #expect(interactor.saves.isEmpty)
        #expect(status == .success)
    }

    @Test func dashIsStdoutToo() async {
        let interactor = ExportFeedsUseCaseStub(.success([Fixtures.feed(1)]))
        _ = await presenter(interactor, format: .newsboat, output: "-").viewDidLoad()
        #expect(view.documents == ["https://planet.example.org/rss.xml\n"])
        #expect(interactor.saves.isEmpty)
    }

    @Test func savesToTheOutputFileAndConfirms() async {
        let interactor = ExportFeedsUseCaseStub(.success(ExportFixtures.feeds))
        let status = await presenter(interactor, format: .newsboat, output: "subs/urls").viewDidLoad()
        #expect(interactor.saves.map(\.path) == ["subs/urls"])
        #expect(interactor.saves.map(\.text) == [NewsboatURLsExport.document(for: ExportFixtures.feeds).text])
        #expect(view.documents.isEmpty)
        #expect(view.saved == ["Exported 4 feeds to subs/urls"])
        #expect(status == .success)
    }

    @Test func whatTheFormatCannotHoldIsNoted() async {
        var feed = Fixtures.feed(5)
        feed.tags = ["~odd"]
        let status = await presenter(ExportFeedsUseCaseStub(.success([feed])), format: .newsboat).viewDidLoad()
        #expect(view.notes == ["feed 5: the tag '~odd' cannot be written to a newsboat urls file, where it means something else"])
        #expect(status == .success)
    }

    @Test func aFileThatCannotBeWrittenIsAFailure() async {
        let interactor = ExportFeedsUseCaseStub(.success([Fixtures.feed(1)]))
        interactor.saveError = .unwritable("Permission denied")
        let status = await presenter(interactor, output: "/etc/subs.opml").viewDidLoad()
        #expect(view.saved.isEmpty)
        #expect(view.failures == [CommandFailure(message: "cannot export to /etc/subs.opml: Permission denied")])
        #expect(status == .failure)
    }

    @Test func anUnreachableDaemonExitsWithThree() async {
        let status = await presenter(ExportFeedsUseCaseStub(.failure(DaemonClientError.unreachable(socketPath: "/s", reason: .noSocket)))).viewDidLoad()
        #expect(view.documents.isEmpty)
        #expect(status == .daemonUnreachable)
    }
}
