@testable import FeedDaemon
import FeedEntities
import FeedIPC
import FeedParsing
import FeedStorage
import Foundation
import Logging
import Synchronization
import Testing

/// The reading-workflow methods of protocol 1.2 through the real handler, store and parser.
struct RequestHandlerLibraryTests {
    static let feedURL = "https://example.org/feed.xml"
    static let rss = """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Example</title><link>https://example.org/</link>
        <item><title>Kernel scheduler news</title><link>https://example.org/1</link><guid>1</guid>
        <description>&lt;p&gt;The &lt;b&gt;EEVDF&lt;/b&gt; scheduler lands.&lt;/p&gt;</description>
        <pubDate>Sat, 21 Nov 2026 10:00:00 GMT</pubDate></item>
        <item><title>Garden notes</title><link>https://example.org/2</link><guid>2</guid>
        <description>Tomatoes and a kernel of corn.</description><pubDate>Fri, 20 Nov 2026 10:00:00 GMT</pubDate></item>
        </channel></rss>
        """

    let remote = RemoteDataManagerStub()
    let store: SQLiteFeedStore
    let newItems: NewItemsBroadcaster
    let handler: RequestHandler

    init() throws {
        store = try SQLiteFeedStore.inMemory()
        let logger = Logger(label: "test")
        newItems = NewItemsBroadcaster(store: store, logger: logger)
        let refresher = RefreshInteractor.make(
            fetcher: remote, parser: LibXMLFeedParser(), store: store, concurrency: 4, newItems: newItems, logger: logger)
        handler = try RequestHandler.make(
            refresher: refresher, library: LibraryInteractor(store: store, render: LibraryInteractor.libXMLRenderer),
            hello: .init(protocolVersion: "1.2", daemonVersion: "9.9"),
            startedAt: Date(timeIntervalSince1970: 1_000), databasePath: "/db", logger: logger)
    }

    func call(_ method: String, _ params: String = "{}") async throws -> [String: Any] {
        let line = #"{"jsonrpc":"2.0","id":1,"method":"\#(method)","params":\#(params)}"#
        let answer = try #require(await handler.handle(Data(line.utf8)))
        return try #require(try JSONSerialization.jsonObject(with: answer) as? [String: Any])
    }

    func result(_ method: String, _ params: String = "{}") async throws -> [String: Any] {
        let answer = try await call(method, params)
        return try #require(answer["result"] as? [String: Any], "\(method): \(answer)")
    }

    func errorCode(_ method: String, _ params: String) async throws -> Int? {
        (try await call(method, params)["error"] as? [String: Any])?["code"] as? Int
    }

