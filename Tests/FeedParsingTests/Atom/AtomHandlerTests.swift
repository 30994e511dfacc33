import Foundation
import Testing
import FeedEntities
@testable import FeedParsing

@Suite("Atom 1.0 and 0.3")
struct AtomHandlerTests {
    @Test func atom10MapsEveryField() throws {
        let feed = try FixtureLoader.parse("atom10-blog.xml")

        #expect(feed.format == .atom10)
        #expect(feed.wellFormed)
        #expect(feed.title == "Rust & Swift Notes")
        #expect(feed.subtitle == "Notes on <em>systems</em> programming")
        // rel="self" is skipped; the alternate is resolved against the feed's xml:base.
        #expect(feed.link == "https://blog.example.org/")
        #expect(feed.language == "en-US")
        let updated = try #require(feed.updated)
        #expect(abs(updated.timeIntervalSince(utc(2025, 11, 4, 8, 12, 33)) - 0.12) < 0.000_001)
        #expect(feed.author == "Ana Lima (ana@example.org)")
        #expect(feed.image == "https://blog.example.org/img/logo.png")
        #expect(feed.items.count == 3)

        let first = feed.items[0]
        #expect(first.id == "tag:blog.example.org,2025:borrowing-self")
        #expect(first.title == "Borrowing <code>self</code> in closures")
        // The HTML alternate wins over the JSON one listed before it.
        #expect(first.link == "https://blog.example.org/posts/borrowing-self")
        #expect(first.published == utc(2025, 11, 3, 18))
        #expect(first.updated == utc(2025, 11, 4, 7))
        #expect(first.categories == ["rust", "swift"])
        #expect(first.summary == "A short look at capture lists.")
        #expect(
            first.content == """
                <p>Capture lists in <a href="https://blog.example.org/posts/capture-lists">Swift</a> &amp; closures in Rust.</p>
                        <p><img src="https://blog.example.org/img/diagram.png" alt="A &quot;diagram&quot;"><br>Fig. 1</p>
                """)
        #expect(
            first.enclosures == [
                Enclosure(url: "https://blog.example.org/files/borrowing.pdf", type: "application/pdf", length: 48213)
            ])
        // No author of its own: the feed's authors apply (RFC 4287 §4.2.1).
        #expect(first.author == "Ana Lima (ana@example.org)")

        let second = feed.items[1]
        #expect(second.title == "Guest post")
        #expect(second.link == "https://guest.example.net/post")
        #expect(second.author == "Guest Writer, second@example.net")
        #expect(second.content == "<p>Hello &amp; welcome</p>")
        #expect(second.published == nil)
        #expect(second.updated == utc(2025, 10, 1, 12))

        let third = feed.items[2]
        // Content that only points elsewhere (src) has no value here.
        #expect(third.content == nil)
        #expect(third.updated == utc(2025, 9, 1))
        #expect(third.link == nil)
    }

    @Test func sourceElementDoesNotOverrideTheEntry() throws {
        let blog = try FixtureLoader.parse("atom10-blog.xml")
        #expect(blog.items[0].title == "Borrowing <code>self</code> in closures")
        let feed = try FixtureLoader.parse("gofeed/atom10_feed_entry_source_title.xml")
        #expect(feed.items.first?.title == nil)
    }

    @Test func atom03MapsModesAndDates() throws {
        let feed = try FixtureLoader.parse("atom03-journal.xml")

        #expect(feed.format == .atom03)
        #expect(feed.wellFormed)
        // mode="escaped" type="text/html": the HTML string, unescaped once.
        #expect(feed.title == "Mark&apos;s <i>journal</i>")
        #expect(feed.subtitle == "Notes from the road")
        #expect(feed.link == "http://journal.example.com/")
        #expect(feed.updated == utc(2004, 5, 30, 20, 7, 43))
        #expect(feed.author == "Mark Example")
        #expect(feed.language == "de")

        let first = feed.items[0]
        #expect(first.published == utc(2004, 5, 30, 20, 7, 43))
        #expect(first.updated == utc(2004, 5, 30, 20, 7, 43))
        #expect(first.summary == "<p>A <b>bold</b> claim.</p>")
        #expect(first.content == "Hello, Atom 0.3!")

        let second = feed.items[1]
        #expect(second.content == "<p>Inline <em>markup</em> &amp; text</p>")
        #expect(second.published == utc(2004, 5, 29))
    }

    // MARK: - gofeed corpus

    @Test func atom03Base64Title() throws {
        let feed = try FixtureLoader.parse("gofeed/atom03_feed_entry_title_base64.xml")
        #expect(feed.items.first?.title == "Entry Title")
    }

    @Test func xhtmlWrapperDivIsLeftOut() throws {
        let atom03 = try FixtureLoader.parse("gofeed/atom03_feed_entry_summary_xhtml_inline_markup.xml")
        #expect(atom03.items.first?.summary == "<p>Entry Summary</p>")
        let atom10 = try FixtureLoader.parse("gofeed/atom10_feed_entry_content_xhtml_inline_markup.xml")
        #expect(atom10.items.first?.content == "<p>Entry Content</p>")
    }

    @Test func contentWithOnlySrcIsNull() throws {
        let feed = try FixtureLoader.parse("gofeed/atom10_feed_entry_content_src.xml")
        #expect(feed.items.count == 1)
        #expect(feed.items.first?.content == nil)
    }

    @Test func binaryMediaTypeIsBase64() throws {
        let feed = try FixtureLoader.parse("gofeed/atom10_feed_entry_content_base64.xml")
        #expect(feed.items.first?.content == "Entry Content")
    }

    @Test func unknownTypeOutsideContentIsText() throws {
        let feed = try FixtureLoader.parse("gofeed/atom10_feed_entry_title_custom_type.xml")
        #expect(feed.items.first?.title == "test")
    }

    @Test func linksInXHTMLResolveAgainstInheritedBase() throws {
        let feed = try FixtureLoader.parse("gofeed/relative_uri_inherit.xml")
        #expect(feed.title == "Example <a href=\"http://example.com/test/test.html\">test</a>")
    }

    @Test func hrefIsTrimmed() throws {
        let feed = try FixtureLoader.parse("gofeed/atom10_feed_entry_link_href_invalid_space_prefix.xml")
        #expect(feed.items.first?.link == "http://example.org")
    }

    @Test func severalAuthors() throws {
        let feed = try FixtureLoader.parse("gofeed/atom10_feed_entry_author_multiple.xml")
        #expect(feed.items.first?.author == "Author Name 1 (email@example.org), Author Name 2 (email2@example.org)")
    }

    @Test func authorWithOnlyEmail() throws {
        let feed = try FixtureLoader.parse("gofeed/feed_author_email_-_atom10_feed_author_email.xml")
        #expect(feed.author == "email@example.org")
    }

    @Test func enclosureLink() throws {
        let feed = try FixtureLoader.parse("gofeed/feed_item_enclosure_-_atom10_feed_entry_link_rel_enclosure.xml")
        #expect(
            feed.items.first?.enclosures == [
                Enclosure(url: "http://example.org/podcast.mp3", type: "audio/mpeg", length: 123_456)
            ])
    }

    @Test func minimalAtom03() throws {
        let feed = try FixtureLoader.parse("gofeed/atom03_feed.xml")
        #expect(feed.format == .atom03)
        #expect(feed.title == "Feed Title")
    }

    @Test func atomWithoutNamespaceIsStillAtom() throws {
        let feed = try FixtureLoader.parse(xml: "<feed><title>Bare</title><entry><title>E</title></entry></feed>")
        #expect(feed.format == .atom10)
        #expect(feed.title == "Bare")
        #expect(feed.items.first?.title == "E")
    }

    // MARK: - Found by the gofeed conformance run

    @Test func binaryMediaTypesOnOtherTextConstructsAreBase64Too() throws {
        let feed = try FixtureLoader.parse(xml: """
            <feed xmlns="http://www.w3.org/2005/Atom">
            <title type="application/octet-stream">PHA+RmVlZCBUaXRsZTwvcD4=</title>
            <entry><summary type="application/x-custom">AAAA</summary><title type="image/png">iVBORw0KGgo=</title></entry>
            </feed>
            """)
        #expect(feed.title == "<p>Feed Title</p>")
        // Base64 that does not decode to text stays as written.
        #expect(feed.items.first?.summary == "AAAA")
        #expect(feed.items.first?.title == "iVBORw0KGgo=")
    }

    @Test func relativeLinksInEscapedHTMLResolveAgainstXMLBase() throws {
        let feed = try FixtureLoader.parse("gofeed/parser/atom/feed_title_xml_base_cdata.xml")
        #expect(feed.title == "Example <a href=\"http://example.com/test/test.html\">test</a>")

        let text = try FixtureLoader.parse(xml: """
            <feed xmlns="http://www.w3.org/2005/Atom" xml:base="http://example.com/">
            <title type="text">&lt;a href="t.html"&gt;</title></feed>
            """)
        #expect(text.title == "<a href=\"t.html\">")
    }
}
