@testable import FeedDaemon
import FeedIPC
import FeedParsing
import FeedStorage
import Foundation
import Logging
import Testing

/// `maintenance` through the real handler: configured, and not (yet) configured.
struct RequestHandlerMaintenanceTests {
    static func handler(
        maintenance: MaintenanceInteractor?, store: SQLiteFeedStore? = nil, remote: RemoteDataManagerStub = RemoteDataManagerStub()
    ) throws -> RequestHandler {
        let store = try store ?? SQLiteFeedStore.inMemory()
        let logger = Logger(label: "test")
        let refresher = RefreshInteractor.make(
            fetcher: remote, parser: LibXMLFeedParser(), store: store, concurrency: 1, logger: logger)
        return try RequestHandler.make(
            refresher: refresher, library: LibraryInteractor(store: store, render: LibraryInteractor.libXMLRenderer),
            hello: .init(protocolVersion: "1.3", daemonVersion: "9.9"), maintenance: maintenance,
            logger: logger)
    }

    static func call(_ handler: RequestHandler, _ params: String) async throws -> [String: Any] {
        let line = #"{"jsonrpc":"2.0","id":1,"method":"maintenance","params":\#(params)}"#
        let answer = try #require(await handler.handle(Data(line.utf8)))
        return try #require(try JSONSerialization.jsonObject(with: answer) as? [String: Any])
    }

    @Test func answersWithTheCheckAndWhatWasDone() async throws {
        let store = try SQLiteFeedStore.inMemory()
        let maintenance = MaintenanceInteractor(store: store, retentionPolicy: { RetentionPolicy() }, logger: Logger(label: "test"))
        let handler = try Self.handler(maintenance: maintenance)
        let answer = try await Self.call(handler, #"{"retention":true}"#)
        let result = try #require(answer["result"] as? [String: Any], "\(answer)")
        #expect(result["problems"] as? [String] == [])
        #expect(result["vacuumed"] as? Bool == true, "vacuum is on unless turned off")
        #expect(result["retentionApplied"] as? Bool == true && result["itemsDeleted"] as? Int == 0)
        #expect(Set(result.keys) == [
            "problems", "retentionApplied", "itemsDeleted", "vacuumed", "bytesBefore", "bytesAfter", "durationMilliseconds",
        ])
        let quick = try #require(try await Self.call(handler, "{\"vacuum\":false}")["result"] as? [String: Any])
        #expect(quick["vacuumed"] as? Bool == false && quick["retentionApplied"] as? Bool == false)
    }

    @Test func retentionThenARefreshOfTheSameDocumentStoresNothing() async throws {
        let url = "https://example.org/thirty.xml"
        let items = (1...30).reversed().map { n in
            "<item><title>Entry \(n)</title><guid>urn:entry:\(n)</guid><pubDate>\(n < 10 ? "0" : "")\(n) Nov 2026 08:00:00 GMT</pubDate></item>"
        }
        let remote = RemoteDataManagerStub()
        remote.serve(url, body: "<rss version=\"2.0\"><channel><title>Thirty</title>\(items.joined())</channel></rss>")
        let store = try SQLiteFeedStore.inMemory()
        let maintenance = MaintenanceInteractor(
            store: store, retentionPolicy: { RetentionPolicy(maximumItemsPerFeed: 10, keepUnread: false) },
            logger: Logger(label: "test"))
        let handler = try Self.handler(maintenance: maintenance, store: store, remote: remote)
        func call(_ method: String, _ params: String) async throws -> [String: Any] {
            let line = #"{"jsonrpc":"2.0","id":1,"method":"\#(method)","params":\#(params)}"#
            let answer = try #require(await handler.handle(Data(line.utf8)))
            let object = try #require(try JSONSerialization.jsonObject(with: answer) as? [String: Any])
            return try #require(object["result"] as? [String: Any], "\(method): \(object)")
        }

        let subscribed = try await call("feeds.subscribe", #"{"url":"\#(url)"}"#)
        #expect(subscribed["itemCount"] as? Int == 30)
        let result = try await call("maintenance", #"{"retention":true,"vacuum":false}"#)
        #expect(result["itemsDeleted"] as? Int == 20, "\(result)")
        let refreshed = try await call("refresh", "{}")
        let outcomes = try #require(refreshed["outcomes"] as? [[String: Any]])
        #expect(outcomes.first?["newItems"] as? Int == 0, "\(refreshed)")
        let listed = try await call("items.list", #"{"unreadOnly":false}"#)["items"] as? [[String: Any]] ?? []
        #expect(listed.compactMap { $0["title"] as? String } == (21...30).reversed().map { "Entry \($0)" })
    }

    @Test func wrongParamTypesAreInvalidParams() async throws {
        let handler = try Self.handler(maintenance: nil)
        let answer = try await Self.call(handler, #"{"vacuum":"yes"}"#)
        let error = try #require(answer["error"] as? [String: Any])
        #expect(error["code"] as? Int == -32602)
        #expect((error["message"] as? String)?.contains("params.vacuum") == true, "\(error)")
    }
}
