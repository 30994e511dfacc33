import FeedEntities
import Foundation
import Testing
@testable import FeedParsing

/// Feed data as feeds write it beyond their specifications: authors and categories with child
/// elements, a `<categories>` wrapper, Atom categories as text, a channel author only in Atom,
/// an Atom Entry Document.
struct FeedDataLeniencyTests {
    private func parse(_ text: String) throws -> ParsedFeed {
        try LibXMLFeedParser().parse(Data(text.utf8), baseURL: "https://example.org/", charset: nil)
    }

    @Test func anAuthorWithChildElementsIsTheirTextNotTheirTags() throws {
        let feed = try parse("""
            <rss version="2.0"><channel><title>T</title>
            <item><title>A</title><guid>a</guid>
            <author><name>Quentin Hardy</name><title>Head of Editorial</title></author>
            <category><term>cloud</term></category></item>
            </channel></rss>
            """)
        let item = try #require(feed.items.first)
        #expect(item.author == "Quentin Hardy Head of Editorial")
        #expect(item.categories == ["cloud"])
    }

    @Test func aCategoriesWrapperAndAtomCategoriesAsTextAreRead() throws {
        let feed = try parse("""
            <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>T</title>
            <atom:author><atom:name>Channel Author</atom:name></atom:author>
            <item><title>A</title><guid>a</guid>
            <categories><category>Swift</category><category>Linux</category></categories>
            <atom:category>Terminal</atom:category><atom:category term="feeds"/></item>
            </channel></rss>
            """)
        #expect(feed.author == "Channel Author")
        let item = try #require(feed.items.first)
        #expect(item.categories == ["Swift", "Linux", "Terminal", "feeds"])
    }

    @Test func anAtomCategoryWithTextButNoTermIsItsText() throws {
        let feed = try parse("""
            <feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><id>f</id>
            <entry><id>e</id><title>E</title><category>Plain text</category><category term="t" label="L"/></entry></feed>
            """)
        #expect(feed.items.first?.categories == ["Plain text", "t"])
    }

    @Test func anAtomEntryDocumentIsAFeedOfItsOneEntry() throws {
        let feed = try parse("""
            <?xml version="1.0"?>
            <entry xmlns="http://www.w3.org/2005/Atom">
              <id>urn:uuid:1225c695</id><title>Atom-Powered Robots Run Amok</title>
              <link href="http://example.org/2003/12/13/atom03"/><updated>2003-12-13T18:30:02Z</updated>
              <author><name>John Doe</name></author><summary>Some text.</summary>
            </entry>
            """)
        #expect(feed.items.count == 1)
        let entry = try #require(feed.items.first)
        #expect(entry.title == "Atom-Powered Robots Run Amok")
        #expect(entry.link == "http://example.org/2003/12/13/atom03")
        #expect(entry.author == "John Doe")
        #expect(feed.wellFormed)
    }
}
