import FeedEntities

/// Lists items: maps each `Item` to an `ItemRow`, keeping the daemon's newest-first order.
public final class ItemListPresenter: ItemListPresentation {
    private let query: ItemListQuery
    private let view: any ItemListView
    private let interactor: any ItemListUseCase
    private let wireframe: any ItemListWireframe
    private let clock: any WallClock

    public init(
        query: ItemListQuery, view: any ItemListView, interactor: any ItemListUseCase,
        wireframe: any ItemListWireframe, clock: any WallClock
    ) {
        self.query = query
        self.view = view
        self.interactor = interactor
        self.wireframe = wireframe
        self.clock = clock
    }

    // MARK: - ItemListPresentation

    public func viewDidLoad() async {
        do {
            let items = try await interactor.items(matching: query)
            view.showItems(items.map(row(for:)), emptyNote: emptyNote)
            wireframe.navigate(to: .exit(.success))
        } catch {
            let failure = CommandFailure(error, action: "cannot list items")
            view.showFailure(failure)
            wireframe.navigate(to: .exit(failure.status))
        }
    }

    // MARK: - Mapping

    func row(for item: Item) -> ItemRow {
        let title = item.title ?? ""
        let date = item.displayDate
        return ItemRow(
            number: item.id,
            isRead: item.isRead,
            title: title,
            displayTitle: title.allSatisfy(\.isWhitespace) ? "(no title)" : title,
            link: item.link.flatMap { $0.isEmpty ? nil : $0 },
            feedTitle: item.feedTitle,
            feedNumber: item.feedID,
            author: item.author.flatMap { $0.isEmpty ? nil : $0 },
            localDate: DateText.local(date, offset: clock.utcOffset(at: date)),
            date: DateText.iso8601(date),
            published: item.published.map(DateText.iso8601))
    }

    var emptyNote: String {
        let items = query.includeRead ? "No items" : "No unread items"
        return query.feed.map { "\(items) in '\($0)'." } ?? "\(items)."
    }
}
