import FeedEntities
@testable import FeedStorage
import Foundation
import Testing

/// Saved views' queries run against a real store: each kind of term selects what it names,
/// the operators combine them, and full-text terms go through the search index.
struct ItemFilterSQLTests {
    let store: SQLiteFeedStore
    let now = Date()

    init() throws {
        store = try SQLiteFeedStore.inMemory(text: SQLiteFeedStoreSearchContentTests.text)
    }

    /// Two feeds: LWN (tagged linux) and a podcast; items of several ages, one read, one
    /// starred, one with an enclosure.
    private func library() async throws {
        let day = 86_400.0
        let (lwn, _) = try await store.addFeed(url: "https://lwn.net/headlines/rss", document: ParsedFeed(format: .rss20, title: "LWN.net", items: [
            ParsedItem(id: "1", title: "Kernel release notes", link: "https://lwn.net/1", author: "Jonathan Corbet", published: now.addingTimeInterval(-1 * day), summary: "<p>The scheduler changed in Rust</p>"),
            ParsedItem(id: "2", title: "Rust in the kernel", link: "https://lwn.net/2", author: "Ada", published: now.addingTimeInterval(-3 * day), summary: "<p>Borrow checker news</p>"),
            ParsedItem(id: "3", title: "Old GNOME news", link: "https://lwn.net/3", published: now.addingTimeInterval(-40 * day), summary: "<p>Desktop things</p>"),
        ]), fetchedAt: now)
        _ = try await store.tagFeed(id: lwn.id, adding: ["linux"], removing: [])
        _ = try await store.addFeed(url: "https://pod.example/feed", document: ParsedFeed(format: .rss20, title: "A Podcast", items: [
            ParsedItem(id: "e1", title: "Episode 1", published: now.addingTimeInterval(-2 * day), summary: "<p>We talk about Go</p>",
                enclosures: [Enclosure(url: "https://pod.example/1.mp3", type: "audio/mpeg", length: 1000)]),
            ParsedItem(id: "e0", title: "Trailer", published: now.addingTimeInterval(-10 * day), summary: "<p>Rust and go</p>"),
        ]), fetchedAt: now)
        _ = try await store.indexPendingItems(limit: 1000)
        let all = try await store.items(ItemQuery(unreadOnly: false))
        let id = { (title: String) in all.first { $0.title == title }!.id }
        _ = try await store.markRead(ids: [id("Old GNOME news")], read: true)
        _ = try await store.setStarred(ids: [id("Rust in the kernel")], starred: true)
    }

    private func titles(_ query: String) async throws -> Set<String> {
        var itemQuery = ItemQuery(unreadOnly: false)
        itemQuery.filter = try ItemFilter(parsing: query)
        return Set(try await store.items(itemQuery).compactMap(\.title))
    }

    @Test func eachTermSelectsWhatItNames() async throws {
        try await library()
        #expect(try await titles("is:read") == ["Old GNOME news"])
        #expect(try await titles("is:unread").count == 4)
        #expect(try await titles("is:starred") == ["Rust in the kernel"])
        #expect(try await titles("is:unstarred").count == 4)
        #expect(try await titles("has:enclosure") == ["Episode 1"])
        #expect(try await titles("tag:LINUX") == ["Kernel release notes", "Rust in the kernel", "Old GNOME news"])
        #expect(try await titles("feed:podcast") == ["Episode 1", "Trailer"])
        #expect(try await titles("feed:lwn.net/headlines").count == 3)
        #expect(try await titles("title:KERNEL") == ["Kernel release notes", "Rust in the kernel"])
        #expect(try await titles("author:corbet") == ["Kernel release notes"])
        #expect(try await titles("link:lwn.net/2") == ["Rust in the kernel"])
        #expect(try await titles("content:scheduler") == ["Kernel release notes"])
        #expect(try await titles("content:kernel").isEmpty, "content: looks at the text, not the title")
        #expect(try await titles("newer:36h") == ["Kernel release notes"])
        #expect(try await titles("older:7d") == ["Old GNOME news", "Trailer"])
    }

    @Test func fullTextTermsAndOperatorsCombine() async throws {
        try await library()
        #expect(try await titles("rust") == ["Kernel release notes", "Rust in the kernel", "Trailer"])
        #expect(try await titles("rust tag:linux is:unread") == ["Kernel release notes", "Rust in the kernel"])
        #expect(try await titles("rust -tag:linux") == ["Trailer"])
        #expect(try await titles("go OR gnome") == ["Episode 1", "Trailer", "Old GNOME news"])
        #expect(try await titles("(go OR gnome) is:unread") == ["Episode 1", "Trailer"])
        #expect(try await titles(#""borrow checker""#) == ["Rust in the kernel"])
        #expect(try await titles("kern*") == ["Kernel release notes", "Rust in the kernel"])
        #expect(try await titles("-rust -go") == ["Old GNOME news"])
        #expect(try await titles("is:starred OR has:enclosure") == ["Rust in the kernel", "Episode 1"])
        #expect(try await titles("C++").isEmpty, "a term of punctuation matches nothing, as in search")
        #expect(try await titles("rust - tag:linux") == ["Kernel release notes", "Rust in the kernel"], "beside others it is passed over")
    }

    @Test func aViewIsCountedAndPagedLikeAnyListing() async throws {
        try await library()
        var query = ItemQuery(unreadOnly: true, limit: 1)
        query.filter = try ItemFilter(parsing: "rust OR go")
        let page = try await store.itemPage(query, withPosition: true)
        #expect(page.items.count == 1)
        #expect(page.position?.total == 4, "Kernel release notes, Rust in the kernel, Episode 1, Trailer")
    }
}
