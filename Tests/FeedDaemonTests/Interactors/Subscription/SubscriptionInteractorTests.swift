@testable import FeedDaemon
import FeedFetching
import FeedParsing
import FeedStorage
import Logging
import Testing

/// Subscribing to an address given without a scheme: https first, http when https cannot be
/// reached at all.
struct SubscriptionInteractorTests {
    static let rss = """
        <?xml version="1.0"?><rss version="2.0"><channel><title>LWN</title><link>https://lwn.example/</link>
        <item><title>Kernel news</title><guid>1</guid></item></channel></rss>
        """

    let remote = RemoteDataManagerStub()
    let store: SQLiteFeedStore
    let refresher: RefreshInteractor

    init() throws {
        store = try SQLiteFeedStore.inMemory()
        refresher = RefreshInteractor.make(
            fetcher: remote, parser: LibXMLFeedParser(), store: store, concurrency: 2, logger: Logger(label: "test"))
    }

    @Test(arguments: [
        ("lwn.net", "lwn.net"), ("lwn.net/headlines/rss", "lwn.net/headlines/rss"), (" lwn.net\n", "lwn.net"),
        ("127.0.0.1:8080/feed.xml", "127.0.0.1:8080/feed.xml"), ("localhost:8080", "localhost:8080"),
        ("[::1]:8080/feed", "[::1]:8080/feed"), ("example.org/a:b", "example.org/a:b"),
    ])
    func addressesWithoutASchemeAreRecognised(text: String, address: String) {
        #expect(SubscriptionInteractor.schemelessAddress(text) == address)
    }

    @Test(arguments: [
        "https://lwn.net", "HTTP://lwn.net", "ftp://lwn.net", "mailto:me@example.org", "javascript:alert(1)",
        "feed:https://lwn.net", "localhost:http", "/etc/passwd", "", "   ",
    ])
    func anythingWithASchemeIsLeftAlone(text: String) {
        #expect(SubscriptionInteractor.schemelessAddress(text) == nil)
    }

    @Test func httpsIsTriedFirst() async throws {
        remote.serve("https://lwn.example", body: Self.rss)
        remote.serve("http://lwn.example", body: Self.rss)
        let (feed, items) = try await refresher.subscribe(url: "lwn.example")
        #expect(feed.url == "https://lwn.example" && items == 1)
        #expect(remote.requests(for: "http://lwn.example") == 0)
    }

    @Test(arguments: [
        FetchError.tls("wrong version number"), .connectionFailed("refused"), .dnsFailure(host: "lwn.example"),
        .timedOut(seconds: 15),
    ])
    func httpIsTriedWhenHTTPSCannotBeReached(failure: FetchError) async throws {
        remote.fail("https://lwn.example", with: failure)
        remote.serve("http://lwn.example", body: Self.rss)
        let (feed, _) = try await refresher.subscribe(url: "lwn.example")
        #expect(feed.url == "http://lwn.example")
    }

    @Test func anHTTPErrorOverHTTPSIsTheAnswer() async throws {
        remote.fail("https://lwn.example", with: .httpStatus(404))
        remote.serve("http://lwn.example", body: Self.rss)
        await #expect(throws: FetchError.httpStatus(404)) { try await refresher.subscribe(url: "lwn.example") }
        #expect(remote.requests(for: "http://lwn.example") == 0)
        #expect(try await store.feeds().isEmpty)
    }

    @Test func bothUnreachableNamesBothAttempts() async throws {
        remote.fail("https://lwn.example", with: .tls("handshake failed"))
        remote.fail("http://lwn.example", with: .connectionFailed("refused"))
        await #expect(throws: SubscriptionError.unreachable([
            .init(url: "https://lwn.example", error: .tls("handshake failed")),
            .init(url: "http://lwn.example", error: .connectionFailed("refused")),
        ])) { try await refresher.subscribe(url: "lwn.example") }
        #expect(SubscriptionError.unreachable([
            .init(url: "https://a", error: .tls("x")), .init(url: "http://a", error: .connectionFailed("y")),
        ]).description == "https://a: TLS error: x; http://a: connection failed: y")
    }

    @Test func eitherSchemeAlreadySubscribedIsRefusedBeforeFetching() async throws {
        remote.serve("http://lwn.example", body: Self.rss)
        _ = try await refresher.subscribe(url: "http://lwn.example")
        await #expect(throws: FeedStoreError.self) { try await refresher.subscribe(url: "lwn.example") }
        #expect(remote.requests(for: "https://lwn.example") == 0)
    }
}
