import FeedEntities
import FeedParsing
import Foundation
import Testing

/// Bytes that are not UTF-8 in a document that says it is: recovered with U+FFFD, never a crash,
/// never a lost feed.
struct InvalidUTF8Tests {
    let parser = LibXMLFeedParser()

    @Test func invalidSequencesBecomeReplacementCharactersAndItemsSurvive() throws {
        var bytes = Array(#"<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Bad "#.utf8)
        bytes += [0xC3, 0x28] + Array(" bytes ".utf8) + [0xFF] + Array(" end</title><item><title>One ".utf8)
        bytes += [0xE2, 0x82] + Array("</title><guid>1</guid></item><item><title>Two</title><guid>2</guid></item></channel></rss>".utf8)
        let feed = try parser.parse(Data(bytes), baseURL: nil, charset: nil)
        #expect(feed.format == .rss20)
        #expect(feed.title?.hasPrefix("Bad ") == true)
        #expect(feed.title?.hasSuffix(" end") == true)
        #expect(feed.items.map(\.id) == ["1", "2"])
        #expect(feed.items.last?.title == "Two")
        #expect(!feed.wellFormed)
    }

    @Test func zeroBytesAreNotAFeed() {
        #expect(throws: FeedParsingError.notAFeed("empty document")) {
            try parser.parse(Data(), baseURL: nil, charset: nil)
        }
    }
}
