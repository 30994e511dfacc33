import Foundation
import Testing
@testable import FeedParsing

/// A document cut before its root element closes keeps every item that ended before the cut,
/// however it is read: whole, in chunks, streamed into the parse contract.
struct CutDocumentTests {
    static let document = """
        <?xml version="1.0" encoding="utf-8"?>
        <rss version="2.0"><channel><title>Cut</title><link>https://t.example/</link>
        <item><title>One</title><guid>a</guid><description>Text of one</description></item>
        <item><title>Two</title><guid>b</guid><description>Text of two</description></item>

        """

    @Test(arguments: [1, 7, 64, 4096])
    func everyItemBeforeTheCutIsKeptInChunksOf(size: Int) throws {
        let data = Array(Self.document.utf8)
        let session = LibXMLFeedParser().makeSession(baseURL: "http://127.0.0.1:8080/feed.xml", charset: nil)
        var offset = 0
        while offset < data.count {
            try data[offset..<min(offset + size, data.count)].withUnsafeBytes { try session.append($0) }
            offset += size
        }
        let feed = try session.finish()
        #expect(feed.items.map(\.title) == ["One", "Two"])
        #expect(feed.truncated)
        #expect(!feed.lastItemCut)
        #expect(feed.storable.items.count == 2)
    }

    @Test func aCutInsideTheLastItemLeavesItOutOfWhatIsStored() throws {
        let cut = Self.document + "<item><title>Thr"
        let feed = try LibXMLFeedParser().parse(Data(cut.utf8), baseURL: nil, charset: nil)
        #expect(feed.items.map(\.title) == ["One", "Two", "Thr"])
        #expect(feed.truncated && feed.lastItemCut)
        #expect(feed.storable.items.map(\.title) == ["One", "Two"])
    }

    @Test func anAtomDocumentCutBetweenEntriesKeepsThemAll() throws {
        let atom = """
            <feed xmlns="http://www.w3.org/2005/Atom"><title>A</title>
            <entry><id>1</id><title>E1</title></entry><entry><id>2</id><title>E2</title></entry>
            """
        let feed = try LibXMLFeedParser().parse(Data(atom.utf8), baseURL: nil, charset: nil)
        #expect(feed.truncated && !feed.lastItemCut)
        #expect(feed.storable.items.map(\.title) == ["E1", "E2"])
    }
}
