import Foundation
import Testing
import FeedEntities
import FeedParsing

/// Which RSS and RDF elements fill which field when several could: extension namespaces (iTunes,
/// Media RSS, Dublin Core terms), RDF's `rdf:about`, the channel's author and language, and the
/// first of repeated dates.
@Suite("RSS element mapping")
struct RSSHandlerMappingTests {
    // MARK: - iTunes

    @Test func itunesImageIsTheFeedImageOnlyWithoutAnRSSImage() throws {
        let itunesOnly = try FixtureLoader.parse(xml: """
            <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>P</title>
            <itunes:image href="https://pod.example/art.jpg"/></channel></rss>
            """)
        #expect(itunesOnly.image == "https://pod.example/art.jpg")

        let both = try FixtureLoader.parse(xml: """
            <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>P</title>
            <itunes:image href="https://pod.example/art.jpg"/>
            <image><url>https://pod.example/rss.png</url><title>P</title><link>https://pod.example/</link></image>
            </channel></rss>
            """)
        #expect(both.image == "https://pod.example/rss.png")
    }

    @Test func itunesImageWithURLInsteadOfHref() throws {
        let feed = try FixtureLoader.parse(xml: """
            <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>
            <itunes:image url="https://pod.example/cover.jpg"/></channel></rss>
            """)
        #expect(feed.image == "https://pod.example/cover.jpg")
    }

    @Test func itunesCategoriesOfAnItemNestedOrNot() throws {
        let feed = try FixtureLoader.parse(xml: """
            <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>
            <itunes:category text="Arts"/>
            <item><title>E1</title><category>Own</category>
              <itunes:category text="Technology"><itunes:category text="Tech News"/></itunes:category>
              <itunes:category text="Own"/>
            </item></channel></rss>
            """)
        #expect(feed.items.first?.categories == ["Own", "Technology", "Tech News"])
    }

    @Test(arguments: [
        ("itunes:Image", "itunes:AUTHOR", "itunes:Summary", "http://www.itunes.com/dtds/podcast-1.0.dtd"),
        ("itunes:image", "itunes:author", "itunes:summary", "http://www.itunes.com/DTDs/Podcast-1.0.dtd"),
        ("itunes:IMAGE", "itunes:Author", "itunes:SUMMARY", "https://www.itunes.com/dtds/podcast-1.0.dtd/"),
        ("itunes:image", "itunes:author", "itunes:summary", "http://example.com/DTDs/PodCast-1.0.dtd"),
    ])
    func itunesElementsWhateverTheirCaseAndNamespaceSpelling(
        image: String, author: String, summary: String, namespace: String
    ) throws {
        let feed = try FixtureLoader.parse(xml: """
            <rss version="2.0" xmlns:itunes="\(namespace)"><channel>
            <\(image) href="https://pod.example/art.jpg"/><\(author)>Pod People</\(author)>
            <\(summary)>All about pods.</\(summary)>
            <item><\(summary)>Episode notes</\(summary)></item></channel></rss>
            """)
        #expect(feed.image == "https://pod.example/art.jpg")
        #expect(feed.author == "Pod People")
        #expect(feed.subtitle == "All about pods.")
        #expect(feed.items.first?.summary == "Episode notes")
    }

    @Test func coreElementsInAnotherCaseAreStillRead() throws {
        let feed = try FixtureLoader.parse(xml: """
            <rss version="2.0"><channel><Title>Shouting</Title>
            <item><Title>Item</Title><pubdate>Tue, 04 Nov 2025 06:00:00 GMT</pubdate></item></channel></rss>
            """)
        #expect(feed.title == "Shouting")
        #expect(feed.items.first?.title == "Item")
        #expect(feed.items.first?.published == utc(2025, 11, 4, 6))
    }

    // MARK: - Media RSS and Dublin Core terms

    @Test func mediaCategoriesAreCategories() throws {
        let feed = try FixtureLoader.parse(xml: """
            <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><item><title>V</title>
            <category>News</category>
            <media:category scheme="http://search.yahoo.com/mrss/category_schema">music/artist/album</media:category>
            <media:group><media:category>Live</media:category></media:group>
            </item></channel></rss>
            """)
        #expect(feed.items.first?.categories == ["News", "music/artist/album", "Live"])
    }

    @Test func dublinCoreTermsDatesOfItems() throws {
        let feed = try FixtureLoader.parse(xml: """
            <rss version="2.0" xmlns:dcterms="http://purl.org/dc/terms/"><channel>
            <item><title>Modified</title><dcterms:modified>2025-11-04T06:00:00Z</dcterms:modified></item>
            <item><title>Issued</title><dcterms:created>2025-10-01T00:00:00Z</dcterms:created>
              <dcterms:issued>2025-10-02T00:00:00Z</dcterms:issued></item>
            <item><title>Created</title><dcterms:created>2025-10-01T00:00:00Z</dcterms:created></item>
            <item><title>Own date wins</title><dcterms:issued>2025-10-02T00:00:00Z</dcterms:issued>
              <pubDate>Fri, 03 Oct 2025 00:00:00 GMT</pubDate></item>
            </channel></rss>
            """)
        #expect(feed.items.map(\.updated) == [utc(2025, 11, 4, 6), nil, nil, nil])
        #expect(feed.items.map(\.published) == [nil, utc(2025, 10, 2), utc(2025, 10, 1), utc(2025, 10, 3)])
    }

