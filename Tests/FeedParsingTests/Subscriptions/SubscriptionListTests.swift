@testable import FeedParsing
import Foundation
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

    @Test func aTidingsExportMarksTheUsersOwnTitles() throws {
        let list = try SubscriptionList.read("""
            <opml version="2.0" xmlns:tidings="https://tidings.invalid/opml"><body>
              <outline type="rss" text="Mine" title="Mine" xmlUrl="https://a.example/f" tidings:customTitle="true"/>
              <outline type="rss" text="Theirs" title="Theirs" xmlUrl="https://b.example/f"/>
              <outline type="rss" text="https://c.example/f" xmlUrl="https://c.example/f"/>
              <outline type="rss" text="Other prefix" xmlUrl="https://d.example/f" x:customTitle="true" xmlns:x="https://tidings.invalid/opml"/>
              <outline type="rss" text="Not ours" xmlUrl="https://e.example/f" y:customTitle="true" xmlns:y="https://else.example/"/>
            </body></opml>
            """)
        #expect(list.isTidingsOPML)
        #expect(list.entries == [
            .init(url: "https://a.example/f", title: "Mine", isCustomTitle: true),
            .init(url: "https://b.example/f", title: "Theirs"),
            .init(url: "https://c.example/f", title: nil),
            .init(url: "https://d.example/f", title: "Other prefix", isCustomTitle: true),
            .init(url: "https://e.example/f", title: "Not ours"),
        ])
        let foreign = try SubscriptionList.read("""
            <opml version="2.0"><body><outline text="A" xmlUrl="https://a.example/f" customTitle="true"/></body></opml>
            """)
        #expect(!foreign.isTidingsOPML && foreign.entries == [.init(url: "https://a.example/f", title: "A")])
    }

    @Test func entriesKeepTheOrderOfTheFile() throws {
        let list = try SubscriptionList.read("""
            <opml version="2.0"><body>
              <outline text="Z" xmlUrl="https://z.example/f"/>
              <outline text="News"><outline text="A" xmlUrl="https://a.example/f"/><outline text="Z" xmlUrl="https://z.example/f"/></outline>
              <outline text="M" xmlUrl="https://m.example/f"/>
            </body></opml>
            """)
        #expect(list.entries.map(\.url) == ["https://z.example/f", "https://a.example/f", "https://m.example/f"])
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

    /// Internal subsets that declare an entity, however it would be used: each is refused
    /// before any attribute is read.
    static let entityDeclarations: [String] = {
        var laughs = "<!ENTITY l0 \"lol\">"
        for level in 1...12 { laughs += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">" }
        return [
            #"<!ENTITY secret SYSTEM "file:///etc/passwd">"#,  // external, used in an attribute
            #"<!ENTITY e "expands">"#,  // internal, used in an attribute
            #"<!ENTITY unused "never referenced">"#,
            #"<!ENTITY % p "parameter">"#,
            #"<!ENTITY % outside SYSTEM "file:///etc/passwd"> %outside;"#,
            #"<!ENTITY % inner "<!ENTITY e 'nested'>"> %inner;"#,
            #"<!NOTATION gif SYSTEM "image/gif"><!ENTITY picture SYSTEM "p.gif" NDATA gif>"#,
            #"<!ENTITY amp "&#38;#38;">"#,  // a predefined one declared again
            laughs,
        ]
    }()

    @Test(arguments: entityDeclarations) func refusesADocumentThatDeclaresAnEntity(_ declaration: String) {
        #expect(throws: SubscriptionListError.declaresEntities) {
            try SubscriptionList.read("""
                <?xml version="1.0"?>
                <!DOCTYPE opml [\(declaration)]>
                <opml version="2.0"><head><title>&e;</title></head>
                <body><outline text="&e;" xmlUrl="https://a.example/feed"/></body></opml>
                """)
        }
    }

    /// The document of the review: 110 KB whose one title would expand to 600 MB. Refused at
    /// the declaration, before the attribute is read (a read that expanded it would take
    /// gigabytes and seconds; the suite's time limit would catch that).
    @Test func refusesTheEntityBombAtItsDeclaration() {
        let document = """
            <?xml version="1.0"?>
            <!DOCTYPE opml [<!ENTITY e "\(String(repeating: "A", count: 20_000))">]>
            <opml version="2.0"><body>
            <outline text="\(String(repeating: "&e;", count: 30_000))" xmlUrl="https://a.example/feed"/>
            </body></opml>
            """
        #expect(document.utf8.count > 100_000)
        #expect(throws: SubscriptionListError.declaresEntities) { try SubscriptionList.read(document) }
        #expect(SubscriptionListError.declaresEntities.description
            == "the OPML document declares entities (<!ENTITY …>), which OPML never needs: refusing it")
    }

    @Test func aDoctypeWithoutEntitiesStillImports() throws {
        let list = try SubscriptionList.read("""
            <?xml version="1.0"?>
            <!DOCTYPE opml>
            <opml version="2.0"><body><outline text="A &amp; B" xmlUrl="https://a.example/feed"/></body></opml>
            """)
        #expect(list.entries == [.init(url: "https://a.example/feed", title: "A & B")])
    }

    /// An external DTD is never read, so the entities it declares do not exist: a reference to
    /// one expands to nothing.
    @Test func neverReadsAnExternalDTD() throws {
        let path = "/tmp/tidings-opml-\(UInt64.random(in: 0...UInt64.max)).dtd"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(#"<!ENTITY e "SECRET">"#.utf8)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let list = try SubscriptionList.read("""
            <?xml version="1.0"?>
            <!DOCTYPE opml SYSTEM "file://\(path)">
            <opml version="2.0"><body><outline title="Feed &e;" xmlUrl="https://a.example/feed"/></body></opml>
            """)
        #expect(list.entries.map(\.url) == ["https://a.example/feed"])
        #expect(!list.entries.contains { $0.title?.contains("SECRET") == true }, "\(list.entries)")
    }

    /// A URL too long to store is skipped with its reason, and reported shortened.
    @Test func skipsAURLLongerThanTheStoreKeeps() throws {
        let long = "https://a.example/" + String(repeating: "a", count: 5000)
        let list = try SubscriptionList.read("""
            <opml version="2.0"><body>
            <outline text="Long" xmlUrl="\(long)"/><outline text="Fine" xmlUrl="https://b.example/feed"/>
            </body></opml>
            """)
        #expect(list.entries.map(\.url) == ["https://b.example/feed"])
        #expect(list.skipped.map(\.reason) == ["the URL is 5018 bytes long: a feed URL may be at most 4096 bytes"])
        #expect(list.skipped.first?.entry.count == 200 && list.skipped.first?.entry.hasSuffix("…") == true)
    }

    @Test func readsNewsboatURLs() {
        let list = SubscriptionList.read(newsboat: """
            # my feeds
            https://lwn.net/headlines/rss linux "~LWN\u{0} (headlines)" "tag with space"

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
            .init(url: "exec:~/bin/weather", title: nil, tags: []),
            .init(url: "filter:~/bin/fix:https://b.example/feed", title: nil, tags: []),
        ])
        #expect(list.views == [.init(name: "Unread", query: "is:unread", location: "line 7")], "a query feed is a view")
        #expect(list.skipped.map(\.location) == ["line 8"])
    }

    @Test func keepsNewsboatCommandFeedsInTheirCanonicalForm() {
        let list = SubscriptionList.read(newsboat: #"""
            "exec:~/bin/myfeed   --flag \"two words\"" tools "~My feed"
            "filter:~/bin/clean.sh arg:https://example.org/feed.xml" clean
            "exec:~/bin/feed; touch /tmp/pwned"
            "exec:bin/relative"
            "filter:~/bin/clean.sh:ftp://example.org/feed"
            "exec:'unclosed"
            """#)
        #expect(list.entries == [
            .init(url: "exec:~/bin/myfeed --flag 'two words'", title: "My feed", tags: ["tools"]),
            .init(url: "filter:~/bin/clean.sh arg:https://example.org/feed.xml", title: nil, tags: ["clean"]),
        ])
        #expect(list.skipped.map(\.location) == ["line 3", "line 4", "line 5", "line 6"])
        #expect(list.skipped[0].reason.contains("the shell's ';'"))
        #expect(list.skipped[1].reason.contains("must be an absolute path"))
        #expect(list.skipped[2].reason.contains("http or https"))
        #expect(list.skipped[3].reason.contains("unbalanced '"))
    }

    /// As newsboat reads Liferea's OPML: `xmlUrl="|command"` and a `filtercmd` attribute.
    @Test func readsCommandFeedsFromOPML() throws {
        let list = try SubscriptionList.read("""
            <opml version="2.0"><body>
              <outline type="rss" text="Weather" xmlUrl="|~/bin/weather --city 'New York'"/>
              <outline type="rss" text="Clean" xmlUrl="https://example.org/feed.xml" filtercmd="~/bin/clean.sh arg"/>
              <outline type="rss" text="Bad" xmlUrl="|rm -rf ~ &amp;&amp; true"/>
            </body></opml>
            """)
        #expect(list.entries == [
            .init(url: "exec:~/bin/weather --city 'New York'", title: "Weather", tags: []),
            .init(url: "filter:~/bin/clean.sh arg:https://example.org/feed.xml", title: "Clean", tags: []),
        ])
        #expect(list.skipped.map(\.location) == ["Bad"])
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
