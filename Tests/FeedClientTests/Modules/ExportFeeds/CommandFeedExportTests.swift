import FeedEntities
import Testing
@testable import FeedClient

/// Command feeds in both export formats, written as newsboat reads them back.
struct CommandFeedExportTests {
    private var feeds: [Feed] {
        var exec = Fixtures.feed(1, title: "Weather", url: "exec:~/bin/weather --city 'New York'")
        exec.siteLink = nil
        var filter = Fixtures.feed(2, title: "Clean", url: "filter:~/bin/clean.sh arg:https://example.org/feed.xml")
        filter.siteLink = nil
        return [exec, filter]
    }

    @Test func newsboatGetsEachAddressAsOneQuotedWord() {
        let document = NewsboatURLsExport.document(for: feeds)
        #expect(document.text == """
            "exec:~/bin/weather --city 'New York'"
            "filter:~/bin/clean.sh arg:https://example.org/feed.xml"

            """)
    }

    /// newsboat's OPML import reads `xmlUrl="|command"` as `exec:` and `filtercmd` as `filter:`.
    @Test func opmlWritesLifereasForm() {
        let text = OPMLExport.document(for: feeds, createdAt: Fixtures.now).text
        #expect(text.contains(#"<outline type="rss" text="Weather" title="Weather" xmlUrl="|~/bin/weather --city &apos;New York&apos;"/>"#), "\(text)")
        #expect(text.contains(#"<outline type="rss" text="Clean" title="Clean" xmlUrl="https://example.org/feed.xml" filtercmd="~/bin/clean.sh arg"/>"#), "\(text)")
    }
}
