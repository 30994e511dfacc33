import FeedEntities
import FeedIPC
import Foundation
@testable import FeedClient

final class RunMaintenanceViewSpy: RunMaintenanceView {
    private(set) var reports: [MaintenanceReport] = []
    private(set) var failures: [CommandFailure] = []
    func showReport(_ report: MaintenanceReport) { reports.append(report) }
    func showFailure(_ failure: CommandFailure) { failures.append(failure) }
}

final class RunMaintenanceUseCaseStub: RunMaintenanceUseCase {
    var result: Result<MaintenanceResult, any Error>
    private(set) var requests: [(vacuum: Bool, retention: Bool)] = []
    init(_ result: Result<MaintenanceResult, any Error>) { self.result = result }
    func maintain(vacuum: Bool, retention: Bool) async throws -> MaintenanceResult {
        requests.append((vacuum, retention))
        return try result.get()
    }
}

enum RunMaintenanceFixtures {
    /// A sound database: 20 items deleted, 13.0 MB down to 3.1 MB in 1.2 s.
    static func result(
        problems: [String] = [], retention: Bool = true, deleted: Int = 20, vacuumed: Bool = true
    ) -> MaintenanceResult {
        MaintenanceResult(
            problems: problems, retentionApplied: retention, itemsDeleted: deleted, vacuumed: vacuumed,
            bytesBefore: 13_000_000, bytesAfter: vacuumed ? 3_100_000 : 13_000_000, durationMilliseconds: 1_234)
    }

    static func report() -> MaintenanceReport {
        MaintenanceReport(
            isSound: true, problems: [], integrityText: "ok", retentionApplied: true, itemsDeleted: 20,
            retentionText: "20 items deleted", vacuumed: true, vacuumText: "done", bytesBefore: 13_000_000,
            bytesAfter: 3_100_000, sizeText: "13.0 MB before, 3.1 MB after", durationMilliseconds: 1_234,
            durationText: "1.2 s")
    }

    /// Two problems as SQLite words them; nothing deleted or rewritten.
    static func unsoundReport() -> MaintenanceReport {
        MaintenanceReport(
            isSound: false,
            problems: ["row 12 missing from index item_by_date", "item row 7 refers to a missing feed"],
            integrityText: "2 problems", retentionApplied: false, itemsDeleted: 0,
            retentionText: "skipped: the database has problems", vacuumed: false,
            vacuumText: "skipped: the database has problems", bytesBefore: 13_000_000, bytesAfter: 13_000_000,
            sizeText: "13.0 MB", durationMilliseconds: 85, durationText: "85 ms")
    }
}
