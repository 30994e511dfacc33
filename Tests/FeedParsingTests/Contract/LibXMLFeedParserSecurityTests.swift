import Foundation
import Testing
import FeedEntities
import FeedParsing

/// Hostile documents: each must finish, read nothing outside the document, and stay bounded.
@Suite("Hostile documents")
struct LibXMLFeedParserSecurityTests {
    /// Every text field of a feed, to search for leaked content.
    private func allText(_ feed: ParsedFeed) -> String {
        var parts = [feed.title, feed.link, feed.subtitle, feed.language, feed.author, feed.image]
        for item in feed.items {
            parts += [item.id, item.title, item.link, item.author, item.summary, item.content]
            parts += item.categories.map(Optional.some) + item.enclosures.map { Optional.some($0.url) }
        }
        return parts.compactMap { $0 }.joined(separator: "\n")
    }

    /// Parses `data` handed to a session `size` bytes at a time.
    private func parse(_ data: Data, inChunksOf size: Int) throws -> ParsedFeed {
        let session = LibXMLFeedParser().makeSession(baseURL: nil, charset: nil)
        var offset = 0
        while offset < data.count {
            try session.append(data[offset..<min(offset + size, data.count)])
            offset += size
        }
        return try session.finish()
    }

    @Test func externalEntitiesAreNeverRead() throws {
        let passwd = (try? String(contentsOfFile: "/etc/passwd", encoding: .utf8)) ?? "root:x:0:0"
        let firstLine = String(passwd.prefix { $0 != "\n" })
        let feed = try FixtureLoader.parse("xxe-file.xml")
        let text = allText(feed)
        #expect(!text.contains(firstLine))
        #expect(!text.contains("root:"))
        #expect(feed.title == "Leak:")
        #expect(feed.items.first?.title == "Item")
        #expect(feed.items.first?.summary == nil)
        #expect(!feed.wellFormed)
    }

    @Test func externalParameterEntitiesAreNeverRead() throws {
        let feed = try FixtureLoader.parse("xxe-parameter.xml")
        #expect(feed.title == "Parameter entities")
        #expect(!allText(feed).contains("root:"))
    }

    @Test func billionLaughsIsRefusedNotExpanded() throws {
        let feed = try FixtureLoader.parse("billion-laughs.xml")
        #expect(feed.title == "Laughs")
        #expect(feed.subtitle == nil)
        #expect(feed.items.first?.title == nil)
        #expect(feed.items.first?.link == "https://laughs.example/1")
        #expect(!allText(feed).contains("lol"))
        #expect(!feed.wellFormed)
    }

    @Test func quadraticBlowupStaysWithinTheExpansionBudget() throws {
        // One 64 KiB entity referenced 20,000 times: 1.3 GB if expanded naively.
        let big = String(repeating: "a", count: 64 << 10)
        let references = String(repeating: "&big;", count: 20_000)
        let xml = """
            <?xml version="1.0"?><!DOCTYPE rss [<!ENTITY big "\(big)">]>
            <rss><channel><title>Quadratic</title><description>\(references)</description></channel></rss>
            """
        let feed = try FixtureLoader.parse(xml: xml)
        #expect(feed.title == "Quadratic")
        #expect((feed.subtitle?.utf8.count ?? 0) <= 1 << 20)
        #expect(!feed.wellFormed)
    }

    @Test func entityLoopsAreRefused() throws {
        let xml = """
            <!DOCTYPE rss [<!ENTITY a "x&b;"><!ENTITY b "y&a;">]>
            <rss><channel><title>Loop &a;</title><link>https://loop.example/</link></channel></rss>
            """
        let feed = try FixtureLoader.parse(xml: xml)
        #expect(feed.title == "Loop")
        #expect(feed.link == "https://loop.example/")
        #expect(!feed.wellFormed)
    }

    @Test func deepNestingIsCutOff() throws {
        let depth = 100_000
        let xml =
            "<rss><channel><title>Deep</title><item><title>Kept</title></item>"
            + String(repeating: "<x>", count: depth) + String(repeating: "</x>", count: depth)
            + "</channel></rss>"
        let feed = try FixtureLoader.parse(xml: xml)
        #expect(feed.title == "Deep")
        #expect(feed.items.map(\.title) == ["Kept"])
        #expect(!feed.wellFormed)
    }

