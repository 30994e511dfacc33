import FeedEntities

/// Renames one feed, or gives it back its document's title, and phrases the outcome.
public final class RenameFeedPresenter {
    private let selector: String
    private let title: String?
    private let view: any RenameFeedView
    private let interactor: any RenameFeedUseCase
    private let clock: any WallClock

    /// - Parameter title: the new title; `nil` returns to the document's (`--reset`).
    public init(
        selector: String, title: String?, view: any RenameFeedView, interactor: any RenameFeedUseCase,
        clock: any WallClock
    ) {
        self.selector = selector
        self.title = title
        self.view = view
        self.interactor = interactor
        self.clock = clock
    }

    // MARK: - Events

    public func viewDidLoad() async -> ExitStatus {
        do {
            let feed = try await interactor.rename(feed: selector, to: title)
            view.showRenamed(
                Self.confirmation(for: feed, reset: title == nil), feed: FeedRow(feed, now: clock.now, clock: clock))
            return .success
        } catch {
            let failure = CommandFailure(error, action: "cannot rename '\(selector)'")
            view.showFailure(failure)
            return failure.status
        }
    }

    // MARK: - Mapping

    /// The words of `tidings rename FEED TITLE…` joined by one space, each trimmed; `nil` when
    /// nothing but white space was given (which the daemon would read as "reset").
    public static func title(joining words: [String]) -> String? {
        let words = words.map { $0.trimmingWhitespace }.filter { !$0.isEmpty }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// `Renamed feed 3 to "New title"`; after `--reset`, `Renamed feed 3 back to "Title"
    /// (the feed's own title)`.
    static func confirmation(for feed: Feed, reset: Bool) -> String {
        reset
            ? "Renamed feed \(feed.id) back to \"\(feed.title)\" (the feed's own title)"
            : "Renamed feed \(feed.id) to \"\(feed.title)\""
    }
}
