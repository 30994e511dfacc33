import FeedEntities
@testable import FeedStorage
import Foundation
import Testing

/// Every write path of the store bounds the titles, names, tags and URLs that come from outside
/// (`StoredText`, `TextLimit.maximumBytes`), and none can store a NUL.
struct StoredTextTests {
    let store: SQLiteFeedStore

    init() throws {
        store = try SQLiteFeedStore.inMemory()
    }

    /// 600 KB of "é" written as e + combining acute: two scalars, three bytes per character,
    /// so a cut at a byte count rather than a character boundary would split one.
    static let hugeTitle = String(repeating: "e\u{301}", count: 200_000)
    static let longURL = "https://example.org/" + String(repeating: "a", count: 5000)
    static let limit = TextLimit.maximumBytes

    /// Whether `text` is within the limit, ends with "…" and is whole characters of `original`.
    func isShortened(_ text: String?, from original: String = hugeTitle) -> Bool {
        guard let text, text.utf8.count <= Self.limit, text.hasSuffix("…") else { return false }
        let kept = text.dropLast()
        return original.hasPrefix(kept) && kept.allSatisfy { $0 == "e\u{301}" } && kept.utf8.count > Self.limit - 8
    }

    @Test func titlesFromTheDocumentAreShortenedAtACharacter() async throws {
        let (feed, _) = try await store.addFeed(url: feedURL, document: document(title: Self.hugeTitle), fetchedAt: day(1))
        #expect(isShortened(feed.title))
        _ = try await store.renameFeed(id: feed.id, title: nil)
        _ = try await store.storeRefresh(feedID: feed.id, document: document(title: "x" + Self.hugeTitle), at: day(2))
        #expect(isShortened(try await store.feed(id: feed.id)?.title.dropFirst().description))
        #expect(try await store.feed(id: feed.id)?.title.utf8.count ?? .max <= Self.limit)
    }

