import FeedEntities
import FeedIPC

/// Removes one feed and phrases the outcome.
public final class UnsubscribePresenter: UnsubscribePresentation {
    private let selector: String
    private let deleteStarred: Bool
    private let view: any UnsubscribeView
    private let interactor: any UnsubscribeUseCase
    private let clock: any WallClock

    public init(
        selector: String, deleteStarred: Bool = false, view: any UnsubscribeView, interactor: any UnsubscribeUseCase,
        clock: any WallClock
    ) {
        self.selector = selector
        self.deleteStarred = deleteStarred
        self.view = view
        self.interactor = interactor
        self.clock = clock
    }

    // MARK: - UnsubscribePresentation

    public func viewDidLoad() async -> ExitStatus {
        do {
            let result = try await interactor.unsubscribe(from: selector, deleteStarred: deleteStarred)
            view.showUnsubscribed(
                Self.confirmation(for: result), feed: FeedRow(result.feed, now: clock.now, clock: clock),
                deleted: result.deletedItems, kept: result.keptItems)
            return .success
        } catch {
            let failure = CommandFailure(error, action: "cannot unsubscribe from '\(selector)'")
            view.showFailure(failure)
            return failure.status
        }
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
