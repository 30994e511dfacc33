import Foundation
import Testing
import TestSupport

/// `items.list` in pages through the real daemon (protocol 1.8), as the reader asks for them:
/// raw JSON-RPC lines on its socket, a page at a time, down from the top and up from the end.
@Suite(.timeLimit(.minutes(3)))
struct PagingTests {
    @Test func pagesDownAndUpCoverTheListingWithTheirPositions() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        // 150 items whose dates repeat every 60 items: ties that the numbers break.
        server.route("/feed.xml", .ok(ManyFeeds.rss(feed: 1, items: 150, padding: 24)))
        let daemon = try await DaemonHarness()
        #expect(try await daemon.tidings(["subscribe", server.url("/feed.xml")]).status == 0)
        let client = try RawSocket(path: daemon.socketPath)
        defer { client.close() }
        var id = 0
        func list(_ params: String) throws -> [String: Any] {
            id += 1
            return try client.request(#"{"jsonrpc":"2.0","id":\#(id),"method":"items.list","params":\#(params)}"#)
        }
        func page(_ params: String) throws -> (numbers: [Int], total: Int?, offset: Int?) {
            let result = try #require(try list(params)["result"] as? [String: Any], "\(params)")
            let numbers = (result["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
            return (numbers, result["total"] as? Int, result["offset"] as? Int)
        }

        let listing = try page(#"{"unreadOnly":false}"#)
        #expect(listing.numbers.count == 150 && listing.total == nil && listing.offset == nil, "an old client's answer")
        var down: [Int] = []
        var next = try page(#"{"unreadOnly":false,"limit":40,"withPosition":true}"#)
        while !next.numbers.isEmpty {
            #expect(next.total == 150 && next.offset == down.count)
            down += next.numbers
            next = try page(#"{"unreadOnly":false,"limit":40,"withPosition":true,"after":\#(down.last ?? 0)}"#)
        }
        #expect(down == listing.numbers)
        #expect(next.offset == 150, "after the last item: the end")

        var up: [Int] = []
        next = try page(#"{"unreadOnly":false,"limit":40,"withPosition":true,"fromEnd":true}"#)
        while !next.numbers.isEmpty {
            #expect(next.total == 150 && next.offset == 150 - up.count - next.numbers.count)
            up = next.numbers + up
            next = try page(#"{"unreadOnly":false,"limit":40,"withPosition":true,"before":\#(up.first ?? 0)}"#)
        }
        #expect(up == listing.numbers)

        // Items read meanwhile leave the unread listing without moving an anchor's place.
        #expect(try await daemon.tidings(["read"] + listing.numbers[10..<20].map(String.init)).status == 0)
        let unread = try page(#"{"limit":5,"withPosition":true,"after":\#(listing.numbers[15])}"#)
        #expect(unread.numbers == Array(listing.numbers[20..<25]) && unread.total == 140 && unread.offset == 10)

        let gone = try #require(try list(#"{"after":999999}"#)["error"] as? [String: Any])
        #expect(gone["code"] as? Int == -32004 && gone["message"] as? String == "no item 999999")
        let both = try #require(try list(#"{"after":1,"before":2}"#)["error"] as? [String: Any])
        #expect(both["code"] as? Int == -32602)
        #expect(await daemon.stop() == 0)
    }
}
