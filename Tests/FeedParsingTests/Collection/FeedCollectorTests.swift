import Foundation
import Testing
import FeedEntities
@testable import FeedParsing

/// Text handling shared by every format: entities, CDATA, markup, control characters, links.
@Suite("Collecting text")
struct FeedCollectorTests {
    @Test func htmlEntityNamesAreDecoded() throws {
        let feed = try FixtureLoader.parse("entities-html-names.xml")

        #expect(feed.title == "Café\u{00A0}Society — “News”…")
        #expect(feed.link == "https://cafe.example/?a=1&b=2")
        #expect(feed.subtitle == "Fish & chips <3 éé 'quoted' \"too\"")
        #expect(feed.items.first?.title == "Tom & Jerry <3 & friends™")
        #expect(feed.items.first?.link == "https://cafe.example/posts/1?x=1&y=2")
        #expect(feed.items.first?.summary == "<p>Price:\u{00A0}5€</p>")
        // No DTD declares &nbsp; here, so the document is not well-formed, though fully read.
        #expect(!feed.wellFormed)
    }

    @Test func predefinedEntitiesSurviveAnEarlierError() throws {
        // libxml2 2.9 drops every entity reference after the first error, even when recovering.
        let feed = try FixtureLoader.parse(
            xml: """
                <rss><channel><title>A &undefined; B</title>
                <description>&lt;p&gt;x &amp; y&lt;/p&gt;</description></channel></rss>
                """)
        #expect(!feed.wellFormed)
        #expect(feed.title == "A &undefined; B")
        #expect(feed.subtitle == "<p>x & y</p>")
    }

    @Test func internalEntitiesAreExpanded() throws {
        let feed = try FixtureLoader.parse("internal-entities.xml")
        #expect(feed.title == "Tidings — a feed reader")
        // A document may declare an HTML name itself; its declaration is used.
        #expect(feed.subtitle == "Made with\u{00A0}care & Tidings.")
        #expect(feed.wellFormed)
    }

    @Test func cdataIsUnwrappedAndKeptVerbatim() throws {
        let feed = try FixtureLoader.parse(
            xml: """
                <rss><channel><item>
                <title><![CDATA[  R&D <news>  ]]></title>
                <description>before <![CDATA[<b>&amp;</b>]]> after</description>
                </item></channel></rss>
                """)
        #expect(feed.items.first?.title == "R&D <news>")
        #expect(feed.items.first?.summary == "before <b>&amp;</b> after")
    }

    @Test func controlAndBidiCharactersAreRemovedEverywhere() throws {
        let feed = try FixtureLoader.parse("control-characters.xml")
        // `&#x85;` and `&#x9F;` are read as windows-1252 (… and Ÿ), as HTML reads them; no C1
        // control reaches the text either way.
        #expect(feed.title == "Safe Title31m …here")
        let item = try #require(feed.items.first)
        #expect(item.title == "evil txt.exe isolated embedded")
        #expect(item.summary == "line one\nline\ttwo reversed")
        #expect(item.author == "\u{200F}AnonŸ")
        #expect(item.categories == ["News"])
    }

    @Test func titlesAreOneLine() throws {
        let feed = try FixtureLoader.parse(
            xml: "<rss><channel><title>\n   Weekly\n\tDigest \r\n #42\n</title></channel></rss>")
        #expect(feed.title == "Weekly Digest #42")
    }

