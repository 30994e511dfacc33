#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities
import FeedIPC

/// The shell's daemon connections: one for `watch`, which stays open, and one for refreshes,
/// each on a thread of its own (`ThreadedDaemonClient`).
public final class ReaderInteractor: ReaderLiveUseCase {
    private let watcher: ThreadedDaemonClient
    private let refresher: ThreadedDaemonClient

    public init(watcher: ThreadedDaemonClient, refresher: ThreadedDaemonClient) {
        self.watcher = watcher
        self.refresher = refresher
    }

    public func connect() async throws {
        _ = try await refresher.hello()
    }

    public func watch(_ onNewItems: @escaping @Sendable ([Item]) -> Void) async throws {
        _ = try await watcher.request(RPC.Watch.self, Empty(), notices: RPC.Watch.NewItems.self) { notice in
            // An unreadable one is passed over: the screens ask for their items again at the
            // next notice, and the reader has no line to say it on.
            guard case .received(let newItems) = notice else { return }
            onNewItems(newItems.items)
        }
    }

    public func refresh(
        feeds: [Int64], progress: @escaping @Sendable (ReaderRefreshProgress) -> Void
    ) async throws -> ReaderRefreshSummary {
        let params = RPC.Refresh.Params(feeds: feeds.isEmpty ? nil : feeds.map(String.init))
        let result = try await refresher.request(RPC.Refresh.self, params, notices: RPC.Refresh.Progress.self) { notice in
            // Progress is a courtesy: an unreadable report is passed over, the answer still comes.
            guard case .received(let report) = notice else { return }
            progress(ReaderRefreshProgress(done: report.done, total: report.total, errors: report.errors))
        }
        return ReaderRefreshSummary(
            feeds: result.outcomes.count,
            newItems: result.outcomes.reduce(0) { $0 + $1.newItems },
            failedFeeds: result.outcomes.filter { $0.error != nil }.map(\.title))
    }
}