    @Test func deepNestingInsideCapturedMarkupIsCutOff() throws {
        let depth = 50_000
        let xml =
            "<rss><channel><item><title>T</title><description>"
            + String(repeating: "<div>", count: depth) + "deep" + String(repeating: "</div>", count: depth)
            + "</description></item></channel></rss>"
        let feed = try FixtureLoader.parse(xml: xml)
        #expect(feed.items.first?.title == "T")
        #expect(!feed.wellFormed)
    }

    @Test func attributesWithinTheLimitAndLongNamesFinish() throws {
        let attributes = (0..<200).map { "a\($0)=\"\($0)\"" }.joined(separator: " ")
        let longName = String(repeating: "n", count: 100_000)
        let xml = "<rss><channel \(attributes)><title>Attrs</title><\(longName)/></channel></rss>"
        let feed = try FixtureLoader.parse(xml: xml)
        #expect(feed.title == "Attrs")
    }

    @Test func aTagWithTooManyAttributesCutsTheDocumentOff() throws {
        // libxml2 compares each attribute of a tag with all the ones before it: 50,000 of them
        // take seconds, 32 MiB of them hours. The document ends before such a tag.
        let attributes = (0..<50_000).map { "a\($0)=\"\($0)\"" }.joined(separator: " ")
        let xml = """
            <rss version="2.0"><channel><title>Attrs</title>
            <item><title>Kept</title><link>https://attrs.example/1</link></item>
            <item \(attributes)><title>Lost</title></item>
            <item><title>After</title></item>
            </channel></rss>
            """
        let feed = try FixtureLoader.parse(xml: xml)
        #expect(feed.title == "Attrs")
        #expect(feed.items.map(\.title) == ["Kept"])
        #expect(feed.items.first?.link == "https://attrs.example/1")
        #expect(!feed.wellFormed)
    }

    @Test func tooManyAttributesAreFoundWhateverTheChunks() throws {
        let attributes = (0..<1000).map { "a\($0)='\($0)'" }.joined(separator: "\n")
        let xml = Data("<rss><channel><title>Chunks</title><item><title>Kept</title></item><item \(attributes)/></channel></rss>".utf8)
        for chunkSize in [1, 7, 4096] {
            let feed = try parse(xml, inChunksOf: chunkSize)
            #expect(feed.items.map(\.title) == ["Kept"], "chunks of \(chunkSize)")
            #expect(!feed.wellFormed)
        }
    }

    @Test(arguments: [String.Encoding.utf16LittleEndian, .utf16BigEndian, .utf16])
    func tooManyAttributesAreFoundInUTF16(encoding: String.Encoding) throws {
        let attributes = (0..<20_000).map { "a\($0)=\"\($0)\"" }.joined(separator: " ")
        let xml = """
            <?xml version="1.0"?><rss version="2.0"><channel><title>Wide</title>
            <item><title>Kept</title></item><item \(attributes)><title>Lost</title></item></channel></rss>
            """
        let data = try #require(xml.data(using: encoding))  // `.utf16` writes a byte order mark
        for chunkSize in [3, 4096, data.count] {
            let feed = try parse(data, inChunksOf: chunkSize)
            #expect(feed.title == "Wide")
            #expect(feed.items.map(\.title) == ["Kept"], "chunks of \(chunkSize)")
            #expect(!feed.wellFormed)
        }
    }

    @Test func declaredAttributeDefaultsAreNotAddedToEveryElement() throws {
        // 20,000 default attributes for `item` in the DTD would be added to (and checked
        // against each other on) every item: seconds per item.
        let declarations = (0..<20_000).map { "<!ATTLIST item d\($0) CDATA \"v\">" }.joined()
        let items = String(repeating: "<item><title>Item</title></item>", count: 50)
        let xml = "<!DOCTYPE rss [\(declarations)]><rss version=\"2.0\"><channel><title>Defaults</title>\(items)</channel></rss>"
        let feed = try FixtureLoader.parse(xml: xml)
        #expect(feed.title == "Defaults")
        #expect(feed.items.count == 50)
        #expect(feed.wellFormed)
    }

    @Test func nulBytesInTheMiddleDoNotCrash() throws {
        var data = Data("<rss><channel><title>Before</title>".utf8)
        data.append(contentsOf: [0, 0, 0x41, 0])
        data.append(contentsOf: Data("<link>https://nul.example/</link></channel></rss>".utf8))
        let feed = try LibXMLFeedParser().parse(data, baseURL: nil, charset: nil)
        #expect(feed.title == "Before")
        #expect(!feed.wellFormed)
    }
}
