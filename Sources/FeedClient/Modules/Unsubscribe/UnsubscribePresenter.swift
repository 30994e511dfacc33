import FeedEntities

/// Removes the feeds named, one after another, and phrases each outcome: one that cannot be
/// removed is said and the others are removed all the same.
public final class UnsubscribePresenter {
    private let selectors: [String]
    private let deleteStarred: Bool
    private let view: any UnsubscribeView
    private let interactor: any UnsubscribeUseCase
    private let clock: any WallClock

    public init(
        selectors: [String], deleteStarred: Bool = false, view: any UnsubscribeView, interactor: any UnsubscribeUseCase,
        clock: any WallClock
    ) {
        self.selectors = selectors
        self.deleteStarred = deleteStarred
        self.view = view
        self.interactor = interactor
        self.clock = clock
    }

    // MARK: - Events

    public func viewDidLoad() async -> ExitStatus {
        var status = ExitStatus.success
        for selector in selectors {
            do {
                let result = try await interactor.unsubscribe(from: selector, deleteStarred: deleteStarred)
                view.showUnsubscribed(
                    Self.confirmation(for: result), feed: FeedRow(result.feed, now: clock.now, clock: clock),
                    deleted: result.deletedItems, kept: result.keptItems)
            } catch {
                let failure = CommandFailure(error, action: "cannot unsubscribe from '\(selector)'")
                view.showFailure(failure)
                // The first failure decides the status; a daemon gone is not worth going on.
                if status == .success { status = failure.status }
                if failure.status == .daemonUnreachable { break }
            }
        }
        return status
    }

    // MARK: - Mapping

    /// `Unsubscribed from "Planet Terminal" (3 items deleted)`, and when starred items were
    /// kept, `(18 items deleted, 2 starred items kept; --delete-starred deletes them too)`.
    static func confirmation(for result: FeedRemoval) -> String {
        let deleted = "\(Counted.phrase(result.deletedItems, "item")) deleted"
        guard result.keptItems > 0 else { return "Unsubscribed from \"\(result.feed.title)\" (\(deleted))" }
        let kept = "\(Counted.phrase(result.keptItems, "starred item")) kept"
        return "Unsubscribed from \"\(result.feed.title)\" (\(deleted), \(kept); "
            + "--delete-starred deletes \(result.keptItems == 1 ? "it" : "them") too)"
    }
}
