import Foundation
import Testing
import FeedEntities
import FeedParsing

@Suite("JSON Feed")
struct JSONFeedParserTests {
    private func parse(json: String, baseURL: String? = nil) throws -> ParsedFeed {
        try LibXMLFeedParser().parse(Data(json.utf8), baseURL: baseURL, charset: nil)
    }

    @Test func version11Feed() throws {
        let feed = try FixtureLoader.parse("jsonfeed11-blog.json", baseURL: "https://inessential.example/feed.json")
        #expect(feed.format == .jsonFeed)
        #expect(feed.wellFormed)
        #expect(feed.title == "Inessential — Brent’s blog")  // the BEL is gone
        #expect(feed.link == "https://inessential.example/")
        #expect(feed.subtitle == "Brent Simmons’s weblog.\nSince 1999.")
        #expect(feed.language == "en-US")
        #expect(feed.author == "Brent Simmons")
        #expect(feed.image == "https://inessential.example/images/icon-512.png")
        #expect(feed.updated == nil)
        // "not an item" is skipped; the item with wrongly typed members is kept.
        #expect(feed.items.count == 4)

        let post = feed.items[0]
        #expect(post.id == "https://inessential.example/2024/05/02/on_feeds.html")
        #expect(post.title == "On Feeds")
        #expect(post.link == "https://inessential.example/2024/05/02/on_feeds.html")
        #expect(post.author == "Brent Simmons")  // the feed's authors
        #expect(post.content == "<p>Feeds are <em>great</em> &amp; simple.</p>\n<p>Second paragraph.</p>")
        #expect(post.summary == "Why feeds still matter.")
        #expect(post.published == utc(2024, 5, 2, 17, 30))
        #expect(post.updated == utc(2024, 5, 3, 8).addingTimeInterval(0.25))
        #expect(post.categories == ["Feeds", "Web"])
        #expect(post.enclosures.isEmpty)
    }

