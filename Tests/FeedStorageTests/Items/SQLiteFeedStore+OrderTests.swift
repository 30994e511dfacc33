import FeedEntities
@testable import FeedStorage
import Foundation
import Testing

/// Listings in another order than newest first: by title, by feed, unread first; their pages
/// and positions follow the order.
struct SQLiteFeedStoreOrderTests {
    let store: SQLiteFeedStore

    init() throws {
        store = try SQLiteFeedStore.inMemory()
    }

    private func day(_ number: Int) -> Date { Date(timeIntervalSince1970: 1_800_000_000 + Double(number) * 86_400) }

    private func document(title: String, items: [ParsedItem]) -> ParsedFeed {
        ParsedFeed(format: .rss20, title: title, items: items)
    }

    /// Feed A (older subscription) and B; titles that sort differently with case, equal
    /// titles, read items.
    private func library() async throws -> [String: Int64] {
        _ = try await store.addFeed(url: "https://a.example/feed", document: document(title: "A", items: [
            ParsedItem(id: "a1", title: "banana", link: "https://a.example/1", published: day(3)),
            ParsedItem(id: "a2", title: "Apple", link: "https://a.example/2", published: day(1)),
            ParsedItem(id: "a3", title: "cherry", link: "https://a.example/3", published: day(5)),
        ]), check: FeedCheck(at: day(6)), tags: [], customTitle: nil)
        _ = try await store.addFeed(url: "https://b.example/feed", document: document(title: "B", items: [
            ParsedItem(id: "b1", title: "apple", link: "https://b.example/1", published: day(4)),
            ParsedItem(id: "b2", title: "Date", link: "https://b.example/2", published: day(2)),
        ]), check: FeedCheck(at: day(7)), tags: [], customTitle: nil)
        let listed = try await store.items(ItemQuery(unreadOnly: false))
        var numbers: [String: Int64] = [:]
        for item in listed { numbers[item.title ?? ""] = item.id }
        _ = try await store.markRead(ids: [numbers["cherry"]!, numbers["apple"]!], read: true)
        return numbers
    }

    @Test(arguments: ItemOrder.allCases)
    func eachOrderListsPagesAndPositionsConsistently(order: ItemOrder) async throws {
        #expect(!ItemOrder.allCases.isEmpty)
        let numbers = try await library()
        var query = ItemQuery(unreadOnly: false)
        query.order = order
        let listing = try await store.items(query)
        let titles = listing.map { $0.title ?? "" }
        switch order {
        case .date: #expect(titles == ["cherry", "apple", "banana", "Date", "Apple"])
        // Without case; equal titles by number (Apple came first).
        case .title: #expect(titles == ["Apple", "apple", "banana", "cherry", "Date"])
        // Subscription order, each feed newest first.
        case .feed: #expect(titles == ["cherry", "banana", "Apple", "apple", "Date"])
        case .unreadFirst: #expect(titles == ["banana", "Date", "Apple", "cherry", "apple"])
        }
        // Every item's neighbours and position, in that order.
        for (index, item) in listing.enumerated() {
            var after = query, before = query
            after.listedAfter = item.id
            after.limit = 2
            before.listedBefore = item.id
            before.limit = 2
            #expect(try await store.items(after).map(\.id) == Array(listing.dropFirst(index + 1).prefix(2)).map(\.id), "\(order) after \(index)")
            #expect(try await store.items(before).map(\.id) == Array(listing[max(0, index - 2)..<index]).map(\.id), "\(order) before \(index)")
            let page = try await store.itemPage(after, withPosition: true)
            #expect(page.position == ItemPage.Position(total: listing.count, offset: index + 1), "\(order) position after \(index)")
        }
        var end = query
        end.fromEnd = true
        end.limit = 2
        #expect(try await store.items(end).map(\.id) == listing.suffix(2).map(\.id))
        // Unread only, in the same order.
        var unread = query
        unread.unreadOnly = true
        #expect(try await store.items(unread).map(\.id) == listing.filter { !$0.isRead }.map(\.id))
        _ = numbers
    }
}
