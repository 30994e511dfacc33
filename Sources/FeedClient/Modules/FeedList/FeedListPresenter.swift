#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// Lists the feeds: maps each `Feed` to a `FeedRow`.
public final class FeedListPresenter: FeedListPresentation {
    private let view: any FeedListView
    private let interactor: any FeedListUseCase
    private let wireframe: any FeedListWireframe
    private let clock: any WallClock
    private let onlyFailing: Bool

    /// - Parameter onlyFailing: list only the feeds that are failing or gone (`--failing`).
    public init(
        view: any FeedListView, interactor: any FeedListUseCase, wireframe: any FeedListWireframe, clock: any WallClock,
        onlyFailing: Bool = false
    ) {
        self.view = view
        self.interactor = interactor
        self.wireframe = wireframe
        self.clock = clock
        self.onlyFailing = onlyFailing
    }

    // MARK: - FeedListPresentation

    public func viewDidLoad() async {
        do {
            let feeds = try await interactor.feeds()
            let now = clock.now
            let rows = feeds.map { row(for: $0, now: now) }
            if onlyFailing {
                view.showFeeds(
                    rows.filter { $0.health != .ok },
                    emptyNote: feeds.isEmpty ? "No feeds yet; add one with 'tidings subscribe URL'." : "Every feed is healthy.")
            } else {
                view.showFeeds(rows, emptyNote: "No feeds yet; add one with 'tidings subscribe URL'.")
            }
            wireframe.navigate(to: .exit(.success))
        } catch {
            let failure = CommandFailure(error, action: "cannot list the feeds")
            view.showFailure(failure)
            wireframe.navigate(to: .exit(failure.status))
        }
    }

    // MARK: - Mapping

    func row(for feed: Feed, now: Date) -> FeedRow {
        let offset = feed.lastRefreshed.map { clock.utcOffset(at: $0) } ?? 0
        let lastError = feed.lastError.flatMap { $0.isEmpty ? nil : $0 }
        let health: FeedHealth =
            if feed.goneSince != nil { .gone } else if feed.consecutiveFailures > 0 || lastError != nil { .failing } else { .ok }
        let nextCheck = health == .gone ? nil : feed.nextCheck
        return FeedRow(
            number: feed.id,
            title: feed.title,
            url: feed.url,
            siteLink: feed.siteLink,
            unread: feed.unreadCount,
            total: feed.itemCount,
            lastRefreshedText: DateText.relative(feed.lastRefreshed, now: now, offset: offset),
            lastRefreshed: feed.lastRefreshed.map(DateText.iso8601),
            lastError: lastError,
            health: health,
            consecutiveFailures: feed.consecutiveFailures,
            httpStatus: feed.httpStatus,
            nextCheckText: nextCheck.map { DateText.until($0, now: now) },
            nextCheck: nextCheck.map(DateText.iso8601),
            goneSince: feed.goneSince.map(DateText.iso8601))
    }
}
