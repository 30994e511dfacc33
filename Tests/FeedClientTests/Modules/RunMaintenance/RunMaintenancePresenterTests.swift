import FeedEntities
import FeedIPC
import Testing
@testable import FeedClient

struct RunMaintenancePresenterTests {
    let view = RunMaintenanceViewSpy()

    private func presenter(
        _ result: Result<MaintenanceResult, any Error>, vacuum: Bool = true, retention: Bool = true
    ) -> (RunMaintenancePresenter, RunMaintenanceUseCaseStub) {
        let interactor = RunMaintenanceUseCaseStub(result)
        let presenter = RunMaintenancePresenter(
            view: view, interactor: interactor, vacuum: vacuum, retention: retention)
        return (presenter, interactor)
    }

    @Test func aSoundDatabaseIsReportedAndEndsWell() async {
        let (presenter, interactor) = presenter(.success(RunMaintenanceFixtures.result()), vacuum: true, retention: true)
        let status = await presenter.viewDidLoad()
        #expect(interactor.requests.map { [$0.vacuum, $0.retention] } == [[true, true]])
        #expect(view.reports == [RunMaintenanceFixtures.report()])
        #expect(view.failures.isEmpty)
        #expect(status == .success)
    }

    @Test func stepsNotAskedForSaySo() async throws {
        let (presenter, _) = presenter(
            .success(RunMaintenanceFixtures.result(retention: false, deleted: 0, vacuumed: false)), vacuum: false, retention: false)
        _ = await presenter.viewDidLoad()
        let report = try #require(view.reports.first)
        #expect(report.retentionText == "not asked (--retention)")
        #expect(report.vacuumText == "not asked (--no-vacuum)")
        #expect(report.sizeText == "13.0 MB")
    }

    @Test func oneItemIsSingular() async throws {
        let (presenter, _) = presenter(.success(RunMaintenanceFixtures.result(deleted: 1)))
        _ = await presenter.viewDidLoad()
        #expect(view.reports.first?.retentionText == "1 item deleted")
    }

    @Test func problemsAreReportedThenFailTheCommand() async throws {
        let problems = RunMaintenanceFixtures.unsoundReport().problems
        let (presenter, _) = presenter(.success(MaintenanceResult(
            problems: problems, retentionApplied: false, itemsDeleted: 0, vacuumed: false, bytesBefore: 13_000_000,
            bytesAfter: 13_000_000, durationMilliseconds: 85)))
        let status = await presenter.viewDidLoad()
        #expect(view.reports == [RunMaintenanceFixtures.unsoundReport()])
        #expect(view.failures == [CommandFailure(message: RunMaintenancePresenter.unsoundMessage(problems: 2))])
        #expect(view.failures.first?.message.hasPrefix("the database failed its integrity check (2 problems)") == true)
        #expect(status == .failure)
    }

    @Test func durations() {
        let cases: [(Int64, String)] = [
            (0, "0 ms"), (999, "999 ms"), (1000, "1.0 s"), (1_234, "1.2 s"), (59_940, "59.9 s"), (59_960, "1 min"),
            (60_000, "1 min"), (185_000, "3 min 5 s"), (-5, "0 ms"),
        ]
        for (milliseconds, text) in cases {
            #expect(RunMaintenancePresenter.duration(milliseconds: milliseconds) == text, "\(milliseconds)")
        }
    }

    @Test func failuresAreShown() async {
        let (presenter, _) = presenter(.failure(DaemonRefusal(RPCError(.methodNotFound, "Method not found: maintenance"))))
        let status = await presenter.viewDidLoad()
        #expect(view.failures == [CommandFailure(message: "cannot maintain the database: Method not found: maintenance")])
        #expect(view.reports.isEmpty)
        #expect(status == .failure)
    }

    @Test func anUnreachableDaemonExitsWithThree() async {
        let (presenter, _) = presenter(.failure(DaemonClientError.unreachable(socketPath: "/s", reason: .noSocket)))
        let status = await presenter.viewDidLoad()
        #expect(status == .daemonUnreachable)
    }
}
