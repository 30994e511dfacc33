@testable import FeedDaemon
import FeedEntities
import FeedParsing
import FeedStorage
import Foundation
import Testing

/// Feed selectors (a change asks more of a title prefix), unsubscribing, and what imported
/// titles are, over a real store.
struct LibraryInteractorTests {
    let store: SQLiteFeedStore
    let library: LibraryInteractor

    init() throws {
        store = try SQLiteFeedStore.inMemory()
        library = LibraryInteractor(store: store, render: LibraryInteractor.libXMLRenderer)
    }

    @discardableResult
    private func subscribe(_ title: String, _ items: [ParsedItem] = []) async throws -> Int64 {
        let url = "https://\(title.lowercased().replacingOccurrences(of: " ", with: "-")).example/feed"
        return try await store.addFeed(
            url: url, document: ParsedFeed(format: .rss20, title: title, items: items), fetchedAt: Date(timeIntervalSince1970: 0)
        ).feed.id
    }

    private func message(_ body: () async throws -> Feed) async -> String? {
        do {
            _ = try await body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func aShortPrefixNamesAFeedToReadButNotToChange() async throws {
        let kernel = try await subscribe("Kernel Notes")
        try await subscribe("Planet Terminal")
        #expect(try await library.resolveFeed("ke").id == kernel)
        for change in [FeedChange.unsubscribe, .rename, .markItems(read: true)] {
            await #expect(throws: LibraryError.prefixTooShort("ke", change: change, candidate: "\(kernel) Kernel Notes")) {
                _ = try await library.resolveFeed("ke", toChange: change)
            }
            #expect(try await library.resolveFeed("ker", toChange: change).id == kernel)
            #expect(try await library.resolveFeed("\(kernel)", toChange: change).id == kernel)
            #expect(try await library.resolveFeed("https://kernel-notes.example/feed", toChange: change).id == kernel)
        }
        #expect(await message { try await library.resolveFeed(" ke ", toChange: .unsubscribe) }
            == "'ke' is too short to pick the feed to unsubscribe from (it matches 1 Kernel Notes): give the number or URL, "
            + "or at least 3 characters of the title")
        #expect(await message { try await library.resolveFeed("Ke", toChange: .markItems(read: true)) }?
            .hasPrefix("'Ke' is too short to pick the feed to mark read") == true)
    }

    @Test func aWholeTitleNamesAFeedToChangeHoweverShort() async throws {
        let go = try await subscribe("Go")
        try await subscribe("Gopher News")
        #expect(try await library.resolveFeed("go", toChange: .unsubscribe).id == go)
    }

    @Test func aNumberNoFeedHasNamesNoFeedWhoseTitleStartsWithIt() async throws {
        let gone = try await subscribe("Kernel Notes")
        _ = try await library.unsubscribe(String(gone))
        try await subscribe("\(gone)00 Days of Code")
        for change in [nil, FeedChange.markItems(read: true)] {
            #expect(await message { try await library.resolveFeed("\(gone)", toChange: change) } == "no feed matches '\(gone)'")
        }
        let titled = try await subscribe("\(gone)")
        #expect(try await library.resolveFeed("\(gone)").id == titled, "a title that is exactly the number")
    }

    @Test func anAmbiguousSelectorListsTheFeedsWithTheirNumbers() async throws {
        let notes = try await subscribe("Kernel Notes")
        try await subscribe("Planet Terminal")
        let planet = try await subscribe("Kernel Planet")
        for change in [nil, FeedChange.unsubscribe] {
            #expect(await message { try await library.resolveFeed("Ke", toChange: change) }
                == "'Ke' matches 2 feeds: \(notes) Kernel Notes, \(planet) Kernel Planet; give the number or URL")
        }
        for number in 0..<9 { try await subscribe("Kernel \(number)") }
        let many = await message { try await library.resolveFeed("kernel") }
        #expect(many?.hasPrefix("'kernel' matches 11 feeds: \(notes) Kernel Notes, \(planet) Kernel Planet, ") == true)
        #expect(many?.hasSuffix(" and 3 more; give the number or URL") == true, "\(many ?? "")")
        #expect(await message { try await library.resolveFeed("zz") } == "no feed matches 'zz'")
    }

    @Test func unsubscribingKeepsStarredItemsUnlessAskedAndSaysHowMany() async throws {
        let items = (1...4).map { ParsedItem(id: "\($0)", title: "Item \($0)", link: "https://kernel.example/\($0)") }
        let kernel = try await subscribe("Kernel Notes", items)
        let stored = try await store.items(ItemQuery(unreadOnly: false, feedID: kernel))
        _ = try await store.setStarred(ids: [stored[0].id], starred: true)
        let removal = try await library.unsubscribe("kernel")
        #expect(removal.feed.id == kernel && removal.deletedItems == 3 && removal.keptItems == 1)
        #expect(try await library.feeds().isEmpty)
        await #expect(throws: LibraryError.noSuchFeed("kernel")) { _ = try await library.unsubscribe("kernel") }

        let other = try await subscribe("Other Feed", items.map { ParsedItem(id: $0.id, title: $0.title) })
        _ = try await store.setStarred(ids: [try #require(try await store.items(ItemQuery(feedID: other)).first).id], starred: true)
        let all = try await library.unsubscribe("\(other)", deleteStarred: true)
        #expect(all.deletedItems == 4 && all.keptItems == 0)
        #expect(try await store.items(ItemQuery(unreadOnly: false, starredOnly: true)).map(\.feedTitle) == ["Kernel Notes (unsubscribed)"])
    }

    @Test func importedTitlesAreTheUsersOwnAsTheListSays() throws {
        let tidings = try SubscriptionList.read("""
            <opml version="2.0" xmlns:t="\(TidingsOPML.namespace)"><body>
            <outline text="Mine" title="Mine" xmlUrl="https://a.example/f" t:customTitle="true"/>
            <outline text="Theirs" title="Theirs" xmlUrl="https://b.example/f"/>
            </body></opml>
            """)
        #expect(tidings.entries.map { SubscriptionInteractor.role(of: $0, in: tidings) } == [.custom, .provisional])
        let foreign = try SubscriptionList.read("""
            <opml version="2.0"><body><outline text="Theirs" xmlUrl="https://b.example/f" customTitle="true"/></body></opml>
            """)
        #expect(foreign.entries.map { SubscriptionInteractor.role(of: $0, in: foreign) } == [.unconfirmed])
        let newsboat = try SubscriptionList.read("https://c.example/f \"~Named\"\n")
        #expect(newsboat.entries.map { SubscriptionInteractor.role(of: $0, in: newsboat) } == [.custom])
    }
}
