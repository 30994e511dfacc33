import FeedEntities
import FeedFetching
import FeedStorage
import Foundation
import Logging
import Synchronization
import Testing

@testable import FeedDaemon

/// A fetcher that answers pages from a table and records every request as it was made.
final class PageFetcherStub: RemoteDataManager {
    private let answers = Mutex<[String: Result<FetchResponse, FetchError>]>([:])
    private let made = Mutex<[FetchRequest]>([])

    var requests: [FetchRequest] { made.withLock { $0 } }

    func serve(_ url: String, html: String, etag: String? = nil) {
        answers.withLock {
            $0[url] = .success(FetchResponse(
                finalURL: url, status: 200, body: Data(html.utf8), contentType: "text/html; charset=utf-8", etag: etag))
        }
    }

    func fail(_ url: String, with error: FetchError) {
        answers.withLock { $0[url] = .failure(error) }
    }

    func serveResponse(_ url: String, _ response: FetchResponse) {
        answers.withLock { $0[url] = .success(response) }
    }

    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        made.withLock { $0.append(request) }
        return try (answers.withLock { $0[request.url] } ?? .failure(.httpStatus(404))).get()
    }
}

/// A clock the test moves.
final class SettableClock: Sendable {
    private let now = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
    var date: Date { now.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { now.withLock { $0 += seconds } }
}

/// `ArticleFetcher` at the fetcher's boundary: which pages a refresh fetches, with which
/// settings, and what a failure does to the page and to its host.
struct ArticleFetcherTests {
    let store: SQLiteFeedStore
    let pages = PageFetcherStub()
    let now = SettableClock()

    static let prose = "<html><body><article>" + String(
        repeating: "<p>The article's own paragraph, long enough to be the page's prose, with commas, clauses, and words.</p>",
        count: 8) + "</article></body></html>"

    init() throws {
        store = try SQLiteFeedStore.inMemory()
    }

    func fetcher(policy: FullTextPolicy = .always) -> ArticleFetcher {
        let clock = now
        var transfer = TransferSettings()
        transfer.headers = ["Authorization: Bearer t0ken", "X-Plain: yes"]
        transfer.cookie = "session=c00kie"
        return ArticleFetcher(
            fetcher: pages, store: store, transferSettings: { [transfer] _ in transfer }, policy: { policy },
            now: { clock.date }, logger: Logger(label: "test"))
    }

    /// A feed on `https://feed.example` whose items link to `links`.
    func subscribe(_ links: [String], settings: FeedSettings = FeedSettings()) async throws -> Feed {
        let items = links.enumerated().map { ParsedItem(id: "\($0.offset)", title: "Item \($0.offset)", link: $0.element) }
        let (feed, _) = try await store.addFeed(
            url: "https://feed.example/feed.xml", document: ParsedFeed(format: .rss20, title: "Feed", items: items),
            fetchedAt: now.date)
        guard settings != FeedSettings() else { return feed }
        return try await store.changeSettings(feedID: feed.id) { $0 = settings }
    }

    @Test func aFeedWithoutFullTextFetchesNoPage() async throws {
        let feed = try await subscribe(["https://feed.example/a"])
        #expect(await fetcher(policy: .never).fetchArticles(of: feed) == 0)
        #expect(pages.requests.isEmpty)
        // The feed's own setting wins over the config's.
        let always = try await store.changeSettings(feedID: feed.id) { $0.fullText = .always }
        pages.serve("https://feed.example/a", html: Self.prose)
        #expect(await fetcher(policy: .never).fetchArticles(of: always) == 1)
    }

