import Foundation
import Testing
import FeedEntities
@testable import FeedParsing

@Suite("FeedParseSession")
struct FeedParseSessionTests {
    /// Every file under Fixtures/ (feeds, hostile documents, non-feeds, gofeed's corpus).
    static let fixtures: [String] = {
        guard let folder = Bundle.module.url(forResource: "Fixtures", withExtension: nil),
            let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        else { return [] }
        let prefix = folder.standardizedFileURL.path + "/"
        return walker.compactMap { entry -> String? in
            guard let url = entry as? URL, (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true
            else { return nil }
            return String(url.standardizedFileURL.path.dropFirst(prefix.count))
        }.sorted()
    }()

    private static func wholeDocument(_ data: Data, baseURL: String? = nil, charset: String? = nil)
        -> Result<ParsedFeed, FeedParsingError>
    {
        Result { () throws(FeedParsingError) in try LibXMLFeedParser().parse(data, baseURL: baseURL, charset: charset) }
    }

    /// Parses `data` in a session fed `chunkSize` bytes at a time.
    private static func inChunks(
        _ data: Data, of chunkSize: Int, baseURL: String? = nil, charset: String? = nil,
        maximumDocumentSize: Int = 32 << 20
    ) -> Result<ParsedFeed, FeedParsingError> {
        let session = FeedParseSession(baseURL: baseURL, charset: charset, maximumDocumentSize: maximumDocumentSize)
        return Result { () throws(FeedParsingError) in
            var offset = 0
            while offset < data.count {
                let end = min(offset + chunkSize, data.count)
                try session.append(data[offset..<end])
                offset = end
            }
            return try session.finish()
        }
    }

    // MARK: - Same result however the document is cut

    @Test func fixturesAreFound() {
        #expect(Self.fixtures.count > 20)
        #expect(Self.fixtures.contains("rss20-podcast.xml"))
    }

    /// Without an HTTP charset, a document that declares no encoding is held until its first
    /// 64 KiB (the whole of most fixtures) have been seen; with one, only until its first markup:
    /// both ways are compared.
    @Test(arguments: fixtures, [nil, "utf-8"])
    func oneByteChunksGiveTheWholeDocumentResult(fixture: String, charset: String?) throws {
        let data = try FixtureLoader.data(fixture)
        let base = "https://example.org/feeds/"
        let expected = Self.wholeDocument(data, baseURL: base, charset: charset)
        // One byte at a time for every fixture up to 64 KiB (the biggest are cut coarser only to
        // keep the run short); sizes around libxml2's and the sniffer's windows for all.
        let sizes = (data.count <= 64 << 10 ? [1] : [3]) + [2, 7, 1000, 1025, 4096, 65_537]
        for size in sizes {
            let chunked = Self.inChunks(data, of: size, baseURL: base, charset: charset)
            #expect(chunked == expected, "\(fixture) in chunks of \(size)")
        }
    }

    @Test func largeUndeclaredWindows1252FeedWithBareAmpersandsStreams() throws {
        // No encoding declared and not UTF-8: the first 64 KiB decide windows-1252, so the head
        // is held that long. Bare ampersands, CDATA and comments are split across every size.
        var xml = "<rss version=\"2.0\"><channel><title>Caf\u{E9} & friends</title>"
        for index in 0..<1500 {
            xml += "<item><title>Q&A \(index) &amp; more</title><guid>id-\(index)</guid>"
            xml += "<description><![CDATA[<p>R&D \(index) ]]]]><![CDATA[> ok</p>]]></description>"
            xml += "<!-- a & b --><link>https://example.org/?a=1&b=\(index)</link></item>"
        }
        xml += "</channel></rss>"
        let data = Data(xml.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })  // latin-1 bytes
        let expected = Self.wholeDocument(data)
        let feed = try expected.get()
        #expect(feed.title == "Café & friends")
        #expect(feed.items.count == 1500)
        #expect(feed.items[1499].title == "Q&A 1499 & more")
        #expect(feed.items[7].summary == "<p>R&D 7 ]]> ok</p>")
        #expect(feed.items[7].link == "https://example.org/?a=1&b=7")
        #expect(!feed.wellFormed)
        for size in [1, 5, 64, 1023, 8192, 65_536, 65_537] {
            #expect(Self.inChunks(data, of: size) == expected, "chunks of \(size)")
        }
    }

    @Test func jsonFeedInChunksIsTheWholeDocument() throws {
        let data = Data(
            """
            {"version": "https://jsonfeed.org/version/1.1", "title": "Chunked",
             "items": [{"id": "1", "url": "/a", "content_text": "\(String(repeating: "x", count: 3000))"}]}
            """.utf8)
        let expected = Self.wholeDocument(data, baseURL: "https://example.org/feed.json")
        #expect(try expected.get().items.first?.link == "https://example.org/a")
        for size in [1, 100, 1025] {
            #expect(Self.inChunks(data, of: size, baseURL: "https://example.org/feed.json") == expected)
        }
    }

    // MARK: - Stopping early

