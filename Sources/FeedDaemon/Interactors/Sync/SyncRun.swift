import FeedEntities
import FeedIPC
import FeedStorage
import FeedSync
import Foundation
import Logging

/// One sync with the service: the queued local changes first, then the service's
/// subscriptions, entries and states, then what that brought to push (rules' changes, local
/// changes that won). Stops at the first failure of the service; what was stored stays
/// stored, the queue keeps what was not pushed, and the cursor moves only at the end.
struct SyncRun: Sendable {
    let service: any SyncService
    let store: any SyncStore
    let rules: RuleSet
    let full: Bool
    let now: @Sendable () -> Date
    let logger: Logger

    /// - Returns: what the sync did and the cursor for the next one.
    /// - Throws: `SyncError` from the service, the store's errors, `CancellationError`.
    func perform(cursor: String?) async throws -> (report: SyncReport, cursor: String) {
        var report = SyncReport()
        var phases = SyncPhases()
        let pusher = SyncPusher(service: service, store: store, now: now, logger: logger)
        try await pusher.push(into: &report)
        phases.end("push")

        let subscriptions = Self.webSubscriptions(try await service.subscriptions(), logger: logger).map {
            SyncSubscription(remoteID: $0.id, url: $0.url, title: $0.title, siteLink: $0.siteLink, categories: $0.categories)
        }
        phases.end("subscriptions")
        let applied = try await store.applySubscriptions(subscriptions, at: now())
        phases.end("store subscriptions")
        report.feedsAdded = applied.added.count
        report.feedsLinked = applied.linked.count
        report.feedsRemoved = applied.removed.count

        var newItems = 0, statesChanged = 0
        // Each page is stored while the next one downloads: one store at a time, in order.
        var storing: Task<SyncedItemsStored, any Error>?
        func count(_ stored: SyncedItemsStored) {
            newItems += stored.new
            statesChanged += stored.statesChanged
        }
        let next: String
        do {
            next = try await service.entries(since: full ? nil : cursor) { page in
                let items = page.entries.map {
                    SyncedItem(remoteID: $0.id, remoteFeedID: $0.subscriptionID, item: $0.item, read: $0.read, starred: $0.starred)
                }
                if let previous = storing { count(try await previous.value) }
                let (store, rules, now) = (store, rules, now)
                storing = Task { try await store.storeSyncedItems(items, rules: rules, at: now()) }
            }
            if let last = storing { count(try await last.value) }
        } catch {
            // What was handed over is stored before the failure is told.
            if let last = storing { _ = try? await last.value }
            throw error
        }
        phases.end("entries")
        if let states = try await service.states() {
            phases.end("states")
            statesChanged += try await store.applySyncStates(unread: states.unread, starred: states.starred)
            phases.end("store states")
        }
        report.newItems = newItems
        report.statesChanged = statesChanged
        try await pusher.push(into: &report)
        phases.end("push")
        logger.debug("sync phases: \(phases.summary)")
        return (report, next)
    }
}

extension SyncRun {
    /// The service's subscriptions to http and https feeds; any other (`exec:…`, `filter:…`,
    /// `file:…`, a bare word) is left out and logged. What a service answers is data: a feed it
    /// names as a command would be stored as a command feed and run as the user the day sync is
    /// turned off or the service changed. Left out, such a subscription is one this daemon does
    /// not have, as if it were of a format it cannot read.
    static func webSubscriptions(_ subscriptions: [RemoteSubscription], logger: Logger) -> [RemoteSubscription] {
        subscriptions.filter { subscription in
            guard !FeedAddress.isWebURL(subscription.url) else { return true }
            logger.warning(
                "sync: skipped the service's subscription \(subscription.id): only http and https feeds are taken from a service",
                metadata: ["url": "\(TextLimit.quotable(subscription.url))"])
            return false
        }
    }

}

/// How long each phase of a sync took, for the debug log.
struct SyncPhases {
    private var last = ContinuousClock.now
    private var ended: [(String, Duration)] = []

    mutating func end(_ phase: String) {
        let now = ContinuousClock.now
        ended.append((phase, now - last))
        last = now
    }

    var summary: String {
        ended.map { "\($0.0) \(Int($0.1 / .milliseconds(1))) ms" }.joined(separator: ", ")
    }
}
