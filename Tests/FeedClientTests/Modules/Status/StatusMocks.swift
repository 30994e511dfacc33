import FeedEntities
import FeedIPC
import Foundation
@testable import FeedClient

final class StatusViewSpy: StatusView {
    private(set) var reports: [StatusReport] = []
    private(set) var failures: [CommandFailure] = []
    func showStatus(_ report: StatusReport) { reports.append(report) }
    func showFailure(_ failure: CommandFailure) { failures.append(failure) }
}

final class StatusUseCaseStub: StatusUseCase {
    var result: Result<DaemonStatus, any Error>
    init(_ result: Result<DaemonStatus, any Error>) { self.result = result }
    func status() async throws -> DaemonStatus { try result.get() }
}

enum StatusFixtures {
    /// Up for 3 h 12 min 5 s, refreshed 5 min ago, next refresh in 12 min.
    static func status(
        databasePath: String = "/home/ada/.local/share/tidings/tidings.sqlite", daemonVersion: String = "0.2.0",
        lastRefresh: Date? = Fixtures.now.addingTimeInterval(-300), nextRefresh: Date? = Fixtures.now.addingTimeInterval(720),
        refreshing: Bool = false, failing: Int = 2
    ) -> DaemonStatus {
        DaemonStatus(
            daemonVersion: daemonVersion, protocolVersion: "1.2", startedAt: Fixtures.now.addingTimeInterval(-11_525),
            feeds: 42, failingFeeds: failing, items: 12_345, unread: 120, starred: 4, lastRefresh: lastRefresh,
            nextRefresh: nextRefresh, refreshing: refreshing, databasePath: databasePath, databaseBytes: 12_400_000,
            schemaVersion: "v3")
    }

    static func report(databasePath: String = "/home/ada/.local/share/tidings/tidings.sqlite", failing: Int = 2) -> StatusReport {
        StatusReport(
            daemonVersion: "0.2.0", protocolVersion: "1.2", startedAt: "2026-11-22T06:47:55Z", uptimeSeconds: 11_525,
            uptimeText: "3 h 12 min", feeds: 42, failingFeeds: failing, items: 12_345, unread: 120, starred: 4,
            lastRefresh: "2026-11-22T09:55:00Z", lastRefreshText: "5 min ago", nextRefresh: "2026-11-22T10:12:00Z",
            nextRefreshText: "in 12 min", refreshing: false, databasePath: databasePath, databaseBytes: 12_400_000,
            databaseSizeText: "12.4 MB", schemaVersion: "v3")
    }
}
