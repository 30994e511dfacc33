import Foundation
import Testing
import FeedEntities
@testable import FeedParsing

/// Large documents build their items on a second thread (`ItemAssembler`); these check that
/// nothing about the result depends on it: order, content, blank-field fallbacks, and the
/// feed-level author that Atom gives entries without one, even when it comes after them.
@Suite("ItemAssembler")
struct ItemAssemblerTests {
    private static let batch = ItemAssembler<Int>.batchSize

    @Test(arguments: [0, 1, batch - 1, batch, batch * 3 + 7])
    func keepsTheOrderOfTheDocument(count: Int) {
        let assembler = ItemAssembler<Int> { number, _ in ParsedItem(id: "\(number)") }
        for index in 0..<count { assembler.add(index) }
        #expect(assembler.finish().map(\.id) == (0..<count).map { "\($0)" })
    }

    @Test func draftsReadTheirTextFromTheArenaOfTheirBatch() {
        struct Draft: Sendable {
            var title: DraftText
            var tags = DraftList()
        }
        let assembler = ItemAssembler<Draft> { draft, arena in
            ParsedItem(title: draft.title.line(in: arena), categories: arena.entries(of: draft.tags, tag: 1).compactMap { $0.line(in: arena) })
        }
        let count = ItemAssembler<Draft>.batchSize * 2 + 1
        for index in 0..<count {
            var draft = Draft(title: DraftText(CapturedText(bytes: Array(" Title\u{7} \(index) ".utf8), base: nil), in: &assembler.arena))
            for tag in [1, 2, 1] {
                assembler.arena.append(CapturedText(bytes: Array("tag\(tag)-\(index)".utf8), base: nil), tag: tag, to: &draft.tags)
            }
            assembler.add(draft)
        }
        let items = assembler.finish()
        #expect(items.map(\.title) == (0..<count).map { "Title \($0)" })
        #expect(items.map(\.categories) == (0..<count).map { ["tag1-\($0)", "tag1-\($0)"] })
    }

    @Test func theFirstItemsAreBuiltAsTheyEndSoTheArenaHoldsOneItemAtATime() {
        let assembler = ItemAssembler<DraftText> { draft, arena in ParsedItem(title: draft.line(in: arena)) }
        let body = String(repeating: "x", count: 1000)
        for index in 0..<ItemAssembler<DraftText>.batchSize {
            assembler.add(DraftText(CapturedText(bytes: Array("\(index) \(body)".utf8), base: nil), in: &assembler.arena))
            #expect(assembler.arena.count == 0)
        }
        // Past the first batch's worth, drafts wait in the arena for the next hand-over.
        assembler.add(DraftText(CapturedText(bytes: Array("last".utf8), base: nil), in: &assembler.arena))
        #expect(assembler.arena.count == 4)
        let items = assembler.finish()
        #expect(items.count == ItemAssembler<DraftText>.batchSize + 1)
        #expect(items.first?.title == "0 \(body)" && items.last?.title == "last")
    }

    @Test func htmlWithNothingToResolveReadsLikeHTMLWithoutABase() throws {
        var arena = TextArena(capacity: 0)
        let base = try #require(IRI("https://example.org/blog/"))
        let html = "<p>An <a href=\"https://other.org/\">absolute</a> link\u{7}</p>\r\n<img src=\"data:x\">"
        let withBase = DraftText(CapturedText(bytes: Array(html.utf8), base: base), encoding: .html, in: &arena)
        let without = DraftText(CapturedText(bytes: Array(html.utf8), base: nil), encoding: .html, in: &arena)
        #expect(withBase.block(in: arena) == without.block(in: arena))
        #expect(withBase.block(in: arena) == "<p>An <a href=\"https://other.org/\">absolute</a> link</p>\n<img src=\"data:x\">")
    }

    @Test func draftTextsReadTheirOwnRangeOfTheArena() {
        var arena = TextArena(capacity: 4)
        let first = DraftText(CapturedText(bytes: Array("  One\u{7}  ".utf8), base: nil), in: &arena)
        let blank = DraftText(CapturedText(bytes: Array(" \n\t".utf8), base: nil), in: &arena)
        let second = DraftText(CapturedText(bytes: Array("<p>two</p>\r\nlines".utf8), base: nil), encoding: .html, in: &arena)
        #expect(first.line(in: arena) == "One")
        #expect(blank.isBlank && blank.line(in: arena) == nil)
        #expect(second.block(in: arena) == "<p>two</p>\nlines")
    }

    @Test func encodedDraftsAreDecodedWhenBuilt() throws {
        var arena = TextArena(capacity: 0)
        let base = try #require(IRI("https://example.org/blog/"))
        let html = DraftText(CapturedText(bytes: Array("<a href=\"post\">x</a>".utf8), base: base), encoding: .html, in: &arena)
        let base64 = DraftText(CapturedText(bytes: Array("aGVsbG8=".utf8), base: nil), encoding: .base64, in: &arena)
        #expect(html.block(in: arena) == "<a href=\"https://example.org/blog/post\">x</a>")
        #expect(base64.line(in: arena) == "hello")
    }

    @Test func aLargeRSSFeedParsesAsItsItemsOneByOne() throws {
        let count = Self.batch * 4 + 3
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
        let count = Self.batch * 2 + 1
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
