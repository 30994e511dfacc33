import Foundation
import Testing
import FeedEntities
import FeedParsing

/// Which Atom elements fill which field when several could: link choice, repeated dates,
/// Dublin Core terms and Media RSS categories in entries, the feed's language and image.
@Suite("Atom element mapping")
struct AtomHandlerMappingTests {
    private func entry(_ children: String) throws -> ParsedItem? {
        try FixtureLoader.parse(xml: """
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:dcterms="http://purl.org/dc/terms/"
                  xmlns:media="http://search.yahoo.com/mrss/"><title>F</title>
            <entry><id>urn:e</id>\(children)</entry></feed>
            """).items.first
    }

    // MARK: - Links

    @Test(arguments: [
        // A link without href is no link; the first alternate (or rel-less) one with an href wins.
        (#"<link rel="alternate"/><link href="https://a.example/1"/><link href="https://a.example/2"/>"#, "https://a.example/1"),
        (#"<link/><link rel="alternate" href="https://a.example/1"/>"#, "https://a.example/1"),
        // Other relations are not the entry's page, whatever their order.
        (#"<link rel="self" href="https://a.example/self"/><link rel="related" href="https://a.example/r"/><link href="https://a.example/1"/>"#,
            "https://a.example/1"),
        (#"<link rel="ALTERNATE" href="https://a.example/1"/>"#, "https://a.example/1"),
        // Among alternates, a web page is preferred over another type.
        (#"<link rel="alternate" type="application/pdf" href="https://a.example/1.pdf"/><link rel="alternate" type="text/html" href="https://a.example/1.html"/>"#,
            "https://a.example/1.html"),
        (#"<link rel="alternate" type="text/html" href="https://a.example/1.html"/><link rel="alternate" type="text/html" href="https://a.example/2.html"/>"#,
            "https://a.example/1.html"),
        (#"<link rel="alternate" type="application/xhtml+xml" href="https://a.example/1.xhtml"/><link rel="alternate" type="text/html" href="https://a.example/1.html"/>"#,
            "https://a.example/1.xhtml"),
        (#"<link rel="enclosure" href="https://a.example/1.mp3"/>"#, nil),
    ] as [(String, String?)])
    func entryLinkChoice(links: String, expected: String?) throws {
        #expect(try entry(links)?.link == expected)
        let feed = try FixtureLoader.parse(xml: #"<feed xmlns="http://www.w3.org/2005/Atom">"# + links + "</feed>")
        #expect(feed.link == expected)
    }

    // MARK: - Dates

    @Test func theFirstOfRepeatedDatesWins() throws {
        let feed = try FixtureLoader.parse(xml: """
            <feed xmlns="http://www.w3.org/2005/Atom"><updated>2025-11-04T06:00:00Z</updated>
            <updated>2025-11-05T06:00:00Z</updated>
            <entry><id>1</id><published>2025-11-01T00:00:00Z</published><published>2025-11-02T00:00:00Z</published>
            <updated>2025-11-03T00:00:00Z</updated><updated>2025-10-03T00:00:00Z</updated></entry></feed>
            """)
        #expect(feed.updated == utc(2025, 11, 4, 6))
        #expect(feed.items.first?.published == utc(2025, 11, 1))
        #expect(feed.items.first?.updated == utc(2025, 11, 3))
    }

    @Test func dublinCoreTermsStandInForMissingAtomDates() throws {
        let terms = """
            <dcterms:modified>2025-11-04T06:00:00Z</dcterms:modified><dcterms:issued>2025-10-02T00:00:00Z</dcterms:issued>
            """
        let onlyTerms = try entry(terms)
        #expect(onlyTerms?.updated == utc(2025, 11, 4, 6))
        #expect(onlyTerms?.published == utc(2025, 10, 2))
        #expect(try entry("<dcterms:created>2025-10-01T00:00:00Z</dcterms:created>")?.published == utc(2025, 10, 1))

        let both = try entry(terms + "<updated>2025-11-05T00:00:00Z</updated><published>2025-10-05T00:00:00Z</published>")
        #expect(both?.updated == utc(2025, 11, 5))
        #expect(both?.published == utc(2025, 10, 5))

        let feed = try FixtureLoader.parse(xml: """
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:dcterms="http://purl.org/dc/terms/">
            <dcterms:modified>2025-11-04T06:00:00Z</dcterms:modified></feed>
            """)
        #expect(feed.updated == utc(2025, 11, 4, 6))
    }

    // MARK: - Categories, language, image

    @Test func mediaCategoriesAreCategories() throws {
        let item = try entry(#"<category term="own"/><media:category>Film</media:category>"#)
        #expect(item?.categories == ["own", "Film"])
    }

    @Test(arguments: [
        (#"xml:lang="en_GB""#, "", "en-GB"),
        (#"xml:lang=" de ""#, "", "de"),
        ("", "<dc:language>nl_BE</dc:language>", "nl-BE"),
    ])
    func languageIsALanguageTag(attribute: String, element: String, language: String) throws {
        let feed = try FixtureLoader.parse(xml: """
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" \(attribute)>\(element)</feed>
            """)
        #expect(feed.language == language)
    }

    @Test func itunesImageIsTheImageOnlyWithoutLogoOrIcon() throws {
        let itunes = #"<itunes:image href="https://pod.example/art.jpg"/>"#
        func image(_ children: String) throws -> String? {
            try FixtureLoader.parse(xml: """
                <feed xmlns="http://www.w3.org/2005/Atom" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">\(children)</feed>
                """).image
        }
        #expect(try image(itunes) == "https://pod.example/art.jpg")
        #expect(try image(itunes + "<icon>https://pod.example/icon.png</icon>") == "https://pod.example/icon.png")
        #expect(try image("<logo>https://pod.example/logo.png</logo>" + itunes) == "https://pod.example/logo.png")
    }
}
