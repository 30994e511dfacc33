@testable import FeedParsing
import Testing

struct SubscriptionListTests {
    @Test func readsOPML2FoldersAsTagsAndKeepsTitles() throws {
        let list = try SubscriptionList.read("""
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0"><head><title>Subscriptions</title></head><body>
              <outline text="Tech" title="Tech">
                <outline text="Linux">
                  <outline type="rss" text="LWN" title="LWN.net" xmlUrl="https://lwn.net/headlines/rss" htmlUrl="https://lwn.net/"/>
                </outline>
                <outline type="rss" text="Planet &amp; Friends" xmlUrl="https://planet.example/rss" category="/News/World,Weekly"/>
              </outline>
              <outline type="rss" text="Top level" xmlurl="http://top.example/feed"/>
              <outline type="rss" text="Script" xmlUrl="javascript:alert(1)"/>
              <outline text="Empty folder"/>
            </body></opml>
            """)
        #expect(list.format == .opml)
        #expect(list.entries == [
            .init(url: "https://lwn.net/headlines/rss", title: "LWN.net", tags: ["Tech", "Linux"]),
            .init(url: "https://planet.example/rss", title: "Planet & Friends", tags: ["Tech", "News", "World", "Weekly"]),
            .init(url: "http://top.example/feed", title: "Top level", tags: []),
        ])
        #expect(list.skipped == [.init(entry: "javascript:alert(1)", location: "Script", reason: "only http and https feeds can be imported")])
    }

    @Test func aFeedInSeveralFoldersIsOneEntryWithAllTheirTags() throws {
        let list = try SubscriptionList.read("""
            <opml version="2.0"><body>
              <outline text="Linux"><outline text="LWN" xmlUrl="https://lwn.net/rss"/></outline>
              <outline text="News"><outline text="LWN again" xmlUrl="https://lwn.net/rss"/></outline>
              <outline text="linux"><outline xmlUrl="https://lwn.net/rss"/></outline>
            </body></opml>
            """)
        #expect(list.entries == [.init(url: "https://lwn.net/rss", title: "LWN", tags: ["Linux", "News"])])
    }

    @Test func readsOPML1() throws {
        let list = try SubscriptionList.read("""
            <opml version="1.0"><body><outline title="Old" type="rss" xmlUrl="http://old.example/rss.xml"/></body></opml>
            """)
        #expect(list.entries == [.init(url: "http://old.example/rss.xml", title: "Old")])
    }

    @Test func refusesWhatIsNotOPML() {
        #expect(throws: SubscriptionListError.notOPML(root: "rss")) {
            try SubscriptionList.read("<rss version=\"2.0\"><channel/></rss>")
        }
        #expect {
            try SubscriptionList.read("<opml><body><outline xmlUrl=\"http://a\"></body>")
        } throws: { error in
            guard case .malformed(let reason) = error as? SubscriptionListError else { return false }
            return reason.hasPrefix("line 1:")
        }
    }

    @Test func neverLoadsExternalEntities() throws {
        // In an attribute, XML forbids them: a clear error, nothing read.
        #expect(throws: SubscriptionListError.malformed("line 3: Attribute references external entity 'secret'")) {
            try SubscriptionList.read("""
                <?xml version="1.0"?>
                <!DOCTYPE opml [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
                <opml version="2.0"><body><outline text="&secret;" xmlUrl="https://a.example/feed"/></body></opml>
                """)
        }
        // In a head element, the reference stays a reference: never substituted.
        let list = try SubscriptionList.read("""
            <?xml version="1.0"?>
            <!DOCTYPE opml [<!ENTITY secret SYSTEM "file:///etc/passwd"><!ENTITY lol "lol">]>
            <opml version="2.0"><head><title>&secret;</title></head>
            <body><outline text="a &lol;" xmlUrl="https://a.example/feed"/></body></opml>
            """)
        #expect(list.entries.map(\.url) == ["https://a.example/feed"])
        #expect(list.entries[0].title == "a lol", "XML expands internal entities in attributes")

        // Exponential expansion is cut off by libxml2's limits instead of eating memory.
        var laughs = "<!ENTITY l0 \"lol\">"
        for level in 1...12 { laughs += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">" }
        #expect(throws: SubscriptionListError.self) {
            try SubscriptionList.read("""
                <?xml version="1.0"?><!DOCTYPE opml [\(laughs)]>
                <opml version="2.0"><body><outline text="&l12;" xmlUrl="https://a.example/feed"/></body></opml>
                """)
        }
    }

    @Test func readsNewsboatURLs() {
        let list = SubscriptionList.read(newsboat: """
            # my feeds
            https://lwn.net/headlines/rss linux "~LWN (headlines)" "tag with space"

            http://a.example/feed ! news
            exec:~/bin/weather
            filter:~/bin/fix:https://b.example/feed
            "query:Unread:unread = \\"yes\\"" unread
            ftp://nope.example/feed
            """)
        #expect(list.format == .newsboat)
        #expect(list.entries == [
            .init(url: "https://lwn.net/headlines/rss", title: "LWN (headlines)", tags: ["linux", "tag with space"]),
            .init(url: "http://a.example/feed", title: nil, tags: ["news"]),
        ])
        #expect(list.skipped.map(\.location) == ["line 5", "line 6", "line 7", "line 8"])
        #expect(list.skipped[0].reason.contains("commands are not imported"))
        #expect(list.skipped[2].reason.contains("query feeds"))
    }

    @Test func tellsTheFormatFromTheText() throws {
        #expect(try SubscriptionList.read("\u{FEFF}  <opml><body/></opml>").format == .opml)
        #expect(try SubscriptionList.read("https://a.example/feed").format == .newsboat)
        #expect(try SubscriptionList.read("<opml/>", format: .newsboat).format == .newsboat)
    }
}

extension SubscriptionList {
    /// `read(_:format:)` for a urls file, which cannot fail.
    static func read(newsboat text: String) -> SubscriptionList {
        (try? read(text, format: .newsboat)) ?? SubscriptionList(format: .newsboat, entries: [])
    }
}
