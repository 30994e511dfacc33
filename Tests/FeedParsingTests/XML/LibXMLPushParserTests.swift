import Foundation
import Testing
import FeedEntities
import FeedParsing

/// Whether a document was cut short: it ends before its root element closes.
@Suite("LibXMLPushParser truncation")
struct LibXMLPushParserTests {
    static let complete = """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0"><channel><title>T</title>
        <item><title>One</title><guid>1</guid></item>
        <item><title>Two</title><guid>2</guid></item>
        <item><title>Three</title><guid>3</guid></item>
        </channel></rss>
        """

    @Test func aCompleteDocumentIsNotTruncated() throws {
        let feed = try FixtureLoader.parse(xml: Self.complete)
        #expect(feed.wellFormed)
        #expect(!feed.truncated)
        #expect(feed.items.count == 3)
    }

    @Test func aDocumentCutInsideAnItemIsTruncatedAndKeepsWhatCameBefore() throws {
        let cut = String(Self.complete[..<Self.complete.range(of: "<title>Three")!.upperBound])
        let feed = try FixtureLoader.parse(xml: cut)
        #expect(feed.truncated)
        #expect(!feed.wellFormed)
        // The parser keeps what came of the item the cut fell in (`tidingsd parse` shows it);
        // what the daemon stores leaves it out, since its fields stop wherever the bytes did.
        #expect(feed.items.count == 3)
        #expect(feed.storable.items.map(\.id) == ["1", "2"])
    }

    @Test func aDocumentCutJustBeforeItsRootEndTagIsTruncated() throws {
        let cut = String(Self.complete[..<Self.complete.range(of: "</rss>")!.lowerBound])
        let feed = try FixtureLoader.parse(xml: cut)
        #expect(feed.truncated)
        #expect(feed.items.count == 3)
    }

    @Test(arguments: [1, 7, 64, 1 << 20])
    func truncationIsFoundHoweverTheBytesArrive(chunkSize: Int) throws {
        let cut = Data(Self.complete.utf8.prefix(Self.complete.utf8.count - 20))
        let session = FeedParseSession(baseURL: nil, charset: nil)
        var offset = 0
        while offset < cut.count {
            try session.append(cut[offset..<min(offset + chunkSize, cut.count)])
            offset += chunkSize
        }
        #expect(try session.finish().truncated)
    }

    @Test func brokenButCompleteDocumentsAreNotTruncated() throws {
        // An unclosed element inside, a mismatched end tag, a bare ampersand: all recovered,
        // and the root element closes.
        let broken = [
            "<rss version=\"2.0\"><channel><title>T</title><item><title>One</item></channel></rss>",
            "<rss version=\"2.0\"><channel><title>T &amp Q</title><image><url>u</url><item><title>One</title></item></channel></rss>",
            "<rss version=\"2.0\"><channel><title>T</title><item><title>One</title></itm></item></channel></rss>",
            "<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>T</title><entry><id>1</id><title>One</entry></feed>",
        ]
        for document in broken {
            let feed = try FixtureLoader.parse(xml: document)
            #expect(!feed.wellFormed, "\(document)")
            #expect(!feed.truncated, "\(document)")
        }
    }

    @Test func trailingGarbageAfterTheRootIsNotTruncation() throws {
        let feed = try FixtureLoader.parse(xml: Self.complete + "<junk")
        #expect(!feed.truncated)
        #expect(feed.items.count == 3)
    }
}