    @Test func relativeLinksResolveAgainstDocumentURLAndXMLBase() throws {
        let xml = """
            <rss xmlns:atom="http://www.w3.org/2005/Atom"><channel>
            <link>/blog/</link>
            <item><link>posts/1.html</link></item>
            <item xml:base="https://cdn.example.net/media/"><link>2.html</link>
              <enclosure url="ep2.mp3" type="audio/mpeg" length="12"/></item>
            <item><link>//mirror.example.com/3</link></item>
            <item><link>javascript:alert(1)</link></item>
            <item><link>mailto:someone@example.com</link></item>
            <item><link>HTTPS://Example.COM/Keep%20As%20Written</link></item>
            </channel></rss>
            """
        let feed = try FixtureLoader.parse(xml: xml, baseURL: "https://www.example.com/feeds/main.xml")
        #expect(feed.link == "https://www.example.com/blog/")
        #expect(
            feed.items.map(\.link) == [
                "https://www.example.com/feeds/posts/1.html",
                "https://cdn.example.net/media/2.html",
                "https://mirror.example.com/3",
                "javascript:alert(1)",
                "mailto:someone@example.com",
                "HTTPS://Example.COM/Keep%20As%20Written",
            ])
        #expect(feed.items[1].enclosures.first?.url == "https://cdn.example.net/media/ep2.mp3")
    }

    @Test func relativeLinksStayRelativeWithoutBase() throws {
        let feed = try FixtureLoader.parse(xml: "<rss><channel><link>/blog/</link></channel></rss>")
        #expect(feed.link == "/blog/")
    }

    @Test func undeclaredPrefixDoesNotPassForACoreElement() throws {
        // media: is never declared; its title must not become the item title.
        let feed = try FixtureLoader.parse(
            xml: "<rss><channel><item><media:title>Wrong</media:title><title>Right</title></item></channel></rss>")
        #expect(feed.items.first?.title == "Right")
        #expect(!feed.wellFormed)
    }

    @Test func xhtmlBodyIsContent() throws {
        let feed = try FixtureLoader.parse(
            xml: """
                <rss xmlns:xhtml="http://www.w3.org/1999/xhtml"><channel><item>
                <xhtml:body><xhtml:p>One &lt; two</xhtml:p><xhtml:hr/></xhtml:body>
                </item></channel></rss>
                """)
        #expect(feed.items.first?.content == "<p>One &lt; two</p><hr>")
    }

    // MARK: - Encodings

    @Test func declaredLatin1IsReadAsWindows1252() throws {
        let feed = try FixtureLoader.parse("latin1-declared-cp1252-bytes.xml")
        #expect(feed.title == "Straßenbahn “Linie 8” – Fahrplan")
        #expect(feed.subtitle == "Verspätungen und Änderungen")
        #expect(feed.wellFormed)
    }

    @Test(arguments: ["ISO-8859-1", "windows-1252", "\"latin1\""])
    func httpCharsetAppliesWhenTheDocumentDeclaresNone(charset: String) throws {
        let feed = try FixtureLoader.parse("latin1-undeclared.xml", charset: charset)
        #expect(feed.title == "Crème brûlée – recettes")
        #expect(feed.wellFormed)
    }

    @Test func documentDeclarationWinsOverHTTPCharset() throws {
        let feed = try FixtureLoader.parse("latin1-declared-cp1252-bytes.xml", charset: "utf-8")
        #expect(feed.title == "Straßenbahn “Linie 8” – Fahrplan")
    }

    @Test func undeclaredLatin1WithoutCharsetIsGuessedButNotWellFormed() throws {
        let feed = try FixtureLoader.parse("latin1-undeclared.xml")
        #expect(feed.title == "Crème brûlée – recettes")
        #expect(!feed.wellFormed)
    }

    @Test func unknownDeclaredEncodingFallsBack() throws {
        let utf8 = try FixtureLoader.parse(
            xml: "<?xml version=\"1.0\" encoding=\"x-no-such-charset\"?><rss><channel><title>Grüße</title></channel></rss>")
        #expect(utf8.title == "Grüße")
        #expect(!utf8.wellFormed)
        var latin1 = Data("<?xml version=\"1.0\" encoding=\"x-no-such-charset\"?><rss><channel><title>Gr".utf8)
        latin1.append(contentsOf: [0xFC, 0xDF, 0x65])
        latin1.append(contentsOf: Data("</title></channel></rss>".utf8))
        #expect(try LibXMLFeedParser().parse(latin1, baseURL: nil, charset: nil).title == "Grüße")
    }

    @Test func windows1252BytesIconvRefusesAreNotFatal() throws {
        // 0x81, 0x8D and 0x90 are undefined in windows-1252; iconv gives up on the whole document.
        var data = Data("<?xml version=\"1.0\" encoding=\"windows-1252\"?><rss><channel><title>a".utf8)
        data.append(contentsOf: [0x81, 0x8D, 0x90, 0x80])
        data.append(contentsOf: Data(" b</title></channel></rss>".utf8))
        let feed = try LibXMLFeedParser().parse(data, baseURL: nil, charset: nil)
        #expect(feed.title == "a€ b")
    }

    @Test(arguments: ["ISO-8859-1", "US-ASCII", nil])
    func smartQuotesInLatin1OrASCIIAreWindows1252(declared: String?) throws {
        let declaration = declared.map { "<?xml version=\"1.0\" encoding=\"\($0)\"?>" } ?? ""
        var data = Data("\(declaration)<rss><channel><title>It".utf8)
        data.append(contentsOf: [0x92, 0x73, 0x20, 0x93, 0x71, 0x94, 0x20, 0x96, 0x20, 0x97])
        data.append(contentsOf: Data("</title></channel></rss>".utf8))
        let feed = try LibXMLFeedParser().parse(data, baseURL: nil, charset: nil)
        #expect(feed.title == "It’s “q” – —")
        #expect(try LibXMLFeedParser().parse(data, baseURL: nil, charset: "us-ascii").title == "It’s “q” – —")
    }

    @Test func byteOrderMarkWinsOverHTTPCharset() throws {
        let feed = try FixtureLoader.parse("utf16-bom.xml", charset: "ISO-8859-1")
        #expect(feed.format == .atom10)
        #expect(feed.title == "Журнал — UTF-16")
        #expect(feed.items.first?.title == "Запись")
    }
}
