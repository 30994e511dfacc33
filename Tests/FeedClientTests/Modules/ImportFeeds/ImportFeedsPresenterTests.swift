import FeedEntities
import FeedIPC
import Testing
@testable import FeedClient

struct ImportFeedsPresenterTests {
    let view = ImportFeedsViewSpy()

    private func presenter(
        _ interactor: ImportFeedsUseCaseStub, path: String = "subs.opml", format: ImportFormat? = nil, allowCommands: Bool = false
    ) -> ImportFeedsPresenter {
        ImportFeedsPresenter(
            path: path, format: format, allowCommands: allowCommands, view: view, interactor: interactor,
            clock: FixedClock(now: Fixtures.now))
    }

    @Test func summarisesAddedExistingAndSkippedAndNotesEachSkip() async throws {
        let skipped = [
            ImportSkip(entry: "exec:~/bin/script", location: "line 7", reason: "commands are not imported"),
            ImportSkip(entry: "ftp://old.example/feed", location: nil, reason: "only http and https feeds can be imported"),
        ]
        let result = ImportedFeeds(
            format: .newsboat, added: [Fixtures.feed(4), Fixtures.feed(5), Fixtures.feed(6)],
            existing: [Fixtures.feed(1), Fixtures.feed(2)], skipped: skipped)
        let interactor = ImportFeedsUseCaseStub(.success(result))
        let status = await presenter(interactor, format: .newsboat).viewDidLoad()
        #expect(interactor.requests.map(\.path) == ["subs.opml"])
        #expect(interactor.requests.map(\.format) == [.newsboat])
        let report = try #require(view.reports.first)
        #expect(report.format == "newsboat")
        #expect(report.summary == "Imported 3 feeds (2 already subscribed, 2 skipped); the daemon fetches them now")
        #expect(report.notes == [
            "skipped line 7: exec:~/bin/script: commands are not imported",
            "skipped ftp://old.example/feed: only http and https feeds can be imported",
        ])
        #expect(report.added.map(\.number) == [4, 5, 6])
        #expect(report.existing.map(\.number) == [1, 2])
        #expect(report.added.first == FeedRow(Fixtures.feed(4), now: Fixtures.now, clock: FixedClock(now: Fixtures.now)))
        #expect(report.skipped == skipped)
        #expect(status == .success)
    }

    /// With `--allow-commands`, every command feed the import subscribed to is named with its
    /// command, before the skipped entries.
    @Test func eachCommandFeedSubscribedIsListedWithItsCommand() async throws {
        var command = Fixtures.feed(7)
        command.url = "exec:~/bin/weather --city 'New York'"
        let result = ImportedFeeds(format: .newsboat, added: [Fixtures.feed(6), command], existing: [], skipped: [])
        let interactor = ImportFeedsUseCaseStub(.success(result))
        _ = await presenter(interactor, allowCommands: true).viewDidLoad()
        #expect(interactor.requests.map(\.allowCommands) == [true])
        #expect(view.reports.first?.notes == [
            "subscribed command feed 7: exec:~/bin/weather --city 'New York' (runs at every refresh)",
        ])
    }

    @Test func summaries() {
        #expect(ImportFeedsPresenter.summary(added: 1, existing: 0, skipped: 0) == "Imported 1 feed; the daemon fetches it now")
        #expect(ImportFeedsPresenter.summary(added: 0, existing: 3, skipped: 0) == "Imported 0 feeds (3 already subscribed)")
        #expect(ImportFeedsPresenter.summary(added: 0, existing: 0, skipped: 1) == "Imported 0 feeds (1 skipped)")
        #expect(ImportFeedsPresenter.summary(added: 0, existing: 0, skipped: 0) == "Imported 0 feeds")
        #expect(ImportFeedsPresenter.summary(added: 2, existing: 1, skipped: 1, views: 2, existingViews: 0)
            == "Imported 2 feeds and 2 saved views (1 already subscribed, 1 skipped); the daemon fetches them now")
        #expect(ImportFeedsPresenter.summary(added: 0, existing: 1, skipped: 0, views: 0, existingViews: 1)
            == "Imported 0 feeds and 0 saved views (1 already subscribed, 1 view already there)")
    }

    @Test func aFileErrorNamesTheFile() async {
        let status = await presenter(ImportFeedsUseCaseStub(.failure(ImportFileError.unreadable("No such file or directory")))).viewDidLoad()
        #expect(view.failures == [CommandFailure(message: "cannot import subs.opml: No such file or directory")])
        #expect(status == .failure)
    }

    @Test func standardInputIsNamedSo() async {
        _ = await presenter(ImportFeedsUseCaseStub(.failure(ImportFileError.notUTF8)), path: "-").viewDidLoad()
        #expect(view.failures == [CommandFailure(
            message: "cannot import standard input: it is not UTF-8 text; convert it first, e.g. with 'iconv -t UTF-8'")])
    }

    @Test func anAnswerLostAfterSendingSaysTheImportMayHaveBeenAppliedAndIsSafeToRepeat() async {
        let status = await presenter(ImportFeedsUseCaseStub(.failure(DaemonClientError.unanswered(method: "feeds.import"))), path: "my subs.opml")
            .viewDidLoad()
        #expect(view.failures == [CommandFailure(
            message: "the daemon stopped before answering; the import may have been applied: run 'tidings import my\\ subs.opml' again to be sure (importing twice adds nothing)")])
        #expect(status == .failure)
    }

    @Test func aConnectionLostBeforeSendingIsNoUnknownOutcome() async {
        _ = await presenter(ImportFeedsUseCaseStub(.failure(DaemonClientError.connectionLost))).viewDidLoad()
        #expect(view.failures == [CommandFailure(
            message: "the daemon closed the connection before answering; see 'journalctl --user -u tidingsd'")])
    }

    @Test func anUnreachableDaemonExitsWithThree() async {
        let status = await presenter(ImportFeedsUseCaseStub(.failure(DaemonClientError.unreachable(socketPath: "/s", reason: .noSocket)))).viewDidLoad()
        #expect(status == .daemonUnreachable)
    }
}
