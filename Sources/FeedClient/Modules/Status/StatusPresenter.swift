#if canImport(FoundationEssentials)
import FeedEntities
import FoundationEssentials
#else
import Foundation
#endif

/// Shows the daemon's status: maps `DaemonStatus` to a `StatusReport` with human durations,
/// relative times and sizes.
public final class StatusPresenter {
    private let view: any StatusView
    private let interactor: any StatusUseCase
    private let clock: any WallClock

    public init(view: any StatusView, interactor: any StatusUseCase, clock: any WallClock) {
        self.view = view
        self.interactor = interactor
        self.clock = clock
    }

    // MARK: - Events

    public func viewDidLoad() async -> ExitStatus {
        do {
            let status = try await interactor.status()
            view.showStatus(report(for: status))
            // A damaged database is a failure of the daemon's, whatever else the status says.
            return status.damage == nil ? .success : .failure
        } catch {
            let failure = CommandFailure(error, action: "cannot read the daemon's status")
            view.showFailure(failure)
            return failure.status
        }
    }

    // MARK: - Mapping

    func report(for status: DaemonStatus) -> StatusReport {
        let now = clock.now
        let uptime = max(0, Int64(now.timeIntervalSince(status.startedAt).rounded(.down)))
        let offset = status.lastRefresh.map { clock.utcOffset(at: $0) } ?? 0
        let nextRefreshText =
            if status.refreshing { "refreshing now" } else { status.nextRefresh.map { DateText.until($0, now: now) } ?? "none" }
        return StatusReport(
            daemonVersion: status.daemonVersion,
            protocolVersion: status.protocolVersion,
            startedAt: DateText.iso8601(status.startedAt),
            uptimeSeconds: uptime,
            uptimeText: DateText.duration(uptime),
            feeds: status.feeds,
            failingFeeds: status.failingFeeds,
            items: status.items,
            unread: status.unread,
            starred: status.starred,
            lastRefresh: status.lastRefresh.map(DateText.iso8601),
            lastRefreshText: DateText.relative(status.lastRefresh, now: now, offset: offset),
            nextRefresh: status.nextRefresh.map(DateText.iso8601),
            nextRefreshText: nextRefreshText,
            refreshing: status.refreshing,
            databasePath: status.databasePath,
            databaseBytes: status.databaseBytes,
            databaseSizeText: Self.byteCount(status.databaseBytes),
            schemaVersion: status.schemaVersion,
            configPath: status.configPath,
            reloadFailure: status.reloadFailure.map { failure in
                ReloadFailureReport(
                    at: DateText.iso8601(failure.at),
                    atText: DateText.relative(failure.at, now: now, offset: clock.utcOffset(at: failure.at)),
                    error: failure.error)
            },
            storage: status.storage.map { storage in
                StorageFailureReport(
                    since: DateText.iso8601(storage.since),
                    sinceText: DateText.compact(storage.since, now: now, offset: clock.utcOffset(at: storage.since)),
                    error: storage.error, feeds: storage.feeds)
            },
            sync: status.sync.map { SyncStatusReport($0, now: now, clock: clock) },
            damage: status.damage.map { damage in
                DatabaseDamageReport(
                    problems: damage.problems, backups: damage.backups, restoreCommand: damage.restoreCommand,
                    counted: damage.counted)
            },
            imageCache: status.imageCache)
    }

    /// `512 B`, `12.4 MB`, `124 MB`, `1.5 GB`: decimal units, one decimal below 100.
    static func byteCount(_ bytes: Int64) -> String {
        guard bytes >= 1000 else { return "\(max(0, bytes)) B" }
        var unit: Int64 = 1000
        for name in ["kB", "MB", "GB", "TB"] {
            // Rounded first, so that 999,960 bytes reads "1.0 MB", never "1000 kB".
            let tenths = (bytes * 10 + unit / 2) / unit
            if tenths < 1000 { return "\(tenths / 10).\(tenths % 10) \(name)" }
            let whole = (bytes + unit / 2) / unit
            if whole < 1000 || name == "TB" { return "\(whole) \(name)" }
            unit *= 1000
        }
        return "\(bytes) B"
    }
}