    @Test func dublinCoreTermsDatesOfTheChannel() throws {
        let modified = try FixtureLoader.parse(xml: """
            <rss version="2.0" xmlns:dcterms="http://purl.org/dc/terms/"><channel>
            <dcterms:issued>2025-01-01T00:00:00Z</dcterms:issued><dcterms:modified>2025-11-04T06:00:00Z</dcterms:modified>
            </channel></rss>
            """)
        #expect(modified.updated == utc(2025, 11, 4, 6))
        let issued = try FixtureLoader.parse(xml: """
            <rss version="2.0" xmlns:dcterms="http://purl.org/dc/terms/"><channel>
            <dcterms:issued>2025-01-01T00:00:00Z</dcterms:issued></channel></rss>
            """)
        #expect(issued.updated == utc(2025, 1, 1))
    }

    // MARK: - Ids, authors, languages

    @Test func rdfAboutIsTheIdOnlyWithoutAGuid() throws {
        let feed = try FixtureLoader.parse(xml: """
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
            <channel rdf:about="https://rdf.example/"><title>R</title></channel>
            <item rdf:about="https://rdf.example/1"><title>One</title><link>https://rdf.example/1.html</link></item>
            <item rdf:about="https://rdf.example/2"><title>Two</title><guid>urn:two</guid></item>
            <item><title>Three</title></item>
            </rdf:RDF>
            """)
        #expect(feed.items.map(\.id) == ["https://rdf.example/1", "urn:two", nil])
        #expect(feed.items.first?.link == "https://rdf.example/1.html")
        // The store keys an item by a guid, never by its rdf:about: items stored before rdf:about
        // was read as the id keep their link keys, so an upgrade stores nothing twice.
        #expect(feed.items.map(\.storeKey).prefix(2) == ["link:https://rdf.example/1.html", "id:urn:two"])
    }

    @Test func channelAuthorPrefersManagingEditorThenDublinCore() throws {
        func author(_ elements: String) throws -> String? {
            try FixtureLoader.parse(xml: """
                <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"
                     xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>\(elements)</channel></rss>
                """).author
        }
        let everything = """
            <webMaster>web@example.org</webMaster><itunes:author>Pod</itunes:author>
            <dc:creator>Creator</dc:creator><managingEditor>editor@example.org (Ed)</managingEditor>
            """
        #expect(try author(everything) == "editor@example.org (Ed)")
        #expect(try author("<webMaster>web@example.org</webMaster><dc:creator>Creator</dc:creator>") == "Creator")
        #expect(try author("<webMaster>web@example.org</webMaster><dc:author>Writer</dc:author>") == "Writer")
        #expect(try author("<webMaster>web@example.org</webMaster><author>Channel Author</author>") == "Channel Author")
        #expect(try author("<webMaster>web@example.org</webMaster><itunes:author>Pod</itunes:author>") == "Pod")
        #expect(try author("<webMaster>web@example.org</webMaster>") == "web@example.org")
    }

    @Test(arguments: [
        ("<language>en_US</language>", "en-US"),
        ("<language>  de-AT \n</language>", "de-AT"),
        ("<dc:language>pt_BR</dc:language>", "pt-BR"),
        ("", "fr-CA"),
    ])
    func languageIsALanguageTag(element: String, language: String) throws {
        let feed = try FixtureLoader.parse(xml: """
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xml:lang=" fr_CA "><channel>\(element)</channel></rss>
            """)
        #expect(feed.language == language)
    }

    // MARK: - Several elements for one field

    @Test(arguments: [true, false])
    func descriptionAndContentEncodedAreBothKept(contentFirst: Bool) throws {
        let description = "<description>Short &lt;b&gt;teaser&lt;/b&gt;</description>"
        let content = "<content:encoded><![CDATA[<p>The whole <b>story</b>.</p>]]></content:encoded>"
        let feed = try FixtureLoader.parse(xml: """
            <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><item>
            \(contentFirst ? content + description : description + content)</item></channel></rss>
            """)
        #expect(feed.items.first?.summary == "Short <b>teaser</b>")
        #expect(feed.items.first?.content == "<p>The whole <b>story</b>.</p>")
    }

    @Test func theFirstOfRepeatedDatesWins() throws {
        let feed = try FixtureLoader.parse(xml: """
            <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>
            <lastBuildDate>Tue, 04 Nov 2025 06:00:00 GMT</lastBuildDate><lastBuildDate>Wed, 05 Nov 2025 06:00:00 GMT</lastBuildDate>
            <item><pubDate>Mon, 03 Nov 2025 06:00:00 GMT</pubDate><pubDate>Sun, 02 Nov 2025 06:00:00 GMT</pubDate>
              <atom:updated>2025-11-03T08:00:00Z</atom:updated><atom:updated>2025-11-03T09:00:00Z</atom:updated></item>
            <item><pubDate>not a date</pubDate><pubDate>Sat, 01 Nov 2025 06:00:00 GMT</pubDate></item>
            </channel></rss>
            """)
        #expect(feed.updated == utc(2025, 11, 4, 6))
        #expect(feed.items.map(\.published) == [utc(2025, 11, 3, 6), utc(2025, 11, 1, 6)])
        #expect(feed.items.first?.updated == utc(2025, 11, 3, 8))
    }
}
