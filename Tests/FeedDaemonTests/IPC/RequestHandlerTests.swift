@testable import FeedDaemon
import FeedIPC
import FeedParsing
import FeedStorage
import Foundation
import Logging
import Synchronization
import Testing

struct RequestHandlerTests {
    static let feedURL = "https://example.org/feed.xml"
    static let rss = """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Example</title><link>https://example.org/</link>
        <item><title>One</title><link>https://example.org/1</link><guid>1</guid><pubDate>Sat, 21 Nov 2026 10:00:00 GMT</pubDate></item>
        <item><title>Two</title><link>https://example.org/2</link><guid>2</guid><pubDate>Fri, 20 Nov 2026 10:00:00 GMT</pubDate></item>
        </channel></rss>
        """

    let remote = RemoteDataManagerStub()
    let store: SQLiteFeedStore
    let handler: RequestHandler

    init() throws {
        store = try SQLiteFeedStore.inMemory()
        let logger = Logger(label: "test")
        let refresher = RefreshInteractor.make(
            fetcher: remote, parser: LibXMLFeedParser(), store: store, concurrency: 4, logger: logger)
        handler = try RequestHandler.make(
            refresher: refresher, library: LibraryInteractor(store: store, render: LibraryInteractor.libXMLRenderer),
            hello: .init(protocolVersion: "1.0", daemonVersion: "9.9"), logger: logger)
    }

    /// Sends one request line and returns the decoded answer.
    func call(_ line: String) async throws -> [String: Any] {
        let answer = try #require(await handler.handle(Data(line.utf8)))
        #expect(answer.last == 0x0A)
        #expect(answer.dropLast().contains(0x0A) == false, "one answer, one line")
        return try #require(try JSONSerialization.jsonObject(with: answer) as? [String: Any])
    }

    func errorCode(_ answer: [String: Any]) -> Int? {
        (answer["error"] as? [String: Any])?["code"] as? Int
    }

    func request(_ id: Int, _ method: String, _ params: String = "{}") -> String {
        #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#
    }

