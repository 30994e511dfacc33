@testable import FeedDaemon
import FeedIPC
import FeedParsing
import FeedStorage
import Foundation
import Logging
import Synchronization
import Testing

/// `rules.list`, `rules.test` and hidden items in `items.list`, through the real handler, store and parser.
struct RequestHandlerRulesTests {
    static let feedURL = "https://example.org/feed.xml"
    static let rss = """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Example</title><link>https://example.org/</link>
        <item><title>Sponsored: buy now</title><link>https://example.org/1</link><guid>1</guid>
        <pubDate>Sat, 21 Nov 2026 10:00:00 GMT</pubDate></item>
        <item><title>Garden notes</title><link>https://example.org/2</link><guid>2</guid>
        <pubDate>Fri, 20 Nov 2026 10:00:00 GMT</pubDate></item>
        </channel></rss>
        """

    let remote = RemoteDataManagerStub()
    let store: SQLiteFeedStore
    /// Answers with the rules below; new items go through them too.
    let handler: RequestHandler
    /// Answers with the rules below; new items are stored as they come.
    let handlerWithoutNewItemRules: RequestHandler

    init() throws {
        store = try SQLiteFeedStore.inMemory()
        let logger = Logger(label: "test")
        let rules = [
            Rule(name: "ads", conditions: [RuleCondition(field: .title, pattern: try RulePattern(parsing: "/(?i)^sponsored/"))],
                 actions: [.hide]),
            Rule(name: "garden", conditions: [RuleCondition(field: .title, pattern: try RulePattern(parsing: "garden"))],
                 actions: [.star, .addTag("home")]),
        ]
        let (store, remote) = (store, remote)
        func makeHandler(newItemRules: [Rule]) throws -> RequestHandler {
            let refresher = RefreshInteractor.make(
                fetcher: remote, parser: LibXMLFeedParser(), store: store, concurrency: 4, rules: RuleSet(newItemRules),
                logger: logger)
            return try RequestHandler.make(
                refresher: refresher, library: LibraryInteractor(store: store, render: LibraryInteractor.libXMLRenderer),
                hello: .init(protocolVersion: "1.4", daemonVersion: "9.9"), rules: rules, logger: logger)
        }
        handler = try makeHandler(newItemRules: rules)
        handlerWithoutNewItemRules = try makeHandler(newItemRules: [])
    }

    func call(_ method: String, _ params: String = "{}", newItemRules: Bool = true) async throws -> [String: Any] {
        let line = #"{"jsonrpc":"2.0","id":1,"method":"\#(method)","params":\#(params)}"#
        let answer = try #require(await (newItemRules ? handler : handlerWithoutNewItemRules).handle(Data(line.utf8)))
        return try #require(try JSONSerialization.jsonObject(with: answer) as? [String: Any])
    }

    func result(_ method: String, _ params: String = "{}") async throws -> [String: Any] {
        let answer = try await call(method, params)
        return try #require(answer["result"] as? [String: Any], "\(method): \(answer)")
    }

    func titles(_ params: String) async throws -> [String] {
        (try await result("items.list", params)["items"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
    }

    @Test func rulesApplyListCountAndTest() async throws {
        remote.serve(Self.feedURL, body: Self.rss)
        _ = try await result("feeds.subscribe", #"{"url":"\#(Self.feedURL)"}"#)

        #expect(try await titles("{}") == ["Garden notes"])
        #expect(try await titles(#"{"includeHidden":true}"#) == ["Sponsored: buy now", "Garden notes"])
        let starred = try await result("items.list", #"{"starredOnly":true,"unreadOnly":false}"#)["items"] as? [[String: Any]]
        #expect(starred?.compactMap { $0["title"] as? String } == ["Garden notes"])
        #expect(try await titles(#"{"tag":"home"}"#) == ["Garden notes"])

        let rules = try #require(try await result("rules.list")["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["name"] as? String } == ["ads", "garden"])
        #expect(rules.compactMap { $0["matched"] as? Int } == [1, 1])
        #expect(rules.first?["conditions"] as? String == "title: /(?i)^sponsored/")
        #expect(rules.last?["actions"] as? [String] == ["star", "tag:home"])

        let test = try await result("rules.test", #"{"name":"ads"}"#)
        #expect((test["items"] as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["Sponsored: buy now"])
        #expect((test["rule"] as? [String: Any])?["name"] as? String == "ads")
    }

    /// Items stored before the rule existed: `rules.apply` does to them what the rule does to
    /// new ones, once.
    @Test func applyingARuleChangesStoredItemsAndCountsThem() async throws {
        remote.serve(Self.feedURL, body: Self.rss)
        _ = try await call("feeds.subscribe", #"{"url":"\#(Self.feedURL)"}"#, newItemRules: false)
        #expect(try await titles("{}") == ["Sponsored: buy now", "Garden notes"])

        let applied = try await result("rules.apply", #"{"name":"garden"}"#)
        #expect((applied["rule"] as? [String: Any])?["name"] as? String == "garden")
        #expect(applied["matched"] as? Int == 1)
        #expect(applied["starred"] as? Int == 1 && applied["tagged"] as? Int == 1)
        #expect(applied["markedRead"] as? Int == 0 && applied["hidden"] as? Int == 0)
        #expect(try await titles(#"{"tag":"home"}"#) == ["Garden notes"])
        let again = try await result("rules.apply", #"{"name":"garden"}"#)
        #expect(again["matched"] as? Int == 1 && again["starred"] as? Int == 0 && again["tagged"] as? Int == 0)

        #expect(try await result("rules.apply", #"{"name":"ads"}"#)["hidden"] as? Int == 1)
        #expect(try await titles("{}") == ["Garden notes"])
        let unknown = try #require(try await call("rules.apply", #"{"name":"nope"}"#)["error"] as? [String: Any])
        #expect(unknown["code"] as? Int == RPCErrorCode.notFound.rawValue)
    }

    @Test func testingAnUnknownRuleIsNotFound() async throws {
        let answer = try await call("rules.test", #"{"name":"nope"}"#)
        let error = try #require(answer["error"] as? [String: Any])
        #expect(error["code"] as? Int == RPCErrorCode.notFound.rawValue)
        #expect((error["message"] as? String)?.contains("nope") == true)
    }
}
