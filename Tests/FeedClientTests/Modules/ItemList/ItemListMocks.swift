import FeedEntities
@testable import FeedClient

final class ItemListViewSpy: ItemListView {
    private(set) var shown: [(rows: [ItemRow], emptyNote: String)] = []
    private(set) var failures: [CommandFailure] = []
    func showItems(_ rows: [ItemRow], emptyNote: String) { shown.append((rows, emptyNote)) }
    func showFailure(_ failure: CommandFailure) { failures.append(failure) }
}

final class ItemListUseCaseStub: ItemListUseCase {
    var result: Result<[Item], any Error>
    private(set) var queries: [ItemListQuery] = []
    init(_ result: Result<[Item], any Error>) { self.result = result }
    func items(matching query: ItemListQuery) async throws -> [Item] {
        queries.append(query)
        return try result.get()
    }
}

final class ItemListWireframeSpy: ItemListWireframe {
    private(set) var routes: [ItemListRoute] = []
    func navigate(to route: ItemListRoute) { routes.append(route) }
}

extension ItemRow {
    static func fixture(
        _ number: Int64, title: String = "Tiling window managers, revisited", feed: String = "Planet Terminal",
        localDate: String = "2026-11-21 19:30", isRead: Bool = false, link: String? = "https://planet.example.org/tiling"
    ) -> ItemRow {
        ItemRow(
            number: number, isRead: isRead, title: title, displayTitle: title.isEmpty ? "(no title)" : title,
            link: link, feedTitle: feed, feedNumber: 1, author: nil, localDate: localDate,
            date: "2026-11-21T18:30:00Z", published: "2026-11-21T18:30:00Z")
    }
}
