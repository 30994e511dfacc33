#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities
import FeedIPC

extension SyncStatusReport {
    /// `status` as `sync` and `status` show it at `now`: times relative, with the local date
    /// and time beside them, since a sync is rarer than a refresh and its hour matters.
    public init(_ status: SyncStatus, now: Date, clock: any WallClock) {
        // A sync that began after the last one ended failed, or runs now: worth a line of its own.
        let unfinishedAttempt = status.lastAttempt.flatMap { attempt in
            (status.lastSync.map { attempt > $0 } ?? true) ? attempt : nil
        }
        let nextSyncText =
            if status.syncing { "syncing now" } else { status.nextSync.map { Self.until($0, now: now, clock: clock) } ?? "none" }
        self.init(
            service: status.service,
            url: status.url,
            user: status.user,
            lastSync: status.lastSync.map(DateText.iso8601),
            lastSyncText: status.lastSync.map { Self.ago($0, now: now, clock: clock) } ?? "never",
            lastAttempt: status.lastAttempt.map(DateText.iso8601),
            lastAttemptText: unfinishedAttempt.map { Self.ago($0, now: now, clock: clock) },
            lastError: status.lastError.flatMap { $0.isEmpty ? nil : $0 },
            nextSync: status.nextSync.map(DateText.iso8601),
            nextSyncText: nextSyncText,
            pending: status.pending,
            pendingText: status.pending == 0
                ? "none" : Counted.phrase(status.pending, "change") + (status.pending == 1 ? " waits" : " wait"),
            pendingErrors: status.pendingErrors,
            syncing: status.syncing,
            syncedFeeds: status.syncedFeeds,
            run: status.report.map(SyncRunReport.init))
    }

    /// `5 min ago (2026-11-22 10:55)`.
    private static func ago(_ date: Date, now: Date, clock: any WallClock) -> String {
        let offset = clock.utcOffset(at: date)
        return DateText.relative(date, now: now, offset: offset) + " (" + DateText.local(date, offset: offset) + ")"
    }

    /// `in 12 min (2026-11-22 11:12)`; `now` once it has come.
    private static func until(_ date: Date, now: Date, clock: any WallClock) -> String {
        let until = DateText.until(date, now: now)
        return until == "now" ? until : until + " (" + DateText.local(date, offset: clock.utcOffset(at: date)) + ")"
    }
}

extension SyncRunReport {
    /// What `report` says, for people too.
    public init(_ report: SyncReport) {
        var pushedText = report.pushed == 0 && report.failed == 0 ? "none" : Counted.phrase(report.pushed, "change")
        if report.failed > 0 { pushedText += "; \(report.failed) failed and " + (report.failed == 1 ? "waits" : "wait") }
        self.init(
            pushed: report.pushed,
            failed: report.failed,
            pushedText: pushedText,
            feedsAdded: report.feedsAdded,
            feedsLinked: report.feedsLinked,
            feedsRemoved: report.feedsRemoved,
            feedsText: "\(report.feedsAdded) added, \(report.feedsLinked) linked, \(report.feedsRemoved) removed",
            newItems: report.newItems,
            statesChanged: report.statesChanged,
            milliseconds: Int64(report.milliseconds),
            durationText: RunMaintenancePresenter.duration(milliseconds: Int64(report.milliseconds)))
    }
}
