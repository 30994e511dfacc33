import FeedEntities

/// Lists items: maps each `Item` to an `ItemRow`, keeping the daemon's newest-first order.
///
/// On a terminal without `--limit`, lists one screen: it asks for one item more than fits, so
/// that it can say when more exist without a second request.
public final class ItemListPresenter {
    private let query: ItemListQuery
    private let screenLimit: Int?
    private let view: any ItemListView
    private let interactor: any ItemListUseCase
    private let mapper: ItemRowMapper

    /// - Parameter screenLimit: how many items fit on the screen when the query has no limit;
    ///   `nil` lists everything (piped and JSON output).
    public init(
        query: ItemListQuery, screenLimit: Int? = nil, view: any ItemListView, interactor: any ItemListUseCase,
        clock: any WallClock
    ) {
        self.query = query
        self.screenLimit = screenLimit
        self.view = view
        self.interactor = interactor
        self.mapper = ItemRowMapper(clock: clock)
    }

    // MARK: - Events

    public func viewDidLoad() async -> ExitStatus {
        let screen = query.limit == nil ? screenLimit : nil
        var request = query
        if let screen { request.limit = screen + 1 }
        do {
            var items = try await interactor.items(matching: request)
            var more = false
            if let screen, items.count > screen {
                items.removeLast(items.count - screen)
                more = true
            }
            view.showItems(items.map(mapper.row(for:)), emptyNote: "No \(selection).")
            if more, let screen {
                view.showNote("Showing the newest \(screen) \(selection); use --limit N to see more.")
            }
            return .success
        } catch {
            let failure = await FeedSelectorHint.hinted(
                CommandFailure(error, action: "cannot list items"), for: error, feed: query.feed, tag: interactor.tag(like:))
            view.showFailure(failure)
            return failure.status
        }
    }

    // MARK: - Notes

    /// What the query selects, for notes: `unread items tagged 'linux' in the last 2 days`.
    var selection: String {
        var text = query.starredOnly ? "starred items" : query.includeRead ? "items" : "unread items"
        if let feed = query.feed { text += " in '\(feed)'" }
        if let tag = query.tag { text += " tagged '\(tag)'" }
        if let search = query.search { text += " matching '\(search)'" }
        if let filter = query.filter { text += " where '\(filter)'" }
        if let since = query.since { text += " " + since.description }
        return text
    }
}
