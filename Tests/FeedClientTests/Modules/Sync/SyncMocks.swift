import FeedEntities
import FeedIPC
import Foundation
@testable import FeedClient

final class SyncViewSpy: SyncView {
    private(set) var reports: [SyncStatusReport] = []
    private(set) var notConfigured: [(note: String, report: SyncStatusReport)] = []
    private(set) var failures: [CommandFailure] = []
    func showStatus(_ report: SyncStatusReport) { reports.append(report) }
    func showNotConfigured(_ note: String, report: SyncStatusReport) { notConfigured.append((note, report)) }
    func showFailure(_ failure: CommandFailure) { failures.append(failure) }
}

final class SyncUseCaseStub: SyncUseCase {
    var syncResult: Result<SyncStatus, any Error>
    var statusResult: Result<SyncStatus, any Error>
    var path: String?
    private(set) var syncs: [Bool] = []
    private(set) var statusReads = 0

    init(
        sync: Result<SyncStatus, any Error> = .success(SyncFixtures.status(report: SyncFixtures.syncReport())),
        status: Result<SyncStatus, any Error> = .success(SyncFixtures.status()), configPath: String? = nil
    ) {
        syncResult = sync
        statusResult = status
        path = configPath
    }

    func sync(full: Bool) async throws -> SyncStatus {
        syncs.append(full)
        return try syncResult.get()
    }

    func status() async throws -> SyncStatus {
        statusReads += 1
        return try statusResult.get()
    }

    func configPath() async -> String? { path }
}

enum SyncFixtures {
    /// miniflux, synced 5 min ago, next in 10 min, 3 changes waiting (2 refused), 12 synced feeds.
    static func status(
        lastSync: Date? = Fixtures.now.addingTimeInterval(-300), lastAttempt: Date? = Fixtures.now.addingTimeInterval(-305),
        lastError: String? = nil, nextSync: Date? = Fixtures.now.addingTimeInterval(600), pending: Int = 3,
        syncing: Bool = false, report: SyncReport? = nil
    ) -> SyncStatus {
        SyncStatus(
            service: "miniflux", url: "https://rss.example.org", user: "ada", lastSync: lastSync, lastAttempt: lastAttempt,
            lastError: lastError, nextSync: nextSync, pending: pending, pendingErrors: ["2 refused: HTTP 404 Not Found"],
            syncing: syncing, syncedFeeds: 12, report: report)
    }

    /// 5 changes pushed and 1 refused, 2 feeds added and 1 linked, 42 new items, 17 states, 1.2 s.
    static func syncReport() -> SyncReport {
        SyncReport(
            pushed: 5, failed: 1, feedsAdded: 2, feedsLinked: 1, feedsRemoved: 0, newItems: 42, statesChanged: 17,
            milliseconds: 1_234)
    }

    /// `status()` as the View gets it; with what `syncReport()` did when `run`.
    static func report(run: Bool = false) -> SyncStatusReport {
        SyncStatusReport(
            service: "miniflux", url: "https://rss.example.org", user: "ada", lastSync: "2026-11-22T09:55:00Z",
            lastSyncText: "5 min ago (2026-11-22 09:55)", lastAttempt: "2026-11-22T09:54:55Z", lastAttemptText: nil,
            lastError: nil, nextSync: "2026-11-22T10:10:00Z", nextSyncText: "in 10 min (2026-11-22 10:10)", pending: 3,
            pendingText: "3 changes wait", pendingErrors: ["2 refused: HTTP 404 Not Found"], syncing: false,
            syncedFeeds: 12, run: run ? runReport() : nil)
    }

    static func runReport() -> SyncRunReport {
        SyncRunReport(
            pushed: 5, failed: 1, pushedText: "5 changes; 1 failed and waits", feedsAdded: 2, feedsLinked: 1,
            feedsRemoved: 0, feedsText: "2 added, 1 linked, 0 removed", newItems: 42, statesChanged: 17,
            milliseconds: 1_234, durationText: "1.2 s")
    }
}