    @Test func ownTitlesAreShortenedAndRefusedWithAControlCharacter() async throws {
        let (feed, _) = try await store.addFeed(
            url: feedURL, document: document(), check: FeedCheck(at: day(1)), tags: [], customTitle: Self.hugeTitle)
        #expect(isShortened(feed.title) && feed.hasCustomTitle)
        #expect(isShortened(try await store.renameFeed(id: feed.id, title: Self.hugeTitle).title))
        #expect(try await store.renameFeed(id: feed.id, title: "  Mine\n").title == "Mine", "blanks around are trimmed")
        for title in ["cut\u{0}here", "two\nlines", "bell\u{7}", "escape\u{1B}[31m", "c1\u{85}next"] {
            await #expect(throws: FeedStoreError.invalidTitle(title)) {
                _ = try await store.renameFeed(id: feed.id, title: title)
            }
        }
        #expect(try await store.feed(id: feed.id)?.title == "Mine", "a refused title changes nothing")
        await #expect(throws: FeedStoreError.invalidTitle("a\u{0}b")) {
            _ = try await store.addFeed(
                url: "https://other.example/", document: document(), check: FeedCheck(at: day(1)), tags: [], customTitle: "a\u{0}b")
        }
        #expect(FeedStoreError.invalidTitle("a\u{0}b").description
            == #"the title 'a\0b' holds a control character (U+0000), which a title cannot hold"#)
    }

    @Test func feedURLsLongerThanTheLimitAreRefusedEverywhere() async throws {
        await #expect(throws: FeedStoreError.unstorableURL(Self.longURL)) {
            _ = try await store.addFeed(url: Self.longURL, document: document(), fetchedAt: day(1))
        }
        await #expect(throws: FeedStoreError.unstorableURL(Self.longURL)) {
            _ = try await store.importFeeds([FeedImport(url: "https://fine.example/"), FeedImport(url: Self.longURL)], at: day(1))
        }
        await #expect(throws: FeedStoreError.unstorableURL("https://a.example/\u{0}x")) {
            _ = try await store.addFeed(url: "https://a.example/\u{0}x", document: document(), fetchedAt: day(1))
        }
        #expect(try await store.feeds().isEmpty, "nothing of a refused import is added")
        let (feed, _) = try await store.addFeed(url: feedURL, document: document(), fetchedAt: day(1))
        #expect(try await store.moveFeed(id: feed.id, to: Self.longURL) == false)
        #expect(try await store.feed(id: feed.id)?.url == feedURL)
        let message = FeedStoreError.unstorableURL(Self.longURL).description
        #expect(message.hasSuffix("is 5020 bytes long: a feed URL may be at most 4096 bytes") && message.count < 200, "\(message)")
    }

    @Test func importedTitlesAreShortenedAndTagsBounded() async throws {
        let added = try await store.importFeeds([FeedImport(url: feedURL, title: Self.hugeTitle, tags: ["ok"])], at: day(1)).added
        #expect(isShortened(added.first?.title))
        // 64 characters, but each a letter with 100 combining marks: far more than 4 KiB.
        let heavy = String(repeating: "a" + String(repeating: "\u{301}", count: 100), count: 64)
        await #expect(throws: FeedStoreError.invalidTag(heavy)) {
            _ = try await store.importFeeds([FeedImport(url: "https://b.example/", tags: [heavy])], at: day(1))
        }
        await #expect(throws: FeedStoreError.invalidTag(heavy)) {
            _ = try await store.tagFeed(id: added[0].id, adding: [heavy], removing: [])
        }
        await #expect(throws: FeedStoreError.invalidTag("a\u{0}b")) {
            _ = try await store.tagFeed(id: added[0].id, adding: ["a\u{0}b"], removing: [])
        }
        #expect(try await store.feed(id: added[0].id)?.tags == ["ok"])
        let message = FeedStoreError.invalidTag("a\u{0}b").description
        #expect(message.hasPrefix(#"'a\0b' is not a valid tag: tags are 1 to 64 characters (at most 4096 bytes)"#), "\(message)")
        #expect(FeedStoreError.invalidTag(heavy).description.utf8.count < 1200, "the message quotes a shortened tag")
    }

    @Test func itemTitlesAuthorsAndCategoriesAreShortenedAndLongLinksLeftOut() async throws {
        let longLink = "https://example.org/item/" + String(repeating: "b", count: 5000)
        let longGUID = "urn:" + String(repeating: "g", count: 5000)
        let items = [
            ParsedItem(
                id: longGUID, title: Self.hugeTitle, link: longLink, author: Self.hugeTitle, categories: [Self.hugeTitle, "short"],
                enclosures: [Enclosure(url: longLink, type: "audio/mpeg"), Enclosure(url: "https://e.example/a.mp3", type: Self.longURL)]),
            ParsedItem(id: "plain", title: "Plain\u{0}title", link: "https://example.org/plain"),
        ]
        let (feed, count) = try await store.addFeed(url: feedURL, document: document(items: items), fetchedAt: day(1))
        #expect(count == 2)
        let stored = try await store.items(ItemQuery(includeContent: true)).sorted { $0.id < $1.id }
        let long = try #require(stored.first { $0.guid == nil })
        #expect(isShortened(long.title) && isShortened(long.author))
        #expect(long.link == nil, "a link cut short would be another link")
        #expect(long.categories.count == 2 && isShortened(long.categories[0]) && long.categories[1] == "short")
        #expect(long.enclosures == [Enclosure(url: "https://e.example/a.mp3")])
        #expect(stored.first { $0.guid == "plain" }?.title == "Plaintitle", "no NUL is ever stored")
        // The item is still known by its (hashed) key: a refresh does not store it again.
        #expect(try await store.storeRefresh(feedID: feed.id, document: document(items: items), at: day(2)) == 0)
        #expect(try await store.items(ItemQuery(unreadOnly: false)).count == 2)
    }

    @Test func whatARefreshLearnsIsBoundedToo() async throws {
        let (feed, _) = try await store.addFeed(url: feedURL, document: document(link: "https://example.org/"), fetchedAt: day(1))
        _ = try await store.storeRefresh(
            feedID: feed.id, document: document(link: Self.longURL),
            check: FeedCheck(at: day(2), httpStatus: 200, etag: Self.longURL, lastModified: Self.longURL, movedTo: Self.longURL))
        var stored = try #require(try await store.feed(id: feed.id))
        #expect(stored.siteLink == "https://example.org/", "a site link too long keeps the one before")
        #expect(stored.etag == nil && stored.lastModified == nil && stored.movedTo == nil)
        try await store.recordFailure(
            feedID: feed.id, error: Self.hugeTitle, check: FeedCheck(at: day(3), movedTo: Self.longURL))
        stored = try #require(try await store.feed(id: feed.id))
        #expect(isShortened(stored.lastError) && stored.movedTo == nil)
    }
}
