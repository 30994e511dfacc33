@testable import FeedDaemon
import FeedEntities
import FeedFetching
import FeedParsing
import Foundation
import Testing

@Suite("ParsingSink")
struct ParsingSinkTests {
    /// An RSS document of `count` items, each with a paragraph of text.
    private func document(items count: Int) -> [UInt8] {
        let items = (0..<count).map { index in
            "<item><guid>item-\(index)</guid><title>Item \(index)</title>"
                + "<description>\(String(repeating: "Some words about item \(index). ", count: 20))</description></item>"
        }
        return Array("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Pieces</title>\(items.joined())</channel></rss>".utf8)
    }

    /// Feeds `body` to a sink in pieces of `pieceSize` bytes, as a transfer would, and finishes it.
    private func parse(_ body: [UInt8], inPiecesOf pieceSize: Int) async throws -> ParsedFeed {
        let sink = ParsingSink(parser: LibXMLFeedParser(), thread: ParseThread(name: "test-parse"))
        #expect(sink.begin(finalURL: "https://example.org/feed.xml", contentType: "application/rss+xml"))
        var offset = 0
        while offset < body.count {
            let end = min(offset + pieceSize, body.count)
            #expect(body[offset..<end].withUnsafeBytes { sink.receive($0) })
            offset = end
        }
        return try await sink.finish(FetchResponse(finalURL: "https://example.org/feed.xml", status: 200, body: Data()))
    }

    /// Whatever the pieces libcurl delivers, the document parsed is the same.
    @Test(arguments: [1, 700, 16 << 10, 64 << 10, (64 << 10) + 1])
    func aBodyInAnyPiecesIsParsedWhole(pieceSize: Int) async throws {
        let long = document(items: 400)
        #expect(long.count > 3 * (64 << 10))
        let feed = try await parse(long, inPiecesOf: pieceSize)
        #expect(feed.title == "Pieces")
        #expect(feed.items.map(\.id) == (0..<400).map { "item-\($0)" })

        let short = document(items: 2)
        #expect(try await parse(short, inPiecesOf: pieceSize).items.count == 2)
    }

    /// What is not a feed stops the download within a piece or two of where it shows.
    @Test func aBodyThatIsNoFeedStopsTheDownload() async throws {
        let sink = ParsingSink(parser: LibXMLFeedParser(), thread: ParseThread(name: "test-parse"))
        #expect(sink.begin(finalURL: "https://example.org/page", contentType: "text/plain"))
        let piece = [UInt8](repeating: UInt8(ascii: "x"), count: 4096)
        var accepted = 0
        for _ in 0..<1000 {
            guard piece.withUnsafeBytes({ sink.receive($0) }) else { break }
            accepted += piece.count
            try await Task.sleep(for: .milliseconds(1))  // the parse thread's turn
        }
        #expect(accepted < 1000 * piece.count, "the sink never stopped the download")
        #expect(sink.failure != nil)
    }
}