    @Test func subscribeStoresTheFeedAndItsItems() async throws {
        remote.serve(Self.feedURL, body: Self.rss)
        let answer = try await call(request(1, "feeds.subscribe", #"{"url":"\#(Self.feedURL)"}"#))
        let result = try #require(answer["result"] as? [String: Any], "\(answer)")
        #expect(result["itemCount"] as? Int == 2)
        #expect((result["feed"] as? [String: Any])?["title"] as? String == "Example")
        #expect(try await store.feeds().count == 1)

        let again = try await call(request(2, "feeds.subscribe", #"{"url":"\#(Self.feedURL)"}"#))
        #expect(errorCode(again) == -32003)
        #expect(remote.requests(for: Self.feedURL) == 1, "a known URL is refused before fetching")
    }

    @Test func failedSubscriptionsStoreNothing() async throws {
        remote.fail("https://example.org/404", with: .httpStatus(404))
        remote.serve("https://example.org/page", body: "<!DOCTYPE html><html><body>Hello</body></html>", contentType: "text/html")
        let missing = try await call(request(1, "feeds.subscribe", #"{"url":"https://example.org/404"}"#))
        #expect(errorCode(missing) == -32001)
        #expect(((missing["error"] as? [String: Any])?["message"] as? String)?.contains("HTTP 404") == true)
        let page = try await call(request(2, "feeds.subscribe", #"{"url":"https://example.org/page"}"#))
        #expect(errorCode(page) == -32002, "\(page)")
        for url in ["javascript:alert(1)", "file:///etc/passwd", "not a url", "http://"] {
            let refused = try await call(request(3, "feeds.subscribe", #"{"url":"\#(url)"}"#))
            #expect(errorCode(refused) == -32602, "\(url): \(refused)")
        }
        #expect(try await store.feeds().isEmpty)
    }

    @Test func aTitleWithAControlCharacterIsRefusedBeforeFetching() async throws {
        remote.serve(Self.feedURL, body: Self.rss)
        let refused = try await call(request(1, "feeds.subscribe", #"{"url":"\#(Self.feedURL)","title":"cut\u0000here"}"#))
        #expect(errorCode(refused) == -32602, "\(refused)")
        #expect(remote.requests(for: Self.feedURL) == 0)
        #expect(try await store.feeds().isEmpty)
    }

    @Test func listGetAndMarkRead() async throws {
        remote.serve(Self.feedURL, body: Self.rss)
        _ = try await call(request(1, "feeds.subscribe", #"{"url":"\#(Self.feedURL)"}"#))
        let list = try await call(request(2, "items.list", #"{"feed":"exa","limit":1}"#))
        let items = try #require((list["result"] as? [String: Any])?["items"] as? [[String: Any]], "\(list)")
        #expect(items.count == 1)
        #expect(items.first?["title"] as? String == "One")
        #expect(items.first?["content"] == nil, "listings leave content out")
        let number = try #require(items.first?["id"] as? Int)

        let marked = try await call(request(3, "items.markRead", #"{"numbers":[\#(number), 424242]}"#))
        #expect((marked["result"] as? [String: Any])?["updated"] as? Int == 1)
        let unread = try await call(request(4, "items.list"))
        #expect(((unread["result"] as? [String: Any])?["items"] as? [Any])?.count == 1)
        let item = try await call(request(5, "items.get", #"{"number":\#(number)}"#))
        #expect(((item["result"] as? [String: Any])?["item"] as? [String: Any])?["isRead"] as? Bool == true)
        let unknown = try await call(request(6, "items.get", #"{"number":424242}"#))
        #expect(errorCode(unknown) == -32004)
        let noFeed = try await call(request(7, "items.list", #"{"feed":"nothing like it"}"#))
        #expect(errorCode(noFeed) == -32004)
        let negative = try await call(request(8, "items.list", #"{"limit":-1}"#))
        #expect(errorCode(negative) == -32602)
    }

    @Test func refreshReportsNewItemsAndErrorsPerFeed() async throws {
        remote.serve(Self.feedURL, body: Self.rss)
        remote.serve("https://example.org/other.xml", body: Self.rss.replacingOccurrences(of: "Example", with: "Other"))
        _ = try await call(request(1, "feeds.subscribe", #"{"url":"\#(Self.feedURL)"}"#))
        _ = try await call(request(2, "feeds.subscribe", #"{"url":"https://example.org/other.xml"}"#))
        remote.serve(Self.feedURL, body: Self.rss.replacingOccurrences(
            of: "<item>", with: "<item><title>Three</title><guid>3</guid></item><item>", options: [],
            range: Self.rss.range(of: "<item>")))
        remote.fail("https://example.org/other.xml", with: .timedOut(seconds: 60))

        let answer = try await call(request(3, "refresh"))
        let outcomes = try #require((answer["result"] as? [String: Any])?["outcomes"] as? [[String: Any]], "\(answer)")
        #expect(outcomes.count == 2)
        #expect(outcomes[0]["newItems"] as? Int == 1)
        #expect(outcomes[0]["error"] == nil)
        #expect((outcomes[1]["error"] as? String)?.contains("timed out") == true)
        let feeds = try await store.feeds()
        #expect(feeds[1].lastError?.contains("timed out") == true)
        #expect(feeds[1].itemCount == 2, "a failed refresh keeps the items")

        let one = try await call(request(4, "refresh", #"{"feeds":["Other"]}"#))
        #expect(((one["result"] as? [String: Any])?["outcomes"] as? [Any])?.count == 1)
    }

    @Test func refreshSendsProgressNotificationsBeforeItsAnswer() async throws {
        remote.serve(Self.feedURL, body: Self.rss)
        remote.serve("https://example.org/other.xml", body: Self.rss.replacingOccurrences(of: "Example", with: "Other"))
        _ = try await call(request(1, "feeds.subscribe", #"{"url":"\#(Self.feedURL)"}"#))
        _ = try await call(request(2, "feeds.subscribe", #"{"url":"https://example.org/other.xml"}"#))
        remote.fail("https://example.org/other.xml", with: .httpStatus(500))

        let sent = Mutex<[Data]>([])
        let answer = try #require(await handler.handle(Data(request(3, "refresh").utf8)) { line in
            sent.withLock { $0.append(line) }
            return true
        })
        let notifications = try sent.withLock { $0 }.map {
            try #require(try JSONSerialization.jsonObject(with: $0) as? [String: Any])
        }

        #expect(notifications.count == 3)
        #expect(notifications.allSatisfy { $0["method"] as? String == "refresh.progress" && $0["id"] == nil })
        let params = notifications.compactMap { $0["params"] as? [String: Any] }
        #expect(params.map { $0["done"] as? Int } == [0, 1, 2])
        #expect(params.map { $0["total"] as? Int } == [2, 2, 2])
        #expect(params.last?["errors"] as? Int == 1)
        #expect(params[0]["outcome"] == nil && params[1]["outcome"] != nil)
        #expect(try JSONSerialization.jsonObject(with: answer) is [String: Any])

        // A client notification (no id) is neither answered nor told about progress.
        sent.withLock { $0 = [] }
        #expect(await handler.handle(Data(#"{"jsonrpc":"2.0","method":"refresh"}"#.utf8)) { line in sent.withLock { $0.append(line) }; return true } == nil)
        #expect(sent.withLock { $0.isEmpty })
    }

    @Test func aWebPageSubscribesToTheFeedItAnnounces() async throws {
        let page = "https://example.org/blog/"
        remote.serve(page, body: """
            <!DOCTYPE html><html><head><title>Blog</title>
            <link rel="alternate" type="application/rss+xml" title="Posts" href="/feed.xml">
            </head><body><p>Hello</p></body></html>
            """, contentType: "text/html")
        remote.serve(Self.feedURL, body: Self.rss)
        let answer = try await call(request(1, "feeds.subscribe", #"{"url":"\#(page)"}"#))
        let feed = try #require((answer["result"] as? [String: Any])?["feed"] as? [String: Any], "\(answer)")
        #expect(feed["url"] as? String == Self.feedURL)
        #expect(feed["title"] as? String == "Example")

        // Asking again, by page or by feed, is refused without storing twice.
        #expect(errorCode(try await call(request(2, "feeds.subscribe", #"{"url":"\#(page)"}"#))) == -32003)
        #expect(try await store.feeds().count == 1)
    }

    @Test func aPageWithSeveralFeedsListsThemAndOneWithNoneIsNotAFeed() async throws {
        remote.serve("https://example.org/news", body: """
            <html><head>
            <link rel="alternate" type="application/rss+xml" title="Posts" href="https://example.org/posts.xml">
            <link rel="alternate" type="application/atom+xml" title="Comments" href="/comments.atom">
            </head><body></body></html>
            """, contentType: "text/html")
        let several = try await call(request(1, "feeds.subscribe", #"{"url":"https://example.org/news"}"#))
        #expect(errorCode(several) == -32006, "\(several)")
        let message = try #require((several["error"] as? [String: Any])?["message"] as? String)
        #expect(message.contains("https://example.org/posts.xml (Posts)"))
        #expect(message.contains("https://example.org/comments.atom (Comments)"))
        let candidates = try #require(((several["error"] as? [String: Any])?["data"] as? [String: Any])?["candidates"] as? [[String: Any]])
        #expect(candidates.map { $0["url"] as? String } == ["https://example.org/posts.xml", "https://example.org/comments.atom"])
        #expect(candidates.map { $0["title"] as? String } == ["Posts", "Comments"])

        remote.serve("https://example.org/plain", body: "<html><body>No feeds here</body></html>", contentType: "text/html")
        let none = try await call(request(2, "feeds.subscribe", #"{"url":"https://example.org/plain"}"#))
        #expect(errorCode(none) == -32002)
        #expect(((none["error"] as? [String: Any])?["message"] as? String)?.contains("links to no feed") == true, "\(none)")
        #expect(try await store.feeds().isEmpty)
    }

    @Test func itemsGetRendersContentAtTheRequestedWidth() async throws {
        remote.serve(Self.feedURL, body: """
            <?xml version="1.0"?><rss version="2.0"><channel><title>Example</title><link>https://example.org/</link>
            <item><title>One</title><link>https://example.org/1</link><guid>1</guid>
            <description>&lt;p&gt;Read &lt;a href="/more"&gt;more&lt;/a&gt; about it.&lt;/p&gt;&lt;script&gt;evil()&lt;/script&gt;</description></item>
            </channel></rss>
            """)
        _ = try await call(request(1, "feeds.subscribe", #"{"url":"\#(Self.feedURL)"}"#))
        let number = try #require(try await store.items(ItemQuery()).first?.id)
        let answer = try await call(request(2, "items.get", #"{"number":\#(number),"width":40}"#))
        let rendered = try #require((answer["result"] as? [String: Any])?["rendered"] as? [String: Any], "\(answer)")
        #expect(rendered["text"] as? String == "Read more[1] about it.")
        #expect(rendered["links"] as? [String] == ["https://example.org/more"])
        let plain = try await call(request(3, "items.get", #"{"number":\#(number)}"#))
        #expect((plain["result"] as? [String: Any])?["rendered"] == nil)
    }

    @Test func protocolErrors() async throws {
        #expect(errorCode(try await call("{not json")) == -32700)
        #expect(errorCode(try await call("42")) == -32600)
        #expect(errorCode(try await call(#"{"jsonrpc":"2.0","id":1}"#)) == -32600)
        #expect(errorCode(try await call(#"{"jsonrpc":"2.0","id":1,"method":"nope"}"#)) == -32601)
        let badType = try await call(request(1, "items.get", #"{"number":"x"}"#))
        #expect(errorCode(badType) == -32602)
        let missing = try await call(request(1, "items.get", "{}"))
        #expect(((missing["error"] as? [String: Any])?["message"] as? String)?.contains("params.number is required") == true, "\(missing)")
        // Absent params read as {} for methods that need none.
        let hello = try await call(#"{"jsonrpc":"2.0","id":"h","method":"feeds.list"}"#)
        #expect(hello["result"] != nil && hello["id"] as? String == "h")
        // Notifications are executed but never answered.
        #expect(await handler.handle(Data(#"{"jsonrpc":"2.0","method":"feeds.list"}"#.utf8)) == nil)
        #expect(await handler.handle(Data(#"{"jsonrpc":"2.0","method":"nope"}"#.utf8)) == nil)
    }
}

/// A daemon whose database file is lost answers every request that reaches the store with
/// `-32010`, naming the path.
struct RequestHandlerLostFileTests {
    @Test func aReplacedDatabaseIsAnsweredWithTheLoss() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-lost-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("tidings.sqlite").path
        let store = try SQLiteFeedStore(path: path, text: .verbatim)
        let logger = Logger(label: "test")
        let handler = try RequestHandler.make(
            refresher: RefreshInteractor.make(
                fetcher: RemoteDataManagerStub(), parser: LibXMLFeedParser(), store: store, concurrency: 1, logger: logger),
            library: LibraryInteractor(store: store, render: LibraryInteractor.libXMLRenderer),
            hello: .init(protocolVersion: "1.0", daemonVersion: "9.9"), logger: logger)
        #expect(unlink(path) == 0)

        let answer = try #require(await handler.handle(Data(#"{"jsonrpc":"2.0","id":1,"method":"items.list","params":{}}"#.utf8)))
        let error = try #require((try JSONSerialization.jsonObject(with: answer) as? [String: Any])?["error"] as? [String: Any])
        #expect(error["code"] as? Int == -32010)
        #expect((error["message"] as? String)?.contains("the database file \(path) was deleted") == true, "\(error)")
    }
}
