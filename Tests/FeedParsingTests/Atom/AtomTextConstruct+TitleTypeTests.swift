import Testing
import FeedEntities
@testable import FeedParsing

/// The parser says which titles are HTML (out of band: the `tidingsd parse` contract keeps them
/// as written), so the daemon can store them as text.
struct AtomTextConstructTitleTypeTests {
    static func atom(feedTitle: String, entryTitles: [String]) -> String {
        let entries = entryTitles.enumerated().map { index, title in
            "<entry><id>urn:e:\(index)</id>\(title)<updated>2025-01-01T00:00:00Z</updated></entry>"
        }
        return """
            <feed xmlns="http://www.w3.org/2005/Atom"><id>urn:f</id>\(feedTitle)
            \(entries.joined(separator: "\n"))</feed>
            """
    }

    @Test func atomTitlesAreTypedByTheirTextConstruct() throws {
        let feed = try FixtureLoader.parse(xml: Self.atom(
            feedTitle: #"<title type="html">Garden &lt;i&gt;Log&lt;/i&gt;</title>"#,
            entryTitles: [
                #"<title type="html">Lamp &lt;b&gt;replaced&lt;/b&gt;</title>"#,
                #"<title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">Kettle <em>descaled</em></div></title>"#,
                #"<title type="text">a &lt; b</title>"#,
                "<title>Untyped &lt;b&gt;</title>",
                #"<title type="text/html">Media &lt;b&gt;type&lt;/b&gt;</title>"#,
                "",
            ]))
        // The contract is unchanged: HTML-typed titles stay HTML here.
        #expect(feed.title == "Garden <i>Log</i>" && feed.titleType == .html)
        #expect(feed.items.map(\.title) == [
            "Lamp <b>replaced</b>", "Kettle <em>descaled</em>", "a < b", "Untyped <b>", "Media <b>type</b>", nil,
        ])
        #expect(feed.items.map(\.titleType) == [.html, .html, .text, .text, .html, .unknown])
    }

    @Test func theFirstTitleDecidesTheType() throws {
        let feed = try FixtureLoader.parse(xml: Self.atom(
            feedTitle: #"<title>Text &lt;i&gt;</title><title type="html">Second</title>"#,
            entryTitles: [#"<title type="html">First &lt;b&gt;</title><title type="text">Second</title>"#]))
        #expect(feed.title == "Text <i>" && feed.titleType == .text)
        #expect(feed.items.first?.title == "First <b>" && feed.items.first?.titleType == .html)
    }

    @Test func rssTitlesHaveNoType() throws {
        let rss = try FixtureLoader.parse(xml: """
            <rss version="2.0"><channel><title>Bob &amp;amp; Co</title>
            <item><title>Heater &lt;em&gt;fixed&lt;/em&gt;</title><guid>1</guid></item></channel></rss>
            """)
        #expect(rss.title == "Bob &amp; Co" && rss.titleType == .unknown)
        #expect(rss.items.first?.title == "Heater <em>fixed</em>" && rss.items.first?.titleType == .unknown)
    }
}
