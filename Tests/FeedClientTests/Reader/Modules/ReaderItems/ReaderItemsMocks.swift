import FeedEntities
import FeedIPC
@testable import FeedClient

@MainActor
final class ReaderItemsViewSpy: ReaderItemsView {
    var listRows = 10
    private(set) var shown: [ReaderItemsModel] = []
    var last: ReaderItemsModel? { shown.last }
    func show(_ model: ReaderItemsModel) { shown.append(model) }
}

/// A listing held in memory, paged as the daemon pages it (`items.list`'s anchors and
/// positions), recording what was asked for.
@MainActor
final class ReaderItemsUseCaseFake: ReaderItemsUseCase {
    /// The listing, newest first.
    var listing: [Item]
    /// The listings of other feeds, by number, for going from feed to feed; a feed not here
    /// lists `listing`.
    var feedListings: [Int64: [Item]] = [:]
    /// The source of each of `requests`.
    private(set) var requestedSources: [ItemSource] = []
    /// The order listings come in: `.title` sorts `listing` by title here, as the daemon would.
    var order = ItemOrder.date
    private(set) var requests: [(anchor: ItemPageAnchor, limit: Int, unreadOnly: Bool)] = []
    /// How many of `requests` asked for the position too (`page` rather than `items`).
    private(set) var positioned = 0
    private(set) var readChanges: [([Int64], Bool)] = []
    private(set) var starChanges: [(Int64, Bool)] = []
    private(set) var markedAllRead: [ItemSource] = []

    init(count: Int) {
        listing = (0..<count).map { Fixtures.item(Int64(count - $0), title: "Item \(count - $0)") }
    }

    func page(of source: ItemSource, from anchor: ItemPageAnchor, limit: Int, unreadOnly: Bool) async throws -> ReaderItemsPage {
        positioned += 1
        return try listed(source, from: anchor, limit: limit, unreadOnly: unreadOnly)
    }

    func items(of source: ItemSource, from anchor: ItemPageAnchor, limit: Int, unreadOnly: Bool) async throws -> [Item] {
        try listed(source, from: anchor, limit: limit, unreadOnly: unreadOnly).items
    }

    private func listed(_ source: ItemSource, from anchor: ItemPageAnchor, limit: Int, unreadOnly: Bool) throws -> ReaderItemsPage {
        requests.append((anchor, limit, unreadOnly))
        requestedSources.append(source)
        var listing = self.listing
        if case .feed(let number, _) = source, let other = feedListings[number] { listing = other }
        if order == .title { listing.sort { ($0.title ?? "", $0.id) < ($1.title ?? "", $1.id) } }
        let rows = unreadOnly ? listing.filter { !$0.isRead } : listing
        func position(of number: Int64) throws -> Int {
            guard let index = listing.firstIndex(where: { $0.id == number }) else {
                throw RPCError(code: RPCErrorCode.notFound.rawValue, message: "no item \(number)")
            }
            // Where it is, or would be, among `rows`.
            return rows.firstIndex { row in listing.firstIndex(where: { $0.id == row.id })! >= index } ?? rows.count
        }
        let range: Range<Int>
        switch anchor {
        case .top: range = 0..<min(limit, rows.count)
        case .end: range = max(0, rows.count - limit)..<rows.count
        case .after(let number):
            var start = try position(of: number)
            if start < rows.count, rows[start].id == number { start += 1 }
            range = start..<min(rows.count, start + limit)
        case .before(let number):
            let end = try position(of: number)
            range = max(0, end - limit)..<end
        }
        return ReaderItemsPage(items: Array(rows[range]), offset: range.lowerBound, total: rows.count)
    }

    func setRead(_ numbers: [Int64], read: Bool) async throws {
        readChanges.append((numbers, read))
        for number in numbers { if let index = listing.firstIndex(where: { $0.id == number }) { listing[index].isRead = read } }
    }

    func setStarred(_ number: Int64, starred: Bool) async throws {
        starChanges.append((number, starred))
    }

    func markAllRead(of source: ItemSource) async throws -> Int {
        markedAllRead.append(source)
        return listing.count
    }

    func openTarget(of item: Item, enclosure: Bool) throws(OpenTargetError) -> String {
        try OpenTarget.of(item, enclosure: enclosure)
    }
}

/// The feeds screen's order of feeds, with the unread counts it believes.
@MainActor
final class ReaderListingSequenceStub: ReaderListingSequence {
    var feeds: [(number: Int64, unread: Int)]
    private(set) var asked: [(source: ItemSource, forward: Bool, unreadOnly: Bool)] = []

    init(feeds: [(number: Int64, unread: Int)]) { self.feeds = feeds }

    private(set) var shown: [ItemSource] = []

    func listings(beside source: ItemSource, forward: Bool, unreadOnly: Bool) -> [ItemSource] {
        asked.append((source, forward, unreadOnly))
        guard case .feed(let number, _) = source, let index = feeds.firstIndex(where: { $0.number == number }) else { return [] }
        let candidates = forward ? Array(feeds[(index + 1)...]) : Array(feeds[..<index].reversed())
        return candidates.filter { !unreadOnly || $0.unread > 0 }.map { .feed(number: $0.number, title: "Feed \($0.number)") }
    }

    func didShow(_ source: ItemSource, forward: Bool) { shown.append(source) }
}

@MainActor
final class ReaderItemsWireframeSpy: ReaderItemsWireframe {
    private(set) var articles: [Int64] = []
    private(set) var searches: [ItemSource.SearchScope] = []
    private(set) var opened: [String] = []
    private(set) var refreshed: [[Int64]] = []
    private(set) var messages: [(String, Bool)] = []
    var openError: (any Error)?

    func showArticle(_ number: Int64, list: any ReaderArticleList) async { articles.append(number) }
    func showSearch(within scope: ItemSource.SearchScope) async { searches.append(scope) }
    func openInBrowser(_ link: String) async throws {
        if let openError { throw openError }
        opened.append(link)
    }
    func refresh(feeds: [Int64]) { refreshed.append(feeds) }
    func say(_ message: String, isError: Bool) { messages.append((message, isError)) }
    private(set) var questions: [String] = []
    func confirm(_ question: String, then action: @escaping @MainActor () async -> Void) {
        questions.append(question)
    }
}
