import Foundation
import Testing
import FeedEntities
import FeedParsing

/// Breakage real feeds ship with, read the way other readers read it.
@Suite("Recovery from broken feeds")
struct RecoveryTests {
    @Test func itemsInsideAnUnclosedChannelLevelElementAreItems() throws {
        let feed = try FixtureLoader.parse("rss20-unclosed-itunes-category.xml")
        #expect(!feed.wellFormed)
        #expect(feed.title == "Garden Shed Radio")
        #expect(feed.items.map(\.title) == ["Episode 3: Hinges", "Episode 2: Rakes", "Episode 1: The Shed"])
        #expect(feed.items.map(\.id) == ["shed-3", "shed-2", "shed-1"])
        #expect(feed.items.first?.published == utc(2025, 11, 4, 6))
        #expect(feed.items.first?.enclosures.map(\.url) == ["https://cdn.shed.example/3.mp3"])
        #expect(feed.items[1].categories == ["Tools"])
    }

    @Test func itemsInsideAnUnclosedChannelImageAreItems() throws {
        let feed = try FixtureLoader.parse(xml: """
            <rss version="2.0"><channel><title>T</title><image><url>https://t.example/i.png</url>
            <item><title>One</title></item><item><title>Two</title></item></channel></rss>
            """)
        #expect(feed.image == "https://t.example/i.png")
        #expect(feed.items.map(\.title) == ["One", "Two"])
    }

    @Test func rdfItemsInsideAnUnclosedChannelAreItems() throws {
        let feed = try FixtureLoader.parse(xml: """
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
            <channel rdf:about="https://r.example/"><title>R</title>
            <item rdf:about="https://r.example/1"><title>One</title></item>
            <item rdf:about="https://r.example/2"><title>Two</title></item>
            </rdf:RDF>
            """)
        #expect(feed.title == "R")
        #expect(feed.items.map(\.title) == ["One", "Two"])
    }

    @Test func entriesInsideAnUnclosedFeedLevelElementAreEntries() throws {
        let feed = try FixtureLoader.parse(xml: """
            <feed xmlns="http://www.w3.org/2005/Atom"><title>A</title><author><name>Ann</name>
            <entry><id>1</id><title>One</title></entry>
            <entry><id>2</id><title>Two</title><author><name>Bob</name></author></entry>
            </feed>
            """)
        #expect(!feed.wellFormed)
        #expect(feed.items.map(\.title) == ["One", "Two"])
        #expect(feed.items.map(\.id) == ["1", "2"])
        // The feed's author is closed by the first entry, and is the author of entries without one.
        #expect(feed.author == "Ann")
        #expect(feed.items.map(\.author) == ["Ann", "Bob"])
    }

    @Test func blankLineBeforeTheXMLDeclaration() throws {
        let feed = try FixtureLoader.parse(xml: """

            <?xml version="1.0" encoding="utf-8"?>
            <rss version="2.0"><channel><title>Blank first</title><item><title>I</title></item></channel></rss>
            """)
        #expect(feed.title == "Blank first")
        #expect(feed.items.count == 1)
    }

    @Test func contentEncodedWithAnUndeclaredPrefixIsContent() throws {
        let feed = try FixtureLoader.parse(xml: """
            <rss version="2.0"><channel><item><title>I</title><description>Short</description>
            <content:encoded><![CDATA[<p>Long</p>]]></content:encoded></item></channel></rss>
            """)
        #expect(feed.items.first?.summary == "Short")
        #expect(feed.items.first?.content == "<p>Long</p>")
        #expect(!feed.wellFormed)
    }
}
