import Testing
import FeedEntities
@testable import FeedParsing

/// Character and entity references, in well-formed documents and in recovered ones.
@Suite("Collecting references")
struct FeedCollectorEntitiesTests {
    @Test func characterReferencesInEverySpelling() throws {
        let feed = try FixtureLoader.parse(
            xml: """
                <rss><channel><title>&#65;&#x42;&#X43;&#0068;&#x0045;&#X00046; &#8217;&#x2019;</title>
                <item><title>&#146;Tis &#147;so&#148; &#150; &#x97;</title><link>/a?b=1&#38;c=&#X32;</link></item>
                </channel></rss>
                """)
        #expect(feed.title == "ABCDEF ’’")
        #expect(feed.items.first?.title == "’Tis “so” – —")
        #expect(feed.items.first?.link == "/a?b=1&c=2")
        #expect(!feed.wellFormed)  // &#X is not XML
    }

    @Test func windows1252CharacterReferencesKeepTheDocumentWellFormed() throws {
        let feed = try FixtureLoader.parse(xml: "<rss><channel><title>It&#146;s</title></channel></rss>")
        #expect(feed.title == "It’s")
        #expect(feed.wellFormed)
    }

    @Test func unknownNamedEntitiesStayAsText() throws {
        let feed = try FixtureLoader.parse(
            xml: """
                <feed xmlns="http://www.w3.org/2005/Atom"><title>Caf&eacute; &bogus; &amp; co</title>
                <entry><title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">a &nosuch; <b>b</b></div></title>
                <summary type="html">x &amp;bogus; &unknown; y</summary></entry></feed>
                """)
        #expect(feed.title == "Café &bogus; & co")
        #expect(feed.items.first?.title == "a &amp;nosuch; <b>b</b>")
        #expect(feed.items.first?.summary == "x &bogus; &unknown; y")
        #expect(!feed.wellFormed)
    }

    @Test func referencesAfterAnEarlierErrorAreStillRead() throws {
        // The stray end tag makes the document not well-formed before any reference is read.
        let feed = try FixtureLoader.parse(
            xml: """
                <rss><channel></b><title>&#X41;&nbsp;&bogus;&#x42;&amp;</title></channel></rss>
                """)
        #expect(feed.title == "A\u{00A0}&bogus;B&")
        #expect(!feed.wellFormed)
    }
}
