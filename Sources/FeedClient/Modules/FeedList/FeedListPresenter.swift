#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// Lists the feeds: maps each `Feed` to a `FeedRow`.
public final class FeedListPresenter {
    private let view: any FeedListView
    private let interactor: any FeedListUseCase
    private let clock: any WallClock
    private let onlyFailing: Bool
    private let tag: String?

    /// - Parameters:
    ///   - onlyFailing: list only the feeds that are failing or gone (`--failing`).
    ///   - tag: list only the feeds with this tag (`--tag`).
    public init(
        view: any FeedListView, interactor: any FeedListUseCase, clock: any WallClock,
        onlyFailing: Bool = false, tag: String? = nil
    ) {
        self.view = view
        self.interactor = interactor
        self.clock = clock
        self.onlyFailing = onlyFailing
        self.tag = tag
    }

    // MARK: - Events

    public func viewDidLoad() async -> ExitStatus {
        do {
            let feeds = try await interactor.feeds(tagged: tag)
            let now = clock.now
            let rows = feeds.map { row(for: $0, now: now) }
            if onlyFailing {
                view.showFeeds(rows.filter { $0.health != .ok }, emptyNote: feeds.isEmpty ? noFeedsNote : healthyNote)
            } else {
                view.showFeeds(rows, emptyNote: noFeedsNote)
            }
            return .success
        } catch {
            let failure = CommandFailure(error, action: "cannot list the feeds")
            view.showFailure(failure)
            return failure.status
        }
    }

    // MARK: - Mapping

    func row(for feed: Feed, now: Date) -> FeedRow {
        FeedRow(feed, now: now, clock: clock)
    }

    var noFeedsNote: String {
        tag.map { "No feeds tagged '\($0)'." } ?? "No feeds yet; add one with 'tidings subscribe URL'."
    }

    var healthyNote: String {
        tag.map { "Every feed tagged '\($0)' is healthy." } ?? "Every feed is healthy."
    }
}
