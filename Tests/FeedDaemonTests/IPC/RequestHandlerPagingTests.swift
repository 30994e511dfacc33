@testable import FeedDaemon
import FeedIPC
import Foundation
import Testing

/// `items.list` in pages (protocol 1.8): `after`, `before`, `fromEnd` and `withPosition`
/// through the real handler, store and parser (the fixture of RequestHandlerLibraryTests).
struct RequestHandlerPagingTests {
    let library: RequestHandlerLibraryTests

    init() throws {
        library = try RequestHandlerLibraryTests()
    }

    /// Seven items, three of them at the same moment.
    static let rss: String = {
        let dates = ["Sat, 21 Nov 2026", "Fri, 20 Nov 2026", "Fri, 20 Nov 2026", "Fri, 20 Nov 2026", "Thu, 19 Nov 2026",
                     "Wed, 18 Nov 2026", "Tue, 17 Nov 2026"]
        let items = dates.enumerated().map { index, date in
            "<item><title>Item \(index)</title><link>https://example.org/\(index)</link><guid>\(index)</guid>"
                + "<pubDate>\(date) 10:00:00 GMT</pubDate></item>"
        }
        return """
            <?xml version="1.0"?><rss version="2.0"><channel><title>Example</title><link>https://example.org/</link>
            \(items.joined(separator: "\n"))
            </channel></rss>
            """
    }()

    private func subscribe() async throws -> [(number: Int, title: String)] {
        library.remote.serve(RequestHandlerLibraryTests.feedURL, body: Self.rss)
        _ = try await library.result("feeds.subscribe", #"{"url":"\#(RequestHandlerLibraryTests.feedURL)"}"#)
        return try await library.titlesWithNumbers()
    }

    @Test func pagesGoDownUpAndToTheEndWithTheirPosition() async throws {
        let listing = try await subscribe()
        #expect(listing.map(\.title) == (0..<7).map { "Item \($0)" })
        func page(_ params: String) async throws -> (titles: [String], total: Int?, offset: Int?) {
            let result = try await library.result("items.list", params)
            let titles = (result["items"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
            return (titles, result["total"] as? Int, result["offset"] as? Int)
        }
        let second = listing[1].number, fifth = listing[4].number
        let down = try await page(#"{"after":\#(second),"limit":2,"withPosition":true}"#)
        #expect(down.titles == ["Item 2", "Item 3"] && down.total == 7 && down.offset == 2)
        let up = try await page(#"{"before":\#(fifth),"limit":3,"withPosition":true}"#)
        #expect(up.titles == ["Item 1", "Item 2", "Item 3"] && up.total == 7 && up.offset == 1)
        let end = try await page(#"{"fromEnd":true,"limit":2,"withPosition":true}"#)
        #expect(end.titles == ["Item 5", "Item 6"] && end.total == 7 && end.offset == 5)
        let past = try await page(#"{"after":\#(listing[6].number),"limit":2,"withPosition":true}"#)
        #expect(past.titles.isEmpty && past.total == 7 && past.offset == 7)
        // Filters count too: one item read leaves six in the unread listing.
        _ = try await library.result("items.markRead", #"{"numbers":[\#(listing[0].number)]}"#)
        let unread = try await page(#"{"before":\#(fifth),"withPosition":true}"#)
        #expect(unread.titles == ["Item 1", "Item 2", "Item 3"] && unread.total == 6 && unread.offset == 0)
        // Without the new params the answer is the one older clients know: no total, no offset.
        let plain = try await library.result("items.list", #"{"limit":2}"#)
        #expect(plain["total"] == nil && plain["offset"] == nil)
        #expect((plain["items"] as? [Any])?.count == 2)
        let unasked = try await page(#"{"after":\#(second),"limit":1}"#)
        #expect(unasked.titles == ["Item 2"] && unasked.total == nil && unasked.offset == nil)
    }

    @Test func conflictingParamsAndAVanishedAnchorAreErrors() async throws {
        let listing = try await subscribe()
        let number = listing[2].number
        func error(_ params: String) async throws -> (code: Int?, message: String?) {
            let error = try await library.call("items.list", params)["error"] as? [String: Any]
            return (error?["code"] as? Int, error?["message"] as? String)
        }
        let both = try await error(#"{"after":\#(number),"before":\#(number)}"#)
        #expect(both.code == RPCErrorCode.invalidParams.rawValue)
        #expect(both.message == "Invalid params: give at most one of after and before")
        for params in [#"{"fromEnd":true,"after":\#(number)}"#, #"{"fromEnd":true,"before":\#(number)}"#] {
            let refused = try await error(params)
            #expect(refused.code == RPCErrorCode.invalidParams.rawValue, "\(params)")
            #expect(refused.message == "Invalid params: fromEnd cannot be combined with after or before", "\(params)")
        }
        for params in [#"{"after":424242}"#, #"{"before":424242,"withPosition":true}"#] {
            let gone = try await error(params)
            #expect(gone.code == RPCErrorCode.notFound.rawValue && gone.message == "no item 424242", "\(params)")
        }
        let wrongType = try await error(#"{"after":"x"}"#)
        #expect(wrongType.code == RPCErrorCode.invalidParams.rawValue && wrongType.message?.contains("params.after") == true)
    }
}