    @Test func theFeedsSecretsGoOnlyToItsOwnOrigin() async throws {
        pages.serve("https://feed.example/own", html: Self.prose)
        pages.serve("https://other.example/page", html: Self.prose)
        pages.serve("http://feed.example/plain", html: Self.prose)
        let feed = try await subscribe(["https://feed.example/own", "https://other.example/page", "http://feed.example/plain"])
        #expect(await fetcher().fetchArticles(of: feed) == 3)
        let settings = Dictionary(uniqueKeysWithValues: pages.requests.map { ($0.url, $0.settings) })
        #expect(settings["https://feed.example/own"]?.cookie == "session=c00kie")
        #expect(settings["https://feed.example/own"]?.headers.contains("Authorization: Bearer t0ken") == true)
        for other in ["https://other.example/page", "http://feed.example/plain"] {
            #expect(settings[other]?.cookie == nil, "\(other)")
            #expect(settings[other]?.headers == ["X-Plain: yes"], "\(other)")
        }
    }

    @Test func aHostThatFailsAsAServerWaitsWhileOthersGoOn() async throws {
        pages.fail("https://down.example/1", with: .connectionFailed("refused"))
        pages.serve("https://up.example/1", html: Self.prose)
        let feed = try await subscribe(["https://down.example/1", "https://up.example/1"])
        let articles = fetcher()
        #expect(await articles.fetchArticles(of: feed) == 1)
        #expect(pages.requests.count == 2)

        // New items on both hosts, half a minute later: the host that failed waits its minute.
        for url in ["https://down.example/2", "https://up.example/2"] { pages.serve(url, html: Self.prose) }
        let items = ["https://down.example/1", "https://up.example/1", "https://down.example/2", "https://up.example/2"]
            .enumerated().map { ParsedItem(id: "\($0.offset)", title: "Item \($0.offset)", link: $0.element) }
        _ = try await store.storeRefresh(
            feedID: feed.id, document: ParsedFeed(format: .rss20, title: "Feed", items: items), check: FeedCheck(at: now.date),
            rules: .none)
        now.advance(30)
        #expect(await articles.fetchArticles(of: feed) == 1)
        #expect(pages.requests.map(\.url).suffix(1) == ["https://up.example/2"], "down.example is left alone")
        now.advance(60)
        #expect(await articles.fetchArticles(of: feed) == 1)
        #expect(pages.requests.last?.url == "https://down.example/2", "after its wait, the host is asked again")
    }

    @Test func aFailedPageIsTriedAgainLaterDoublingFiveTimesInAll() async throws {
        pages.fail("https://feed.example/missing", with: .httpStatus(404))
        let feed = try await subscribe(["https://feed.example/missing"])
        let articles = fetcher()
        var waits: [TimeInterval?] = []
        for _ in 1...5 {
            _ = await articles.fetchArticles(of: feed)
            let article = try #require(try await store.article(itemID: 1))
            #expect(article.status == .failed && article.error == "HTTP 404 Not Found")
            waits.append(article.retryAt.map { $0.timeIntervalSince(now.date) })
            now.advance(86_400)
        }
        #expect(waits == [600, 1200, 2400, 4800, nil])
        _ = await articles.fetchArticles(of: feed)
        #expect(pages.requests.count == 5, "not tried on its own after the fifth failure")
    }

    @Test func aKeptArticleIsAskedForAgainWithItsValidatorOnlyWhenAsked() async throws {
        pages.serve("https://feed.example/a", html: Self.prose, etag: "\"v1\"")
        let feed = try await subscribe(["https://feed.example/a"])
        let articles = fetcher()
        #expect(await articles.fetchArticles(of: feed) == 1)
        let first = try await articles.article(itemID: 1, refetch: false)
        #expect(first.status == .extracted && first.html?.contains("own paragraph") == true)
        #expect(pages.requests.count == 1, "kept: no fetch")
        _ = try await articles.article(itemID: 1, refetch: true)
        #expect(pages.requests.last?.etag == "\"v1\"")
    }

    @Test func anItemWithoutAWebLinkIsRefused() async throws {
        _ = try await subscribe(["mailto:someone@example.org"])
        await #expect(throws: ArticleError.noLink(1)) { try await fetcher().article(itemID: 1, refetch: false) }
        await #expect(throws: LibraryError.noSuchItem(99)) { try await fetcher().article(itemID: 99, refetch: false) }
    }
}
