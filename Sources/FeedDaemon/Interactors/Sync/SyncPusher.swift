import FeedEntities
import FeedIPC
import FeedStorage
import FeedSync
import Foundation
import Logging

/// Tells the service the queued local changes, oldest first: item states in batches (one call
/// per flag and value), subscription changes one at a time. A change the service took goes
/// off the queue; one it refused waits, put off with growing pauses, its reason shown by
/// `tidings sync --status`; one about something the service no longer has, or that its API
/// cannot make, goes (the change stays made here). A service that cannot be reached ends the
/// push and the sync with the queue as it is.
struct SyncPusher: Sendable {
    /// Changes read from the queue at a time.
    static let batch = 1000
    /// The pause after a refusal doubles from this, up to a day.
    static let firstPause: TimeInterval = 300
    static let longestPause: TimeInterval = 86_400

    let service: any SyncService
    let store: any SyncStore
    let now: @Sendable () -> Date
    let logger: Logger

    /// - Throws: the service's `SyncError` when it cannot be reached or refuses the
    ///   credentials (the changes not pushed stay queued); the store's errors.
    func push(into report: inout SyncReport) async throws {
        var feeds: [Int64: SyncFeed]?
        var seen = Set<Int64>()
        while true {
            try Task.checkCancellation()
            let changes = try await store.pendingSyncChanges(dueAt: now(), limit: Self.batch).filter { !seen.contains($0.id) }
            guard !changes.isEmpty else { return }
            seen.formUnion(changes.map(\.id))
            for (key, group) in Self.itemBatches(changes) {
                let entries = group.compactMap(\.remoteID)
                try await deliver(group, into: &report) {
                    switch key.kind {
                    case .read: try await service.setRead(key.value, entries: entries)
                    default: try await service.setStarred(key.value, entries: entries)
                    }
                }
            }
            for change in changes where change.kind != .read && change.kind != .starred {
                if feeds == nil { feeds = Dictionary(uniqueKeysWithValues: try await store.syncFeeds().map { ($0.id, $0) }) }
                let feed = change.feedID.flatMap { feeds?[$0] }
                try await deliver([change], into: &report) { try await pushFeedChange(change, feed: feed) }
            }
        }
    }

    /// Read and starred changes grouped by flag and value, in the order they came.
    private static func itemBatches(_ changes: [PendingSyncChange]) -> [(key: (kind: PendingSyncChange.Kind, value: Bool), [PendingSyncChange])] {
        var groups: [(key: (kind: PendingSyncChange.Kind, value: Bool), [PendingSyncChange])] = []
        for change in changes where change.kind == .read || change.kind == .starred {
            let value = change.value ?? false
            if let index = groups.firstIndex(where: { $0.key.kind == change.kind && $0.key.value == value }) {
                groups[index].1.append(change)
            } else {
                groups.append(((change.kind, value), [change]))
            }
        }
        return groups
    }

    /// Runs one call for `changes` and files them by its outcome.
    private func deliver(
        _ changes: [PendingSyncChange], into report: inout SyncReport, _ call: () async throws -> Void
    ) async throws {
        do {
            try await call()
            try await store.finishSyncChanges(changes)
            report.pushed += changes.count
        } catch let error as SyncError {
            switch error {
            case .notFound, .unsupported:
                logger.notice("the service cannot take \(Counted.phrase(changes.count, "change")): \(error)")
                try await store.finishSyncChanges(changes)
                report.failed += changes.count
            case .refused:
                let attempts = changes.map(\.attempts).max() ?? 0
                let pause = min(Self.longestPause, Self.firstPause * pow(2, Double(min(attempts, 16))))
                logger.warning("the service refused \(Counted.phrase(changes.count, "change")): \(error)")
                try await store.postponeSyncChanges(changes, reason: error.description, until: now().addingTimeInterval(pause))
                report.failed += changes.count
            default:
                throw error
            }
        }
    }

    private func pushFeedChange(_ change: PendingSyncChange, feed: SyncFeed?) async throws {
        switch change.kind {
        case .unsubscribe:
            guard let remote = change.remoteID else { return }
            try await service.unsubscribe(remote)
        case .subscribe:
            // A feed unsubscribed from meanwhile has nothing to subscribe.
            guard let feed, feed.remoteID == nil else { return }
            // A command feed is this machine's program and its arguments, which may hold
            // secrets: a service could not fetch it anyway, and it is never sent there.
            guard !FeedAddress.isCommand(feed.url) else {
                logger.info("sync: command feed \(feed.id) stays local: only http and https feeds go to the service")
                return
            }
            let subscription = try await service.subscribe(url: feed.url, title: feed.customTitle, categories: feed.tags)
            try await store.linkFeed(
                id: feed.id,
                to: SyncSubscription(
                    remoteID: subscription.id, url: subscription.url, title: subscription.title, siteLink: subscription.siteLink,
                    categories: subscription.categories))
        case .title:
            guard let feed, let remote = feed.remoteID else { return }
            try await service.edit(remote, title: feed.customTitle ?? feed.title, categories: nil)
        case .tags:
            guard let feed, let remote = feed.remoteID, let categories = categories(for: feed) else { return }
            try await service.edit(remote, title: nil, categories: categories)
        case .read, .starred:
            return
        }
    }

    /// The categories a feed's tags make on the service: all of them where a feed may have
    /// several; else the one it has if it is still a tag, or the first tag; `nil` when nothing
    /// changes (a feed without tags keeps its one category).
    private func categories(for feed: SyncFeed) -> [String]? {
        if service.capabilities.multipleCategories { return feed.tags }
        let tags = Set(feed.tags.map { $0.lowercased() })
        if let current = feed.remoteCategories.first, tags.contains(current.lowercased()) { return nil }
        return feed.tags.first.map { [$0] }
    }
}