    func titles(_ params: String) async throws -> [String] {
        (try await result("items.list", params)["items"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
    }

    /// `items.next`: the newest unread item, then with `afterShown` the next unread one after
    /// the item shown last, whether `items.next` or `items.get` with `shown` showed it.
    @Test func nextGoesOnAfterTheItemShownLast() async throws {
        remote.serve(Self.feedURL, body: Self.rss)
        _ = try await result("feeds.subscribe", #"{"url":"\#(Self.feedURL)"}"#)
        func next(_ params: String) async throws -> (title: String?, after: Int?) {
            let answer = try await result("items.next", params)
            return ((answer["item"] as? [String: Any])?["title"] as? String, answer["after"] as? Int)
        }
        let newest = try await next(#"{"width":60}"#)
        #expect(newest.title == "Kernel scheduler news" && newest.after == nil)
        #expect(try await result("items.next", #"{"width":60}"#)["rendered"] != nil)
        let following = try await next(#"{"afterShown":true}"#)
        #expect(following.title == "Garden notes")
        let shown = try #require(following.after)
        // The last one: nothing after it.
        let end = try await next(#"{"afterShown":true}"#)
        #expect(end.title == nil && end.after != nil && end.after != shown)
        // `items.get` with `shown` moves the position back to the newest.
        let first = try #require((try await titlesWithNumbers()).first)
        _ = try await result("items.get", #"{"number":\#(first.number),"shown":true}"#)
        #expect(try await next(#"{"afterShown":true}"#).title == "Garden notes")
        // Read items are passed over; without afterShown, the newest unread.
        _ = try await result("items.markRead", #"{"all":true}"#)
        #expect(try await next(#"{"afterShown":false}"#).title == nil)
    }

    func titlesWithNumbers() async throws -> [(number: Int, title: String)] {
        (try await result("items.list", #"{"unreadOnly":false}"#)["items"] as? [[String: Any]] ?? []).compactMap {
            guard let number = $0["id"] as? Int, let title = $0["title"] as? String else { return nil }
            return (number, title)
        }
    }

    @Test func subscribeWithTagsAndTitleThenTagRenameAndFilter() async throws {
        remote.serve(Self.feedURL, body: Self.rss)
        let subscribed = try await result("feeds.subscribe", #"{"url":"\#(Self.feedURL)","tags":["news","Linux"],"title":"Mine"}"#)
        let feed = try #require(subscribed["feed"] as? [String: Any])
        #expect(feed["tags"] as? [String] == ["Linux", "news"])
        #expect(feed["title"] as? String == "Mine" && feed["hasCustomTitle"] as? Bool == true)

        let tagged = try await result("feeds.tag", #"{"feed":"mine","add":["terminal"],"remove":["NEWS"]}"#)
        #expect((tagged["feed"] as? [String: Any])?["tags"] as? [String] == ["Linux", "terminal"])
        #expect(try await errorCode("feeds.tag", #"{"feed":"1","add":["a,b"]}"#) == -32602)
        #expect(try await errorCode("feeds.tag", #"{"feed":"nope","add":["x"]}"#) == -32004)

        let renamed = try await result("feeds.rename", #"{"feed":"1","title":null}"#)
        #expect((renamed["feed"] as? [String: Any])?["title"] as? String == "Example")
        #expect((try await result("feeds.list", #"{"tag":"TERMINAL"}"#)["feeds"] as? [Any])?.count == 1)
        #expect((try await result("feeds.list", #"{"tag":"other"}"#)["feeds"] as? [Any])?.count == 0)
        #expect(try await titles(#"{"tag":"linux"}"#).count == 2)
        #expect(try await titles(#"{"tag":"other"}"#).isEmpty)
        #expect(try await titles(#"{"since":"2026-11-21T00:00:00Z"}"#) == ["Kernel scheduler news"])
    }

    @Test func aBriefFeedListHasTheMembersAListShowsAndStillDecodesAsFeeds() async throws {
        remote.serve(Self.feedURL, body: Self.rss)
        _ = try await result("feeds.subscribe", #"{"url":"\#(Self.feedURL)","tags":["news"]}"#)
        let full = try #require((try await result("feeds.list")["feeds"] as? [[String: Any]])?.first)
        let brief = try #require((try await result("feeds.list", #"{"brief":true}"#)["feeds"] as? [[String: Any]])?.first)
        #expect(Set(brief.keys) == ["id", "url", "title", "subscribedAt", "itemCount", "unreadCount", "tags"])
        #expect(full.keys.count > brief.keys.count + 5)
        for key in brief.keys { #expect("\(brief[key]!)" == "\(full[key]!)", "\(key)") }

        // A failing feed says so in brief too.
        let feedID = try #require(brief["id"] as? Int64 ?? (brief["id"] as? Int).map(Int64.init))
        try await store.recordFailure(feedID: feedID, error: "HTTP 503", check: FeedCheck(at: Date(), httpStatus: 503))
        let failing = try #require((try await result("feeds.list", #"{"brief":true}"#)["feeds"] as? [[String: Any]])?.first)
        #expect(failing["lastError"] as? String == "HTTP 503" && failing["consecutiveFailures"] as? Int == 1)
        #expect(failing["httpStatus"] as? Int == 503)

        // Through the client's decoder: `Feed`s whose absent members are their defaults.
        let answer = try #require(await handler.handle(Data(#"{"jsonrpc":"2.0","id":1,"method":"feeds.list","params":{"brief":true}}"#.utf8)))
        let decoded = try WireCoding.makeDecoder().decode(RPCIncoming<RPC.ListFeeds.Result>.self, from: answer)
        let feed = try #require(decoded.result?.feeds.first)
        #expect(feed.title == "Example" && feed.itemCount == 2 && feed.unreadCount == 2 && feed.tags == ["news"])
        #expect(feed.etag == nil && feed.lastRefreshed == nil && feed.consecutiveFailures == 1)
    }

    @Test func searchStarAndMarkRead() async throws {
        remote.serve(Self.feedURL, body: Self.rss)
        _ = try await result("feeds.subscribe", #"{"url":"\#(Self.feedURL)"}"#)
        let hits = try #require(try await result("items.search", #"{"query":"kernel"}"#)["hits"] as? [[String: Any]])
        #expect(hits.count == 2)
        #expect(hits.first?["title"] as? String == "\u{02}Kernel\u{03} scheduler news")
        #expect((hits.last?["snippet"] as? String)?.contains("\u{02}kernel\u{03} of corn") == true)
        #expect(try await titles(#"{"search":"eevdf"}"#) == ["Kernel scheduler news"])
        #expect(try await errorCode("items.search", #"{"query":"-nothing"}"#) == -32602)
        // A saved view's query (protocol 1.17); one that cannot be read says why.
        #expect(try await titles(#"{"where":"eevdf OR title:kernel","unreadOnly":false}"#) == ["Kernel scheduler news"])
        let wrong = try await call("items.list", #"{"where":"(eevdf"}"#)["error"] as? [String: Any]
        #expect(wrong?["code"] as? Int == -32602 && wrong?["message"] as? String == "Invalid params: where: a '(' is not closed", "\(String(describing: wrong))")

        let items = try #require(try await result("items.list")["items"] as? [[String: Any]])
        let first = try #require(items.first?["id"] as? Int)
        let starred = try await result("items.star", #"{"numbers":[\#(first),999]}"#)
        #expect(starred["updated"] as? Int == 1 && starred["missing"] as? [Int] == [999])
        #expect(try await titles(#"{"starredOnly":true,"unreadOnly":false}"#) == ["Kernel scheduler news"])

        let byFeed = try await result("items.markRead", #"{"feed":"example"}"#)
        #expect(byFeed["updated"] as? Int == 2)
        #expect((byFeed["feed"] as? [String: Any])?["title"] as? String == "Example", "the feed the selector named")
        #expect(try await titles("{}").isEmpty)
        #expect(try await result("items.markRead", #"{"all":true,"read":false}"#)["updated"] as? Int == 2)
        #expect(try await errorCode("items.markRead", #"{"all":true,"numbers":[1]}"#) == -32602)
        #expect(try await errorCode("items.markRead", "{}") == -32602)

        let status = try await result("status")
        #expect(status["feeds"] as? Int == 1 && status["items"] as? Int == 2 && status["unread"] as? Int == 2)
        #expect(status["starred"] as? Int == 1 && status["schemaVersion"] as? String == SQLiteFeedStore.latestSchemaVersion)
        #expect(status["startedAt"] as? String == "1970-01-01T00:16:40Z" && status["databasePath"] as? String == "/db")
        #expect(status["refreshing"] as? Bool == false)
    }

    @Test func unsubscribeKeepsStarredItemsAndCountsWhatWentAndStayed() async throws {
        remote.serve(Self.feedURL, body: Self.rss)
        _ = try await result("feeds.subscribe", #"{"url":"\#(Self.feedURL)"}"#)
        let items = try #require(try await result("items.list")["items"] as? [[String: Any]])
        let first = try #require(items.first?["id"] as? Int)
        _ = try await result("items.star", #"{"numbers":[\#(first)]}"#)
        // A title prefix under three characters does not name a feed to change.
        for (method, params) in [
            ("feeds.unsubscribe", #"{"feed":"ex"}"#), ("feeds.rename", #"{"feed":"ex","title":"X"}"#),
            ("items.markRead", #"{"feed":"ex"}"#),
        ] {
            let error = try #require(try await call(method, params)["error"] as? [String: Any])
            #expect(error["code"] as? Int == -32005, "\(method)")
            #expect((error["message"] as? String)?.hasPrefix("'ex' is too short to pick the feed to ") == true, "\(error)")
        }
        #expect((try await result("items.list", #"{"feed":"ex"}"#)["items"] as? [Any])?.count == 2, "reading takes any prefix")

        let removed = try await result("feeds.unsubscribe", #"{"feed":"exa"}"#)
        #expect((removed["feed"] as? [String: Any])?["itemCount"] as? Int == 2)
        #expect(removed["deletedItems"] as? Int == 1 && removed["keptItems"] as? Int == 1, "\(removed)")
        let starred = try #require(try await result("items.list", #"{"starredOnly":true,"unreadOnly":false}"#)["items"] as? [[String: Any]])
        #expect(starred.map { $0["feedTitle"] as? String } == ["Example (unsubscribed)"])
        #expect((try await result("feeds.list")["feeds"] as? [Any])?.isEmpty == true)

        _ = try await result("feeds.subscribe", #"{"url":"\#(Self.feedURL)"}"#)
        let all = try await result("feeds.unsubscribe", #"{"feed":"1","deleteStarred":true}"#)
        #expect(all["deletedItems"] as? Int == 2 && all["keptItems"] as? Int == 0, "\(all)")
        #expect((try await result("items.list", #"{"unreadOnly":false}"#)["items"] as? [Any])?.isEmpty == true)
    }

    @Test func importAddsFeedsOnceAndReportsSkips() async throws {
        let opml = #"<opml version=\"2.0\"><body><outline text=\"Tech\"><outline text=\"Ex\" xmlUrl=\"https://example.org/feed.xml\"/></outline><outline text=\"Bad\" xmlUrl=\"file:///etc/passwd\"/></body></opml>"#
        let first = try await result("feeds.import", #"{"document":"\#(opml)"}"#)
        #expect(first["format"] as? String == "opml")
        #expect((first["added"] as? [[String: Any]])?.first?["tags"] as? [String] == ["Tech"])
        #expect((first["skipped"] as? [[String: Any]])?.first?["reason"] as? String == "only http and https feeds can be imported")
        let second = try await result("feeds.import", #"{"document":"\#(opml)"}"#)
        #expect((second["added"] as? [Any])?.isEmpty == true && (second["existing"] as? [Any])?.count == 1)
        #expect(try await errorCode("feeds.import", #"{"document":"<rss/>"}"#) == -32602)
    }

    /// A NUL or another control character in a title or tag is refused as invalid params,
    /// naming the field, and changes nothing; so is a URL longer than the store keeps.
    @Test func controlCharactersInTitlesAndTagsAndOverlongURLsAreInvalidParams() async throws {
        remote.serve(Self.feedURL, body: Self.rss)
        _ = try await result("feeds.subscribe", #"{"url":"\#(Self.feedURL)","title":"Mine"}"#)
        func message(_ method: String, _ params: String) async throws -> (code: Int?, message: String) {
            let error = try await call(method, params)["error"] as? [String: Any]
            return (error?["code"] as? Int, error?["message"] as? String ?? "")
        }
        let rename = try await message("feeds.rename", #"{"feed":"1","title":"cut\u0000here"}"#)
        #expect(rename.code == -32602 && rename.message.hasPrefix(#"the title 'cut\0here' holds a control character (U+0000)"#), "\(rename)")
        #expect(try await errorCode("feeds.rename", #"{"feed":"1","title":"two\nlines"}"#) == -32602)
        let tag = try await message("feeds.tag", #"{"feed":"1","add":["a\u0000b"]}"#)
        #expect(tag.code == -32602 && tag.message.hasPrefix(#"'a\0b' is not a valid tag"#), "\(tag)")
        let feed = try #require((try await result("feeds.list")["feeds"] as? [[String: Any]])?.first)
        #expect(feed["title"] as? String == "Mine" && feed["tags"] as? [String] == [])

        let long = "https://example.org/" + String(repeating: "a", count: 5000)
        let subscribe = try await message("feeds.subscribe", #"{"url":"\#(long)"}"#)
        #expect(subscribe.code == -32602 && subscribe.message.hasSuffix("a feed URL may be at most 4096 bytes"), "\(subscribe)")
        #expect(subscribe.message.utf8.count < 300)
        #expect(remote.requests(for: long) == 0, "nothing fetched for a URL that cannot be stored")
    }

    @Test func watchSendsNewItemsUntilTheDaemonStops() async throws {
        let sent = Mutex<[Data]>([])
        let watching = Task {
            await handler.handle(Data(#"{"jsonrpc":"2.0","id":7,"method":"watch"}"#.utf8)) { line in
                sent.withLock { $0.append(line) }
                return true
            }
        }
        // The watch registers asynchronously; wait until it has.
        while await newItems.watcherCount == 0 { try await Task.sleep(for: .milliseconds(5)) }
        remote.serve(Self.feedURL, body: Self.rss)
        _ = try await result("feeds.subscribe", #"{"url":"\#(Self.feedURL)"}"#)
        await newItems.finishAll()
        let answer = try #require(await watching.value)
        #expect(String(decoding: answer, as: UTF8.self).contains(#""id":7"#))
        let notifications = try sent.withLock { $0 }.map { try #require(try JSONSerialization.jsonObject(with: $0) as? [String: Any]) }
        #expect(notifications.count == 1)
        #expect(notifications.first?["method"] as? String == "items.new")
        let items = try #require((notifications.first?["params"] as? [String: Any])?["items"] as? [[String: Any]])
        #expect(items.compactMap { $0["title"] as? String } == ["Garden notes", "Kernel scheduler news"], "oldest number first")
    }
}
