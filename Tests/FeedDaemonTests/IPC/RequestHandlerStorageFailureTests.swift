@testable import FeedDaemon
import FeedIPC
import FeedParsing
import FeedStorage
import Foundation
import Logging
import Testing

/// `status`'s `storage` and `items.search`'s `partial` on the wire (protocol 1.7), over a store
/// whose writes fail as on a full disk.
struct RequestHandlerStorageFailureTests {
    static let feedURL = "https://example.org/feed.xml"
    static let rss = """
        <rss version="2.0"><channel><title>Example</title>
        <item><title>Kernel one</title><guid>1</guid></item><item><title>Kernel two</title><guid>2</guid></item>
        </channel></rss>
        """

    let remote = RemoteDataManagerStub()
    let store: DiskFullStore
    let handler: RequestHandler

    init() throws {
        store = try DiskFullStore()
        let logger = Logger(label: "test")
        let refresher = RefreshInteractor.make(fetcher: remote, parser: LibXMLFeedParser(), store: store, concurrency: 2, logger: logger)
        handler = try RequestHandler.make(
            refresher: refresher,
            library: LibraryInteractor(store: store, render: LibraryInteractor.libXMLRenderer, backlog: refresher.backlog),
            hello: .init(protocolVersion: ProtocolVersion.current, daemonVersion: "9.9"), logger: logger)
    }

    func result(_ method: String, _ params: String = "{}") async throws -> [String: Any] {
        let request = #"{"jsonrpc":"2.0","id":1,"method":"\#(method)","params":\#(params)}"#
        let line = try #require(await handler.handle(Data(request.utf8)))
        let answer = try #require(try JSONSerialization.jsonObject(with: line) as? [String: Any])
        return try #require(answer["result"] as? [String: Any], "\(method): \(answer)")
    }

    @Test func statusShowsTheStorageErrorAndSearchSaysItIsPartial() async throws {
        remote.serve(Self.feedURL, body: Self.rss)
        _ = try await result("feeds.subscribe", #"{"url":"\#(Self.feedURL)"}"#)
        #expect(try await result("status")["storage"] == nil, "absent while writes succeed")

        // The two items wait for the index when the disk fills.
        store.isFull = true
        _ = try await result("refresh")
        let storage = try #require(try await result("status")["storage"] as? [String: Any])
        #expect(storage["error"] as? String == "database or disk is full" && storage["feeds"] as? Int == 1)
        #expect(storage["since"] is String)

        let search = try await result("items.search", #"{"query":"kernel"}"#)
        #expect((search["hits"] as? [Any])?.count == 0, "what is indexed: nothing yet")
        #expect(search["partial"] as? Bool == true && search["unindexed"] as? Int == 2)
        #expect(search["partialReason"] as? String == "database or disk is full")

        // Indexed once there is room, a search on a full disk with nothing waiting is whole.
        store.isFull = false
        #expect(try await result("items.search", #"{"query":"kernel"}"#)["partial"] == nil)
        store.isFull = true
        let whole = try await result("items.search", #"{"query":"kernel"}"#)
        #expect((whole["hits"] as? [Any])?.count == 2 && whole["partial"] == nil, "nothing waits: nothing to write")
    }
}