    @Test func itemWithANumericIdAttachmentsAndSeveralAuthors() throws {
        let feed = try FixtureLoader.parse("jsonfeed11-blog.json", baseURL: "https://inessential.example/feed.json")
        let linked = feed.items[1]
        #expect(linked.id == "1234567890123")
        #expect(linked.link == "https://elsewhere.example/article")  // external_url, for want of url
        #expect(linked.content == "Worth reading.")  // content_text when there is no content_html
        #expect(linked.author == "Guest Writer, mailto:second@example.org")
        #expect(
            linked.enclosures == [
                Enclosure(url: "https://cdn.example/episode.mp3", type: "audio/mpeg", length: 48_213_760, duration: 2400),
                Enclosure(url: "https://inessential.example/episode.m4a", type: "audio/x-m4a", length: 51_000_000),
                Enclosure(url: "https://cdn.example/transcript.txt", type: "text/plain", length: nil),
            ])
    }

    @Test func itemsWithOddMembersKeepWhatIsReadable() throws {
        let feed = try FixtureLoader.parse("jsonfeed11-blog.json", baseURL: "https://inessential.example/feed.json")
        let micro = feed.items[2]
        #expect(micro.title == nil)
        #expect(micro.published == nil)  // "not a date"
        #expect(micro.categories == ["single-tag"])
        #expect(micro.content == "<p>A microblog post without a title.</p>")

        let weird = feed.items[3]
        #expect(weird.id == "17.5")
        #expect(weird.title == nil)  // a number is no title
        #expect(weird.summary == nil)  // blank
        #expect(weird.link == "https://inessential.example/weird")
        #expect(weird.enclosures.isEmpty)
    }

    @Test func version10FeedWithSingleAuthor() throws {
        let feed = try FixtureLoader.parse("jsonfeed10-podcast.json")
        #expect(feed.format == .jsonFeed)
        #expect(feed.title == "The Record")
        #expect(feed.author == "Brent Simmons and Chris Parrish")
        #expect(feed.items.count == 2)
        #expect(feed.items[0].author == "Brent Simmons and Chris Parrish")
        #expect(feed.items[1].author == "Brent Simmons")
        #expect(feed.items[0].content == "Chris has worked at <a href=\"http://adobe.example/\">Adobe</a> and as a founder of Rogue Sheep.")
        #expect(feed.items[0].published == utc(2014, 5, 9, 21, 4))
        #expect(
            feed.items[0].enclosures == [
                Enclosure(url: "http://therecord.example/podcast/22.m4a", type: "audio/x-m4a", length: 89_970_236, duration: 6629)
            ])
    }

    @Test func relativeLinksFallBackOnTheFeedURL() throws {
        let feed = try parse(json: """
            {"version": "https://jsonfeed.org/version/1.1", "feed_url": "https://site.example/blog/feed.json",
             "home_page_url": "./", "items": [{"id": "a", "url": "posts/a.html"}]}
            """)
        #expect(feed.link == "https://site.example/blog/")
        #expect(feed.items.first?.link == "https://site.example/blog/posts/a.html")
    }

    @Test func documentURLWinsOverTheFeedURL() throws {
        let feed = try parse(json: """
            {"version": "https://jsonfeed.org/version/1.1", "feed_url": "https://old.example/feed.json",
             "items": [{"id": "a", "url": "/a"}]}
            """, baseURL: "https://new.example/feed.json")
        #expect(feed.items.first?.link == "https://new.example/a")
    }

    @Test(arguments: [
        "https://jsonfeed.org/version/1", "https://jsonfeed.org/version/1.1", "http://jsonfeed.org/version/1",
        "https://www.jsonfeed.org/version/1.1", " HTTPS://JSONFEED.ORG/VERSION/1.1 ", "1.1", "1.0", "1",
    ])
    func acceptedVersions(version: String) throws {
        let feed = try parse(json: "{\"version\": \"\(version)\", \"title\": \"T\", \"items\": []}")
        #expect(feed.format == .jsonFeed)
        #expect(feed.title == "T")
    }

    @Test(arguments: [
        ("{\"title\": \"no version\", \"items\": []}", "JSON document that is not a JSON Feed (no jsonfeed.org version)"),
        ("{\"version\": \"1.1\", \"title\": \"bare version, no items\"}", "JSON document that is not a JSON Feed (no jsonfeed.org version)"),
        ("{\"version\": 1.1, \"items\": []}", "JSON document that is not a JSON Feed (no jsonfeed.org version)"),
        ("{\"version\": \"https://example.org/version/1\", \"items\": []}", "JSON document that is not a JSON Feed (no jsonfeed.org version)"),
        ("[{\"version\": \"https://jsonfeed.org/version/1.1\"}]", "JSON document that is not a JSON Feed (not an object)"),
    ])
    func jsonThatIsNotAJSONFeed(json: String, reason: String) {
        #expect(throws: FeedParsingError.notAFeed(reason)) { try parse(json: json) }
    }

    @Test(arguments: [
        "{\"version\": \"https://jsonfeed.org/version/1.1\", \"items\": [",
        "{'version': 'https://jsonfeed.org/version/1.1'}",
        "[1, 2",
    ])
    func invalidJSONIsNotAFeed(json: String) {
        let outcome = Result { () throws(FeedParsingError) in
            try LibXMLFeedParser().parse(Data(json.utf8), baseURL: nil, charset: nil)
        }
        guard case .failure(.notAFeed(let reason)) = outcome else {
            Issue.record("expected notAFeed, got \(outcome)")
            return
        }
        #expect(reason.hasPrefix("invalid JSON"))
    }

    @Test func byteOrderMarkAndSurroundingWhitespaceAreAccepted() throws {
        let data = Data([0xEF, 0xBB, 0xBF]) + Data(" \n{\"version\": \"https://jsonfeed.org/version/1\", \"items\": [{\"id\": \"x\"}]}\n".utf8)
        let feed = try LibXMLFeedParser().parse(data, baseURL: nil, charset: nil)
        #expect(feed.items.map(\.id) == ["x"])
    }

    @Test func controlCharactersAndBidiOverridesAreRemoved() throws {
        let feed = try parse(json: """
            {"version": "https://jsonfeed.org/version/1.1", "items": [{"id": "a\\u0000b",
             "title": "evil\\u202Etxt.exe\\u001B[31m", "content_text": "line\\r\\nnext\\u0085", "tags": ["\\u0007tag"]}]}
            """)
        let item = try #require(feed.items.first)
        #expect(item.id == "ab")
        #expect(item.title == "eviltxt.exe[31m")
        #expect(item.content == "line\nnext")
        #expect(item.categories == ["tag"])
    }

    @Test func itemAuthorsOverrideTheFeedAuthorsAndSizesMayBeFloats() throws {
        let feed = try parse(json: """
            {"version": "https://jsonfeed.org/version/1.1", "authors": [{"name": "Ann"}, {"name": "Bob"}],
             "author": {"name": "Ignored when authors are given"},
             "items": [{"id": "1"}, {"id": "2", "authors": [{"name": "Cy"}],
                        "attachments": [{"url": "https://x.example/a.mp3", "size_in_bytes": 1234.0},
                                        {"url": "https://x.example/b.mp3", "size_in_bytes": 12.5}]}]}
            """)
        #expect(feed.author == "Ann, Bob")
        #expect(feed.items.map(\.author) == ["Ann, Bob", "Cy"])
        #expect(feed.items[1].enclosures.map(\.length) == [1234, nil])
    }

    @Test func attachmentDurationsAreWholeSeconds() throws {
        let feed = try parse(json: """
            {"version": "https://jsonfeed.org/version/1.1",
             "items": [{"id": "1", "attachments": [
                {"url": "https://x.example/a.mp3", "duration_in_seconds": 1934},
                {"url": "https://x.example/b.mp3", "duration_in_seconds": 61.9},
                {"url": "https://x.example/c.mp3", "duration_in_seconds": "12:05"},
                {"url": "https://x.example/d.mp3", "duration_in_seconds": -5},
                {"url": "https://x.example/e.mp3", "duration_in_seconds": "long"},
                {"url": "https://x.example/f.mp3"}]}]}
            """)
        #expect(feed.items[0].enclosures.map(\.duration) == [1934, 61, 725, nil, nil, nil])
    }

    @Test func summaryAndContentTextArePlainTextAndContentHTMLIsNot() throws {
        let feed = try parse(json: """
            {"version": "https://jsonfeed.org/version/1.1",
             "items": [{"id": "1", "summary": "a < b\\nsecond", "content_text": "c & d\\nline two"},
                       {"id": "2", "content_html": "<p>HTML</p>", "content_text": "Ignored"},
                       {"id": "3", "summary": "  ", "content_text": ""}]}
            """)
        #expect(feed.items.map(\.summaryIsText) == [true, nil, nil])
        #expect(feed.items.map(\.contentIsText) == [true, nil, nil])
        // The contract keeps the text as written; the store keeps it as HTML that reads the same.
        #expect(feed.items[0].summary == "a < b\nsecond" && feed.items[0].content == "c & d\nline two")
        #expect(feed.items[0].summaryHTML == "a &lt; b<br>\nsecond")
        #expect(feed.items[0].contentHTML == "c &amp; d<br>\nline two")
        #expect(feed.items[1].contentHTML == "<p>HTML</p>")
    }
}
