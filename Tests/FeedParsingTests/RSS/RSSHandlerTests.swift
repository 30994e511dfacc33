import Foundation
import Testing
import FeedEntities
@testable import FeedParsing

@Suite("RSS 0.9x, 1.0 and 2.0")
struct RSSHandlerTests {
    @Test func rss20WithExtensionsMapsEveryField() throws {
        let feed = try FixtureLoader.parse("rss20-podcast.xml", baseURL: "https://latenightlinux.example/feed/podcast")

        #expect(feed.format == .rss20)
        #expect(feed.wellFormed)
        #expect(feed.title == "Late Night Linux")
        // The channel's own <link>, not <atom:link rel="self">.
        #expect(feed.link == "https://latenightlinux.example/")
        #expect(feed.subtitle == "A podcast about <b>Linux</b>, free software & whatever else.")
        #expect(feed.language == "en-GB")
        #expect(feed.updated == utc(2025, 11, 3, 22, 15, 4))
        #expect(feed.author == "hosts@latenightlinux.example (The Hosts)")
        #expect(feed.image == "https://latenightlinux.example/images/logo-144.png")
        #expect(feed.items.count == 2)

        let first = feed.items[0]
        #expect(first.id == "https://latenightlinux.example/?p=7161")
        #expect(first.title == "Late Night Linux – Episode 355")
        #expect(first.link == "https://latenightlinux.example/late-night-linux-episode-355/")
        #expect(first.author == "Joe")
        #expect(first.published == utc(2025, 11, 3, 20))
        #expect(first.updated == nil)
        #expect(first.categories == ["Late Night Linux", "Podcast"])
        #expect(first.summary == "<p>Will’s new laptop, a distro hop &amp; more.</p>")
        #expect(
            first.content
                == "<p>Will’s new laptop, a distro hop &amp; more.</p>\n<p><a href=\"https://example.org/discourse\">Discuss</a></p>"
        )
        #expect(
            first.enclosures == [
                // itunes:duration 35:42
                Enclosure(url: "https://cdn.latenightlinux.example/lnl355.mp3", type: "audio/mpeg", length: 38_102_016, duration: 2142)
            ])

        let second = feed.items[1]
        #expect(second.id == "https://latenightlinux.example/late-night-linux-episode-354/")
        // No <link>: the guid is a permalink (isPermaLink defaults to true).
        #expect(second.link == "https://latenightlinux.example/late-night-linux-episode-354/")
        #expect(second.author == "Félim")
        #expect(second.published == utc(2025, 10, 27, 20))
        #expect(second.categories == ["Podcast"])
        #expect(second.summary == "Felim’s home server &amp; a terminal emulator.")
        #expect(second.content == nil)
        #expect(
            second.enclosures == [
                Enclosure(url: "https://latenightlinux.example/feed/lnl354.ogg", type: "audio/ogg", length: nil),
                Enclosure(url: "https://cdn.latenightlinux.example/lnl354.ogg", type: "audio/ogg", length: nil),
            ])
    }

    @Test func rdfItemsAreSiblingsOfTheChannel() throws {
        let feed = try FixtureLoader.parse("rss10-rdf.xml")

        #expect(feed.format == .rss10)
        #expect(feed.wellFormed)
        #expect(feed.title == "LWN.net")
        #expect(feed.link == "https://lwn.example/")
        #expect(feed.subtitle?.hasPrefix("LWN.net is a comprehensive source") == true)
        #expect(feed.language == "en")
        #expect(feed.updated == utc(2025, 11, 4, 15, 3))
        #expect(feed.author == "editor@lwn.example")
        #expect(feed.image == "https://lwn.example/images/lcorner.png")
        #expect(feed.items.count == 2)

        let first = feed.items[0]
        #expect(first.id == "https://lwn.example/Articles/1044555/")  // rdf:about: the item has no guid
        #expect(first.title == "[$] The state of the page cache")
        #expect(first.link == "https://lwn.example/Articles/1044555/")
        #expect(first.summary == "<p>The page cache has been at the core of the kernel for decades.</p>")
        #expect(first.published == utc(2025, 11, 4, 14, 21, 40))
        #expect(first.author == "corbet")
        #expect(first.categories == ["Kernel", "Memory management"])
        #expect(feed.items[1].title == "Security updates for Tuesday")
    }

    @Test func rss091WithNetscapeDoctypeDecodesHTMLEntities() throws {
        let feed = try FixtureLoader.parse("rss091-netscape.xml")

        #expect(feed.format == .rss09)
        // The external DTD (never loaded) may declare these names, so using them is not an error.
        #expect(feed.wellFormed)
        #expect(feed.title == "Café Müller — Neuigkeiten")
        #expect(feed.subtitle == "Kaffee,\u{00A0}Kuchen und Neuigkeiten aus München")
        #expect(feed.language == "de")
        #expect(feed.items.first?.title == "Neue Öffnungszeiten")
        #expect(feed.items.first?.summary == "Ab sofort täglich geöffnet – auch sonntags.")
    }

    @Test(arguments: [
        ("<rss version=\"2.0\"><channel><title>t</title></channel></rss>", ParsedFeed.Format.rss20),
        ("<rss><channel><title>t</title></channel></rss>", .rss20),
        ("<rss version=\"3.7\"><channel><title>t</title></channel></rss>", .rss20),
        ("<rss version=\"0.91\"><channel><title>t</title></channel></rss>", .rss09),
        ("<rss version=\"0.92\"><channel><title>t</title></channel></rss>", .rss09),
        (
            "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" xmlns=\"http://my.netscape.com/rdf/simple/0.9/\"><channel><title>t</title></channel></rdf:RDF>",
            .rss09
        ),
    ])
    func versionDecidesTheFormat(xml: String, format: ParsedFeed.Format) throws {
        let feed = try FixtureLoader.parse(xml: xml)
        #expect(feed.format == format)
        #expect(feed.title == "t")
    }

    @Test func rdfWithoutChannelIsNotAFeed() {
        let xml = """
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:foaf="http://xmlns.com/foaf/0.1/">
              <foaf:Person><foaf:name>Ana</foaf:name></foaf:Person>
            </rdf:RDF>
            """
        #expect(throws: FeedParsingError.notAFeed("RDF document without an RSS channel")) {
            try FixtureLoader.parse(xml: xml)
        }
    }

    // MARK: - gofeed corpus

    @Test func channelAtomSelfLinkIsNotTheChannelLink() throws {
        let feed = try FixtureLoader.parse("gofeed/feed_link_-_rss_channel_atom_link.xml")
        #expect(feed.link == nil)
        // The atom: prefix is used without being declared.
        #expect(!feed.wellFormed)
    }

    @Test func authorIsKeptAsWritten() throws {
        let feed = try FixtureLoader.parse("gofeed/feed_item_author_-_rss_channel_item_author_emailAndName.xml")
        #expect(feed.items.first?.author == "email@example.org (Author Name)")
    }

    @Test func embeddedAtomAuthorAndContent() throws {
        let author = try FixtureLoader.parse("gofeed/feed_item_author_-_rss_channel_item_author_atom.xml")
        #expect(author.items.first?.author == "John Doe (john@example.com)")
        let content = try FixtureLoader.parse("gofeed/feed_item_content_-_rss_channel_item_content_atom.xml")
        #expect(content.items.first?.content == "<p>Body</p>")
    }

    @Test func channelFallsBackToDublinCoreAndITunes() throws {
        let feed = try FixtureLoader.parse("gofeed/feed_fallbacks_-_rss_channel_dc.xml")
        #expect(feed.title == "DC Title")
        #expect(feed.language == "en-us")
        #expect(feed.updated == utc(2026, 1, 2, 15, 4, 5))
        #expect(feed.author == "Jane Creator")
        #expect(feed.subtitle == "Itunes Summary")
    }

    @Test func itemFallsBackToExtensions() throws {
        let feed = try FixtureLoader.parse("gofeed/feed_item_fallbacks_-_rss_channel_item_extensions.xml")
        try #require(feed.items.count == 3)
        #expect(feed.items[0].title == "DC Item Title")
        #expect(feed.items[0].summary == "DC Item Description")
        #expect(feed.items[0].published == utc(2026, 2, 3, 4, 5, 6))
        #expect(feed.items[1].author == "Item Creator")
        #expect(feed.items[1].summary == "Item Itunes Summary")
        #expect(feed.items[1].categories == ["Item Subject", "atomterm"])
        #expect(feed.items[2].author == "Item Itunes Author")
    }

    @Test func severalCreatorsAndSubjects() throws {
        let feed = try FixtureLoader.parse("gofeed/dublincore_item_multiple_values.xml")
        #expect(feed.items.first?.author == "Alice, Bob")
        #expect(feed.items.first?.categories == ["One", "Two"])
    }

    @Test func namespaceURIsWithStraySpacesStillMatch() throws {
        let feed = try FixtureLoader.parse("gofeed/issue_309_namespace_whitespace.xml")
        #expect(feed.author == "Example Author")
    }

    @Test func encodedWithoutContentNamespaceIsNotContent() throws {
        let feed = try FixtureLoader.parse("gofeed/issue_303_encoded_no_namespace.xml")
        #expect(feed.items.first?.title == "First")
        #expect(feed.items.first?.content == nil)
    }

    @Test func textBeforeCDATAIsKept() throws {
        let feed = try FixtureLoader.parse("gofeed/rss_channel_item_description_mixed_cdata.xml")
        #expect(feed.items.first?.summary == "Breaking: <b>Big News</b> today")
    }

    @Test func nakedMarkupInDescriptionIsWrittenBack() throws {
        let feed = try FixtureLoader.parse("gofeed/rss_channel_item_description_naked_markup.xml")
        #expect(feed.items.first?.summary == "<p>Item Description</p>")
    }

    @Test(arguments: ["gofeed/rss_channel_item_enclosure.xml", "gofeed/issue_36_enclosure_text.xml"])
    func enclosure(fixture: String) throws {
        let feed = try FixtureLoader.parse(fixture)
        #expect(
            feed.items.first?.enclosures == [
                Enclosure(url: "http://example.org/podcast.mp3", type: "audio/mpeg", length: 123_456)
            ])
    }

    @Test(arguments: ["gofeed/rss_feed_bom.xml", "gofeed/rss_feed_leading_spaces.xml"])
    func byteOrderMarkAndLeadingWhitespace(fixture: String) throws {
        let feed = try FixtureLoader.parse(fixture)
        #expect(feed.format == .rss20)
        #expect(feed.title == "Feed Title")
        #expect(feed.wellFormed)
    }

    @Test(arguments: [("gofeed/version_rdf_10.xml", ParsedFeed.Format.rss10), ("gofeed/version_rdf_090.xml", .rss09)])
    func emptyRDFWithRSSNamespaceIsAnEmptyFeed(fixture: String, format: ParsedFeed.Format) throws {
        let feed = try FixtureLoader.parse(fixture)
        #expect(feed.format == format)
        #expect(feed.items.isEmpty)
    }

    @Test func minimalRDF() throws {
        let feed = try FixtureLoader.parse("gofeed/rdf_feed.xml")
        #expect(feed.format == .rss10)
        #expect(feed.title == "Feed Title")
    }

    // MARK: - Found by the gofeed conformance run

    @Test func dublinCoreAuthorIsAnAuthor() throws {
        let feed = try FixtureLoader.parse(xml: """
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>
            <dc:author>Dave (dave@example.org)</dc:author>
            <item><dc:author>Ann</dc:author><dc:creator>Bob</dc:creator></item>
            </channel></rss>
            """)
        #expect(feed.author == "Dave (dave@example.org)")
        #expect(feed.items.first?.author == "Ann, Bob")
    }

    @Test func aLaterLinkReplacesAnEarlierOne() throws {
        let feed = try FixtureLoader.parse(xml: """
            <rss version="2.0"><channel>
            <link>http://example.org/old</link><link>http://example.org/</link><link></link>
            <item><link>http://example.org/1</link><link href="http://example.org/one"/></item>
            <item><link>http://example.org/2</link><link rel="self" href="http://example.org/feed.xml"/></item>
            </channel></rss>
            """)
        #expect(feed.link == "http://example.org/")
        #expect(feed.items.map(\.link) == ["http://example.org/one", "http://example.org/2"])
    }

    @Test func relativeLinksInsideHTMLResolveAgainstTheDocumentAndXMLBase() throws {
        let xml = """
            <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
            <description>&lt;img src="/logo.png"&gt;</description>
            <item><description><![CDATA[<a href="post.html">more</a> <a href="https://x.org/">x</a>]]></description>
            <content:encoded xml:base="http://cdn.example.org/media/">&lt;img src='a.png' alt="a.png"&gt;</content:encoded>
            <title>&lt;a href="t.html"&gt;plain text&lt;/a&gt;</title></item>
            </channel></rss>
            """
        let resolved = try FixtureLoader.parse(xml: xml, baseURL: "http://example.org/blog/feed.xml")
        #expect(resolved.subtitle == "<img src=\"http://example.org/logo.png\">")
        let item = try #require(resolved.items.first)
        #expect(item.summary == "<a href=\"http://example.org/blog/post.html\">more</a> <a href=\"https://x.org/\">x</a>")
        #expect(item.content == "<img src='http://cdn.example.org/media/a.png' alt=\"a.png\">")
        // Titles are text in RSS: left alone.
        #expect(item.title == "<a href=\"t.html\">plain text</a>")

        // Without a document URL, links stay as written.
        let unresolved = try FixtureLoader.parse(xml: xml)
        #expect(unresolved.items.first?.summary == "<a href=\"post.html\">more</a> <a href=\"https://x.org/\">x</a>")
    }
}
