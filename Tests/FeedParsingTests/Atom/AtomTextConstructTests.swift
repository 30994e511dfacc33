import Foundation
import Testing
import FeedEntities
@testable import FeedParsing

/// The parser says which summaries and contents are plain text (out of band: the `tidingsd
/// parse` contract keeps them as written), so the store can keep their line breaks and `<`.
struct AtomTextConstructTests {
    static func atom(_ entries: [String], namespace: String = "http://www.w3.org/2005/Atom") -> String {
        let entries = entries.enumerated().map { index, body in "<entry><id>urn:e:\(index)</id>\(body)</entry>" }
        return """
            <feed xmlns="\(namespace)"><id>urn:f</id>
            \(entries.joined(separator: "\n"))</feed>
            """
    }

    @Test func atom10TextSummariesAndContentsArePlainText() throws {
        let feed = try FixtureLoader.parse(xml: Self.atom([
            "<summary>a &lt; b\nsecond line</summary><content>Untyped</content>",
            #"<summary type="text">Text</summary><content type="text">Text &amp; more</content>"#,
            #"<summary type="TEXT/plain">Media type</summary><content type="text/markdown"># Notes</content>"#,
            #"<summary type="html">&lt;p&gt;HTML&lt;/p&gt;</summary><content type="html">&lt;p&gt;HTML&lt;/p&gt;</content>"#,
            #"<summary type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">X<b>HTML</b></div></summary>"#
                + #"<content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>XHTML</p></div></content>"#,
            #"<summary type="text/html">&lt;i&gt;HTML&lt;/i&gt;</summary><content type="application/xml"><x>XML</x></content>"#,
            #"<content type="application/octet-stream">RW50cnkgQ29udGVudA==</content><content src="https://e.example/a"/>"#,
        ]))
        #expect(feed.items.map(\.summaryIsText) == [true, true, true, nil, nil, nil, nil])
        #expect(feed.items.map(\.contentIsText) == [true, true, true, nil, nil, nil, nil])
        // The contract's text is unchanged: as written, decoded once.
        #expect(feed.items[0].summary == "a < b\nsecond line")
        #expect(feed.items[1].content == "Text & more")
        #expect(feed.items[3].summary == "<p>HTML</p>")
        // What the store keeps of it.
        #expect(feed.items[0].summaryHTML == "a &lt; b<br>\nsecond line")
        #expect(feed.items[0].contentHTML == "Untyped")
        #expect(feed.items[3].summaryHTML == "<p>HTML</p>" && feed.items[3].contentHTML == "<p>HTML</p>")
    }

    @Test func contentWithOnlySrcHasNoTextToKeep() throws {
        let feed = try FixtureLoader.parse(xml: Self.atom([#"<content type="text" src="https://e.example/a"/>"#]))
        #expect(feed.items[0].content == nil && feed.items[0].contentIsText == nil)
    }

    @Test func theSummaryOrContentKeptDecidesTheType() throws {
        let feed = try FixtureLoader.parse(xml: Self.atom([
            #"<summary type="html">&lt;b&gt;First&lt;/b&gt;</summary><summary>Second</summary>"#,
            #"<summary type="html"> </summary><summary>After a blank one &lt;</summary>"#,
            #"<content>First</content><content type="html">&lt;b&gt;Second&lt;/b&gt;</content>"#,
        ]))
        #expect(feed.items.map(\.summary) == ["<b>First</b>", "After a blank one <", nil])
        #expect(feed.items.map(\.summaryIsText) == [nil, true, nil])
        #expect(feed.items[2].content == "First" && feed.items[2].contentIsText == true)
    }

    @Test func atom03PlainTextFollowsModeAndType() throws {
        let feed = try FixtureLoader.parse(xml: Self.atom(
            [
                // mode="xml" and type="text/plain" are the defaults.
                "<summary>Plain\ntext</summary><content mode=\"escaped\">a &lt; b</content>",
                #"<summary type="text/html" mode="escaped">&lt;p&gt;HTML&lt;/p&gt;</summary>"#
                    + #"<content type="application/xhtml+xml"><div xmlns="http://www.w3.org/1999/xhtml">X</div></content>"#,
                #"<summary type="text/plain" mode="base64">UGxhaW4gJiBiYXNlNjQ=</summary>"#
                    + #"<content type="text/html" mode="base64">PGI+SFRNTDwvYj4=</content>"#,
            ], namespace: "http://purl.org/atom/ns#"))
        #expect(feed.format == .atom03)
        #expect(feed.items.map(\.summaryIsText) == [true, nil, true])
        #expect(feed.items.map(\.contentIsText) == [true, nil, nil])
        #expect(feed.items[0].content == "a < b" && feed.items[2].summary == "Plain & base64")
        #expect(feed.items[2].content == "<b>HTML</b>")
    }

    @Test func atomElementsInRSSArePlainTextWhenTheyAreTheSummaryOrContent() throws {
        let rss = try FixtureLoader.parse(xml: """
            <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>
            <item><guid>1</guid><atom:summary>a &lt; b
            second</atom:summary><atom:content type="text">Text</atom:content></item>
            <item><guid>2</guid><description>&lt;p&gt;Own&lt;/p&gt;</description><atom:summary>Text</atom:summary>
            <content:encoded xmlns:content="http://purl.org/rss/1.0/modules/content/">&lt;p&gt;HTML&lt;/p&gt;</content:encoded>
            <atom:content>Text</atom:content></item>
            <item><guid>3</guid><atom:summary type="html">&lt;b&gt;HTML&lt;/b&gt;</atom:summary>
            <atom:content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">X</div></atom:content></item>
            </channel></rss>
            """)
        #expect(rss.items.map(\.summary) == ["a < b\nsecond", "<p>Own</p>", "<b>HTML</b>"])
        #expect(rss.items.map(\.summaryIsText) == [true, nil, nil])
        #expect(rss.items.map(\.content) == ["Text", "<p>HTML</p>", "X"])
        #expect(rss.items.map(\.contentIsText) == [true, nil, nil])
    }

    @Test func theFlagsStayOutOfTheParseContract() throws {
        let feed = try FixtureLoader.parse(xml: Self.atom(["<summary>a &lt; b\nc</summary><content>d &amp; e</content>"]))
        let json = String(decoding: ParseContractEncoder().encode(feed), as: UTF8.self)
        #expect(json.contains(#""summary":"a < b\nc","content":"d & e","categories""#), "\(json)")
        #expect(!json.contains("IsText"), "\(json)")
    }
}
