import FeedEntities
import FeedIPC
import Testing
@testable import FeedClient

struct StatusPresenterTests {
    let view = StatusViewSpy()

    private func presenter(_ result: Result<DaemonStatus, any Error>) -> StatusPresenter {
        StatusPresenter(view: view, interactor: StatusUseCaseStub(result), clock: FixedClock(now: Fixtures.now))
    }

    @Test func mapsTheStatusForPeopleAndScripts() async {
        let status = await presenter(.success(StatusFixtures.status())).viewDidLoad()
        #expect(view.reports == [StatusFixtures.report()])
        #expect(status == .success)
    }

    @Test func neverRefreshedAndNothingScheduled() async throws {
        _ = await presenter(.success(StatusFixtures.status(lastRefresh: nil, nextRefresh: nil))).viewDidLoad()
        let report = try #require(view.reports.first)
        #expect(report.lastRefreshText == "never" && report.lastRefresh == nil)
        #expect(report.nextRefreshText == "none" && report.nextRefresh == nil)
    }

    @Test func aRefreshUnderWaySaysSoAndADueOneIsNow() async throws {
        _ = await presenter(.success(StatusFixtures.status(refreshing: true))).viewDidLoad()
        _ = await presenter(.success(StatusFixtures.status(nextRefresh: Fixtures.now.addingTimeInterval(-30)))).viewDidLoad()
        #expect(view.reports.map(\.nextRefreshText) == ["refreshing now", "now"])
        #expect(view.reports.map(\.refreshing) == [true, false])
    }

    @Test func aRefusedReloadIsMappedWithWhenAndWhy() async throws {
        var status = StatusFixtures.status()
        status.configPath = "/home/ada/.config/tidings/config.yaml"
        status.reloadFailure = ReloadFailure(at: Fixtures.now.addingTimeInterval(-300), error: "config.yaml line 2: 'x': unknown key")
        _ = await presenter(.success(status)).viewDidLoad()
        let report = try #require(view.reports.first)
        #expect(report.configPath == "/home/ada/.config/tidings/config.yaml")
        #expect(report.reloadFailure == ReloadFailureReport(
            at: "2026-11-22T09:55:00Z", atText: "5 min ago", error: "config.yaml line 2: 'x': unknown key"))
    }

    @Test func theSyncIsMappedWhenAServiceIsConfigured() async throws {
        var status = StatusFixtures.status()
        _ = await presenter(.success(status)).viewDidLoad()
        status.sync = SyncFixtures.status()
        _ = await presenter(.success(status)).viewDidLoad()
        #expect(view.reports.map(\.sync) == [nil, SyncFixtures.report()])
    }

    @Test func durations() {
        let cases: [(Int64, String)] = [
            (0, "0 s"), (59, "59 s"), (60, "1 min"), (3599, "59 min"), (3600, "1 h"), (11_525, "3 h 12 min"),
            (86_400, "1 day"), (86_400 + 4 * 3600 + 59, "1 day 4 h"), (2 * 86_400 + 5, "2 days"), (-5, "0 s"),
        ]
        for (seconds, text) in cases { #expect(DateText.duration(seconds) == text, "\(seconds)") }
    }

    @Test func byteCounts() {
        let cases: [(Int64, String)] = [
            (0, "0 B"), (999, "999 B"), (1000, "1.0 kB"), (99_949, "99.9 kB"), (99_950, "100 kB"), (999_960, "1.0 MB"),
            (12_400_000, "12.4 MB"), (124_000_000, "124 MB"), (1_500_000_000, "1.5 GB"), (2_000_000_000_000_000, "2000 TB"),
        ]
        for (bytes, text) in cases { #expect(StatusPresenter.byteCount(bytes) == text, "\(bytes)") }
    }

    @Test func failuresAreShown() async {
        let status = await presenter(.failure(DaemonRefusal(RPCError(.methodNotFound, "unknown method 'status'")))).viewDidLoad()
        #expect(view.failures == [CommandFailure(message: "cannot read the daemon's status: unknown method 'status'")])
        #expect(status == .failure)
    }

    @Test func anUnreachableDaemonExitsWithThree() async {
        let status = await presenter(.failure(DaemonClientError.unreachable(socketPath: "/s", reason: .noSocket))).viewDidLoad()
        #expect(status == .daemonUnreachable)
    }
}
