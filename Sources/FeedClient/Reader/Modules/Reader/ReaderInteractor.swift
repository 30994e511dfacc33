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
        let decoder = WireCoding.makeDecoder()
        _ = try await watcher.request(RPC.Watch.self, Empty()) { line in
            guard let notification = try? decoder.decode(RPCIncomingNotification<RPC.Watch.NewItems>.self, from: line),
                  notification.method == RPC.Watch.NewItems.method
            else { return }
            onNewItems(notification.params.items)
        }
    }

    public func refresh(
        feeds: [Int64], progress: @escaping @Sendable (ReaderRefreshProgress) -> Void
    ) async throws -> ReaderRefreshSummary {
        let decoder = WireCoding.makeDecoder()
        let params = RPC.Refresh.Params(feeds: feeds.isEmpty ? nil : feeds.map(String.init))
        let result = try await refresher.request(RPC.Refresh.self, params) { line in
            guard let notification = try? decoder.decode(RPCIncomingNotification<RPC.Refresh.Progress>.self, from: line),
                  notification.method == RPC.Refresh.Progress.method
            else { return }
            let report = notification.params
            progress(ReaderRefreshProgress(done: report.done, total: report.total, errors: report.errors))
        }
        return ReaderRefreshSummary(
            feeds: result.outcomes.count,
            newItems: result.outcomes.reduce(0) { $0 + $1.newItems },
            failedFeeds: result.outcomes.filter { $0.error != nil }.map(\.title))
    }
}
