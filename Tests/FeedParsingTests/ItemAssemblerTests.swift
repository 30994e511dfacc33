import Foundation
import Testing
import FeedEntities
@testable import FeedParsing

/// Large documents build their items on a second thread (`ItemAssembler`); these check that
/// nothing about the result depends on it: order, content, blank-field fallbacks, and the
/// feed-level author that Atom gives entries without one, even when it comes after them.
@Suite("ItemAssembler")
struct ItemAssemblerTests {
    @Test(arguments: [0, 1, ItemAssembler.batchSize - 1, ItemAssembler.batchSize, ItemAssembler.batchSize * 3 + 7])
    func keepsTheOrderOfTheDocument(count: Int) {
        let assembler = ItemAssembler()
        for index in 0..<count {
            assembler.add { ParsedItem(id: "\(index)") }
        }
        #expect(assembler.finish().map(\.id) == (0..<count).map { "\($0)" })
    }

    @Test func draftTextsReadTheirOwnRangeOfTheArena() {
        let arena = TextArena(capacity: 4)
        let first = DraftText(CapturedText(bytes: Array("  One\u{7}  ".utf8), base: nil), encoding: [], in: arena)
        let blank = DraftText(CapturedText(bytes: Array(" \n\t".utf8), base: nil), encoding: [], in: arena)
        let second = DraftText(CapturedText(bytes: Array("<p>two</p>\r\nlines".utf8), base: nil), encoding: .html, in: arena)
        #expect(first.line == "One")
        #expect(blank.isBlank && blank.line == nil)
        #expect(second.block == "<p>two</p>\nlines")
    }

    @Test func encodedDraftsAreDecodedWhenBuilt() throws {
        let arena = TextArena(capacity: 0)
        let base = try #require(URL(string: "https://example.org/blog/"))
        let html = DraftText(CapturedText(bytes: Array("<a href=\"post\">x</a>".utf8), base: base), encoding: .html, in: arena)
        let base64 = DraftText(CapturedText(bytes: Array("aGVsbG8=".utf8), base: nil), encoding: .base64, in: arena)
        #expect(html.block == "<a href=\"https://example.org/blog/post\">x</a>")
        #expect(base64.line == "hello")
    }

    @Test func aLargeRSSFeedParsesAsItsItemsOneByOne() throws {
        let count = ItemAssembler.batchSize * 4 + 3
        var xml = "<rss version=\"2.0\"><channel><title>Big</title>"
        for index in 0..<count {
            // Every third item has a blank title before a real one: the later element fills it.
            let title = index % 3 == 0 ? "<title> </title><title>Item \(index)</title>" : "<title>Item \(index)</title>"
            xml += "<item>\(title)<guid>g\(index)</guid><description>&lt;p&gt;Body \(index)&lt;/p&gt;</description></item>"
        }
        xml += "</channel></rss>"
        let feed = try LibXMLFeedParser().parse(Data(xml.utf8), baseURL: nil, charset: nil)
        #expect(feed.items.count == count)
        for (index, item) in feed.items.enumerated() {
            #expect(item.id == "g\(index)")
            #expect(item.title == "Item \(index)")
            #expect(item.summary == "<p>Body \(index)</p>")
        }
    }

    @Test func atomFeedAuthorAfterTheEntriesStillReachesThem() throws {
        let count = ItemAssembler.batchSize * 2 + 1
        var xml = "<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>Big</title>"
        for index in 0..<count {
            let author = index == 5 ? "<author><name>Own</name></author>" : ""
            xml += "<entry><id>e\(index)</id><title type=\"html\">Entry &lt;b&gt;\(index)&lt;/b&gt;</title>\(author)</entry>"
        }
        xml += "<author><name>Feed Author</name></author></feed>"
        let feed = try LibXMLFeedParser().parse(Data(xml.utf8), baseURL: nil, charset: nil)
        #expect(feed.items.count == count)
        #expect(feed.items.map(\.title) == (0..<count).map { "Entry <b>\($0)</b>" })
        #expect(feed.items.map(\.author) == (0..<count).map { $0 == 5 ? "Own" : "Feed Author" })
    }
}
