import FeedEntities
import FeedIPC
import Testing
@testable import FeedClient

struct SyncPresenterTests {
    let view = SyncViewSpy()

    private func presenter(_ interactor: SyncUseCaseStub, _ action: SyncAction, offset: Int = 0) -> SyncPresenter {
        SyncPresenter(view: view, interactor: interactor, clock: FixedClock(now: Fixtures.now, offset: offset), action: action)
    }

    @Test func aSyncShowsWhatItDidAndTheStatus() async {
        let interactor = SyncUseCaseStub()
        #expect(await presenter(interactor, .run(full: false)).viewDidLoad() == .success)
        #expect(view.reports == [SyncFixtures.report(run: true)])
        #expect(view.failures.isEmpty && interactor.syncs == [false] && interactor.statusReads == 0)
    }

    @Test func fullIsPassedOn() async {
        let interactor = SyncUseCaseStub()
        _ = await presenter(interactor, .run(full: true)).viewDidLoad()
        #expect(interactor.syncs == [true])
    }

    @Test func aSyncThatEndedWithAnErrorShowsTheStatusThenTheErrorAndFails() async throws {
        let failed = SyncFixtures.status(
            lastAttempt: Fixtures.now.addingTimeInterval(-60), lastError: "HTTP 401 Unauthorized", report: SyncFixtures.syncReport())
        #expect(await presenter(SyncUseCaseStub(sync: .success(failed)), .run(full: false)).viewDidLoad() == .failure)
        let report = try #require(view.reports.first)
        #expect(report.lastError == "HTTP 401 Unauthorized")
        #expect(report.lastAttemptText == "1 min ago (2026-11-22 09:59)")
        #expect(view.failures == [CommandFailure(message: "the sync failed: HTTP 401 Unauthorized")])
    }

    @Test func noServiceSaysWhereToAddOneAndFails() async {
        let interactor = SyncUseCaseStub(
            sync: .failure(DaemonRefusal(RPCError(.syncNotConfigured, "no sync service"))), configPath: "/home/ada/.config/tidings/config.yaml")
        #expect(await presenter(interactor, .run(full: false)).viewDidLoad() == .failure)
        #expect(view.reports.isEmpty)
        #expect(view.failures == [CommandFailure(
            message: "no sync service in the config: add a 'sync:' section to /home/ada/.config/tidings/config.yaml (see docs/cli.md)")])
    }

    @Test func theStatusDoesNotSync() async {
        let interactor = SyncUseCaseStub()
        #expect(await presenter(interactor, .showStatus).viewDidLoad() == .success)
        #expect(view.reports == [SyncFixtures.report()])
        #expect(interactor.syncs.isEmpty && interactor.statusReads == 1)
    }

    @Test func theStatusOfAFailedSyncIsNoFailure() async {
        let interactor = SyncUseCaseStub(status: .success(SyncFixtures.status(lastError: "HTTP 503 Service Unavailable")))
        #expect(await presenter(interactor, .showStatus).viewDidLoad() == .success)
        #expect(view.reports.map(\.lastError) == ["HTTP 503 Service Unavailable"] && view.failures.isEmpty)
    }

    @Test(arguments: [Result<SyncStatus, any Error>.success(SyncStatus()), .failure(DaemonRefusal(RPCError(.syncNotConfigured, "no sync service")))])
    func theStatusWithoutAServiceIsANote(answer: Result<SyncStatus, any Error>) async throws {
        let interactor = SyncUseCaseStub(status: answer, configPath: nil)
        #expect(await presenter(interactor, .showStatus).viewDidLoad() == .success)
        let shown = try #require(view.notConfigured.first)
        #expect(shown.note == "No sync service configured; add a 'sync:' section to the daemon's config.yaml to sync (see docs/cli.md).")
        #expect(shown.report.service == nil && shown.report.lastSyncText == "never" && shown.report.nextSyncText == "none")
        #expect(view.reports.isEmpty && view.failures.isEmpty)
    }

    @Test func anOlderDaemonIsToBeRestarted() async {
        let old = DaemonRefusal(RPCError(.methodNotFound, "unknown method 'sync.run'"))
        #expect(await presenter(SyncUseCaseStub(sync: .failure(old)), .run(full: false)).viewDidLoad() == .failure)
        #expect(await presenter(SyncUseCaseStub(status: .failure(old)), .showStatus).viewDidLoad() == .failure)
        #expect(view.failures.map(\.message) == [
            "cannot sync: the daemon is older than this tidings and cannot sync; restart it",
            "cannot read the sync status: the daemon is older than this tidings and cannot sync; restart it",
        ])
    }

    @Test func anUnreachableDaemonExitsWithThree() async {
        let unreachable = DaemonClientError.unreachable(socketPath: "/s", reason: .noSocket)
        #expect(await presenter(SyncUseCaseStub(sync: .failure(unreachable)), .run(full: false)).viewDidLoad() == .daemonUnreachable)
        #expect(await presenter(SyncUseCaseStub(status: .failure(unreachable)), .showStatus).viewDidLoad() == .daemonUnreachable)
        #expect(view.failures.count == 2 && view.reports.isEmpty)
    }

    // MARK: - Mapping

    @Test func neverSyncedNothingScheduledNothingWaiting() {
        let report = presenter(SyncUseCaseStub(), .showStatus).report(
            for: SyncFixtures.status(lastSync: nil, lastAttempt: nil, nextSync: nil, pending: 0))
        #expect(report.lastSync == nil && report.lastSyncText == "never")
        #expect(report.lastAttempt == nil && report.lastAttemptText == nil)
        #expect(report.nextSync == nil && report.nextSyncText == "none")
        #expect(report.pendingText == "none")
    }

    @Test func aSyncUnderWaySaysSoADueOneIsNowAndOneChangeWaits() {
        let presenter = presenter(SyncUseCaseStub(), .showStatus)
        let running = presenter.report(for: SyncFixtures.status(lastAttempt: Fixtures.now.addingTimeInterval(-10), syncing: true))
        #expect(running.nextSyncText == "syncing now" && running.syncing)
        #expect(running.lastAttemptText == "just now (2026-11-22 09:59)")
        let due = presenter.report(for: SyncFixtures.status(nextSync: Fixtures.now.addingTimeInterval(-5), pending: 1))
        #expect(due.nextSyncText == "now" && due.pendingText == "1 change waits")
    }

    @Test func timesAreLocal() {
        let report = presenter(SyncUseCaseStub(), .showStatus, offset: 3600).report(for: SyncFixtures.status())
        #expect(report.lastSyncText == "5 min ago (2026-11-22 10:55)")
        #expect(report.nextSyncText == "in 10 min (2026-11-22 11:10)")
        #expect(report.lastSync == "2026-11-22T09:55:00Z" && report.nextSync == "2026-11-22T10:10:00Z")
    }

    @Test func whatASyncDidInWords() {
        #expect(SyncRunReport(SyncReport()).pushedText == "none")
        #expect(SyncRunReport(SyncReport(pushed: 1)).pushedText == "1 change")
        #expect(SyncRunReport(SyncReport(failed: 2)).pushedText == "0 changes; 2 failed and wait")
        let run = SyncRunReport(SyncReport(feedsAdded: 1, feedsRemoved: 3, milliseconds: 340))
        #expect(run.feedsText == "1 added, 0 linked, 3 removed" && run.durationText == "340 ms")
    }
}