    @Test func endlessStreamStopsAtTheSizeLimit() {
        // A valid feed that would go on for 200 MB: the chunk that crosses the limit is refused,
        // and nothing after it is read.
        let limit = 4 << 20
        let session = FeedParseSession(baseURL: nil, charset: nil, maximumDocumentSize: limit)
        let items = Data(String(repeating: "<item><title>Again</title><description>and again</description></item>", count: 900).utf8)
        var sent = 0
        var refusal: FeedParsingError?
        do throws(FeedParsingError) {
            try session.append(Data("<?xml version=\"1.0\" encoding=\"utf-8\"?><rss><channel><title>Endless</title>".utf8))
            while sent < 200 << 20 {
                try session.append(items)
                sent += items.count
            }
        } catch {
            refusal = error
        }
        #expect(refusal == .tooLarge(limit: limit))
        #expect(sent <= limit)
        #expect(sent > limit - 2 * items.count)
        // The session is over: it keeps saying why.
        #expect(throws: FeedParsingError.tooLarge(limit: limit)) { try session.append(items) }
        #expect(throws: FeedParsingError.tooLarge(limit: limit)) { try session.finish() }
    }

    @Test func endlessTextStopsAtTheSizeLimit() {
        // One title that never ends, in 1 MiB chunks of 200 MB.
        let limit = 8 << 20
        let session = FeedParseSession(baseURL: nil, charset: nil, maximumDocumentSize: limit)
        let text = Data(repeating: UInt8(ascii: "a"), count: 1 << 20)
        var sent = 0
        #expect(throws: FeedParsingError.tooLarge(limit: limit)) {
            try session.append(Data("<rss><channel><title>".utf8))
            while sent < 200 << 20 {
                try session.append(text)
                sent += text.count
            }
        }
        #expect(sent < limit)
    }

    @Test func garbageStopsAsSoonAsItIsKnownNotToBeXML() {
        // Binary data (here: a gzip stream served without Content-Encoding) never has a root
        // element: libxml2 gives up on the first bytes.
        let session = FeedParseSession(baseURL: nil, charset: nil)
        var noise = SystemRandomNumberGenerator()
        let garbage = Data([0x1F, 0x8B, 0x08, 0x00] + (0..<(64 << 10)).map { _ in UInt8.random(in: 0...255, using: &noise) })
        var sent = 0
        #expect(throws: FeedParsingError.notAFeed("binary data, not XML")) {
            while sent < 200 << 20 {
                try session.append(garbage)
                sent += garbage.count
            }
        }
        #expect(sent == 0)
    }

    @Test func htmlPageIsRefusedFromItsFirstBytes() throws {
        // A home page of a few hundred kilobytes: its first bytes say what it is.
        var page = try FixtureLoader.data("html-page.html")
        page.append(Data(String(repeating: "<p>More of the page.</p>\n", count: 20_000).utf8))
        let session = FeedParseSession(baseURL: nil, charset: nil)
        var sent = 0
        #expect(throws: FeedParsingError.notAFeed("HTML page")) {
            while sent < page.count {
                try session.append(page[sent..<min(sent + 512, page.count)])
                sent += 512
            }
        }
        #expect(sent == 0)
    }

    @Test func otherXMLIsRefusedAtItsRootElement() throws {
        var sitemap = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        sitemap += "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for index in 0..<10_000 { sitemap += "<url><loc>https://example.org/page/\(index)</loc></url>\n" }
        sitemap += "</urlset>\n"
        let data = Data(sitemap.utf8)
        let session = FeedParseSession(baseURL: nil, charset: nil)
        var sent = 0
        #expect(throws: FeedParsingError.notAFeed(
            "XML document with root element <urlset> in namespace http://www.sitemaps.org/schemas/sitemap/0.9"))
        {
            while sent < data.count {
                try session.append(data[sent..<min(sent + 256, data.count)])
                sent += 256
            }
        }
        #expect(sent == 0)
    }

    @Test func sessionWithoutBytesIsAnEmptyDocument() {
        #expect(throws: FeedParsingError.notAFeed("empty document")) {
            try FeedParseSession(baseURL: nil, charset: nil).finish()
        }
    }

    @Test func parserMakesSessionsWithItsLimit() throws {
        let xml = Data("<rss><channel><title>Exactly</title></channel></rss>".utf8)
        let exact = LibXMLFeedParser(maximumDocumentSize: xml.count).makeSession(baseURL: nil, charset: nil)
        #expect(exact.maximumDocumentSize == xml.count)
        for byte in xml { try exact.append(Data([byte])) }
        #expect(try exact.finish().title == "Exactly")

        let short = LibXMLFeedParser(maximumDocumentSize: xml.count - 1).makeSession(baseURL: nil, charset: nil)
        #expect(throws: FeedParsingError.tooLarge(limit: xml.count - 1)) {
            for byte in xml { try short.append(Data([byte])) }
        }
    }

    @Test func ampersandsInsideCDATAAreWellFormed() throws {
        let feed = try FixtureLoader.parse(xml: "<rss><channel><title><![CDATA[R&D, Q&A]]></title></channel></rss>")
        #expect(feed.title == "R&D, Q&A")
        #expect(feed.wellFormed)
    }
}
