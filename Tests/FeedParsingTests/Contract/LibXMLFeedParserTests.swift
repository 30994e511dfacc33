import Foundation
import Testing
import FeedEntities
import FeedParsing

@Suite("LibXMLFeedParser")
struct LibXMLFeedParserTests {
    @Test(arguments: [
        ("html-page.html", "HTML page"),
        ("xhtml-page.xhtml", "HTML page"),
        ("sitemap.xml", "XML document with root element <urlset> in namespace http://www.sitemaps.org/schemas/sitemap/0.9"),
        ("gofeed/unknown_feed.xml", "XML document with root element <note>"),
    ])
    func documentsThatAreNotFeedsAreNamed(fixture: String, description: String) {
        #expect(throws: FeedParsingError.notAFeed(description)) {
            try FixtureLoader.parse(fixture)
        }
    }

    @Test(arguments: [
        ("", "empty document"),
        (" \n\t \r\n", "empty document"),
        ("\u{FEFF}", "empty document"),
        ("{\"name\": \"not a feed\"}", "JSON document that is not a JSON Feed (no jsonfeed.org version)"),
        ("Just some words, not markup at all.", "plain text, not XML"),
        ("<<<>>> ]]> <!", "malformed XML without a root element"),
        ("<!-- nothing but a comment -->", "malformed XML without a root element"),
    ])
    func inputsWithoutRootElement(text: String, description: String) {
        #expect(throws: FeedParsingError.notAFeed(description)) {
            try LibXMLFeedParser().parse(Data(text.utf8), baseURL: nil, charset: nil)
        }
    }

    @Test func binaryDataIsNotAFeed() {
        // A gzip stream served without Content-Encoding: the start of a compressed feed.
        let gzip = Data([0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0xB3, 0x29, 0x2A, 0x2E, 0x53, 0x00, 0xA2])
        #expect(throws: FeedParsingError.notAFeed("binary data, not XML")) {
            try LibXMLFeedParser().parse(gzip, baseURL: nil, charset: nil)
        }
    }

    @Test func documentAtTheSizeLimitIsParsedAndOneByteMoreIsRefused() throws {
        let xml = Data("<rss><channel><title>Exactly</title></channel></rss>".utf8)
        let parser = LibXMLFeedParser(maximumDocumentSize: xml.count)
        #expect(try parser.parse(xml, baseURL: nil, charset: nil).title == "Exactly")
        #expect(throws: FeedParsingError.tooLarge(limit: xml.count - 1)) {
            try LibXMLFeedParser(maximumDocumentSize: xml.count - 1).parse(xml, baseURL: nil, charset: nil)
        }
    }

    @Test func defaultSizeLimitIs32MiB() {
        #expect(LibXMLFeedParser().maximumDocumentSize == 32 << 20)
    }

    @Test func truncatedDocumentIsRecovered() throws {
        let feed = try FixtureLoader.parse("malformed-truncated.xml")
        #expect(feed.format == .rss20)
        #expect(!feed.wellFormed)
        // The bare ampersand is kept.
        #expect(feed.title == "Truncated & broken")
        #expect(feed.link == "https://broken.example/")
        #expect(feed.truncated)
        try #require(feed.items.count == 3)
        #expect(feed.items[0].title == "First item & more")
        #expect(feed.items[0].link == "https://broken.example/1")
        #expect(feed.items[0].published == utc(2025, 11, 4, 10))
        // </title> closes the unclosed <b> too, and the following items stay separate.
        #expect(feed.items[1].title == "Second <b>item</b>")
        #expect(feed.items[1].summary == "Unclosed tags & entities")
        // The document ends inside the third item: what was read is kept (the daemon's
        // `storable` leaves that item out).
        #expect(feed.items[2].title == "Third item, cut off")
        #expect(feed.storable.items.count == 2)
    }

    @Test func unclosedHTMLInDescriptionDoesNotSwallowLaterItems() throws {
        let feed = try FixtureLoader.parse(
            xml: """
                <rss><channel>
                <item><title>A</title><description>line<br>break <p>para</description></item>
                <item><title>B</title></item>
                </channel></rss>
                """)
        #expect(feed.items.map(\.title) == ["A", "B"])
        #expect(feed.items.first?.summary == "line<br>break <p>para</p>")
        #expect(!feed.wellFormed)
    }

    @Test(arguments: [
        ("<rss><channel><title>Q&A</title></channel></rss>", "Q&A"),
        ("<rss><channel><title>Fish & Chips &amp; more</title></channel></rss>", "Fish & Chips & more"),
        ("<rss><channel><title>?page=1&copy=2 &amp; done</title></channel></rss>", "?page=1&copy=2 & done"),
        ("<rss><channel><title><![CDATA[a & b &amp; c]]></title></channel></rss>", "a & b &amp; c"),
    ])
    func bareAmpersandsAreKept(xml: String, title: String) throws {
        let feed = try FixtureLoader.parse(xml: xml)
        #expect(feed.title == title)
    }

    @Test func bareAmpersandInAttributeIsKept() throws {
        let feed = try FixtureLoader.parse(
            xml: "<rss><channel><item><enclosure url=\"https://cdn.example/a.mp3?x=1&y=2\" type=\"audio/mpeg\"/></item></channel></rss>")
        #expect(feed.items.first?.enclosures.first?.url == "https://cdn.example/a.mp3?x=1&y=2")
        #expect(!feed.wellFormed)
    }

    @Test func bigFeedInManyChunks() throws {
        // Far more than one 64 KiB chunk, with elements and entities split across chunk ends.
        var xml = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Big</title>"
        for index in 0..<3000 {
            xml += "<item><title>Item \(index) &amp; more</title><guid>id-\(index)</guid>"
            xml += "<description>&lt;p&gt;Body \(index) with caf&#xE9;&lt;/p&gt;</description></item>"
        }
        xml += "</channel></rss>"
        let feed = try FixtureLoader.parse(xml: xml)
        #expect(feed.wellFormed)
        #expect(feed.items.count == 3000)
        #expect(feed.items[2999].title == "Item 2999 & more")
        #expect(feed.items[1234].summary == "<p>Body 1234 with café</p>")
    }

    @Test func parserIsUsableFromSeveralTasksAtOnce() async throws {
        let data = try FixtureLoader.data("rss20-podcast.xml")
        let parser = LibXMLFeedParser()
        let titles = try await withThrowingTaskGroup(of: String?.self) { group in
            for _ in 0..<8 {
                group.addTask { try parser.parse(data, baseURL: nil, charset: nil).title }
            }
            return try await group.reduce(into: [String?]()) { $0.append($1) }
        }
        #expect(titles == Array(repeating: "Late Night Linux", count: 8))
    }
}
