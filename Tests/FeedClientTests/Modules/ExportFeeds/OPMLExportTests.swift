import FeedEntities
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import FeedClient

struct OPMLExportTests {
    @Test func tagsAreFoldersAndUntaggedFeedsComeFirst() {
        let document = OPMLExport.document(for: ExportFixtures.feeds, createdAt: Fixtures.now)
        let kernel = #"<outline type="rss" text="Kernel &lt;Notes&gt; &amp; &quot;Friends&quot; it&apos;s" title="Kernel &lt;Notes&gt; &amp; &quot;Friends&quot; it&apos;s" xmlUrl="https://kernel.example/feed?a=1&amp;b=2" tidings:customTitle="true"/>"#
        #expect(document.text == """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0" xmlns:tidings="https://tidings.invalid/opml">
              <head>
                <title>Tidings subscriptions</title>
                <dateCreated>Sun, 22 Nov 2026 10:00:00 GMT</dateCreated>
              </head>
              <body>
                <outline type="rss" text="Planet Terminal" title="Planet Terminal" xmlUrl="https://planet.example.org/rss.xml" htmlUrl="https://planet.example.org/"/>
                <outline type="rss" text="CtrlTitle&#9;Tab" title="CtrlTitle&#9;Tab" xmlUrl="https://ctrl.example/feed" htmlUrl="https://planet.example.org/"/>
                <outline text="linux" title="linux">
                  \(kernel)
                  <outline type="rss" text="中文博客 🎉" title="中文博客 🎉" xmlUrl="https://zh.example/feed" htmlUrl="https://planet.example.org/"/>
                </outline>
                <outline text="news" title="news">
                  \(kernel)
                </outline>
              </body>
            </opml>

            """)
        #expect(document.notes.isEmpty)
    }

    @Test func ownTitlesAreMarkedAndAFeedNotYetNamedIsItsURL() {
        var mine = Fixtures.feed(1, title: "Mine", url: "https://a.example/f")
        mine.hasCustomTitle = true
        mine.siteLink = nil
        var unnamed = Fixtures.feed(2, title: "https://b.example/f", url: "https://b.example/f")
        unnamed.siteLink = nil
        var urlAsOwnTitle = Fixtures.feed(3, title: "https://c.example/f", url: "https://c.example/f")
        urlAsOwnTitle.siteLink = nil
        urlAsOwnTitle.hasCustomTitle = true
        let lines = OPMLExport.document(for: [mine, unnamed, urlAsOwnTitle], createdAt: Fixtures.now).text
            .split(separator: "\n").filter { $0.contains("xmlUrl") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines == [
            #"<outline type="rss" text="Mine" title="Mine" xmlUrl="https://a.example/f" tidings:customTitle="true"/>"#,
            #"<outline type="rss" text="https://b.example/f" xmlUrl="https://b.example/f"/>"#,
            #"<outline type="rss" text="https://c.example/f" title="https://c.example/f" xmlUrl="https://c.example/f" tidings:customTitle="true"/>"#,
        ])
    }

    @Test func noFeedsIsStillADocument() {
        #expect(OPMLExport.document(for: [], createdAt: Fixtures.now).text.hasSuffix("  <body>\n  </body>\n</opml>\n"))
    }

    @Test func foldersGroupTagsCaseInsensitivelyInListingOrder() {
        let folders = OPMLExport.folders(of: ExportFixtures.feeds)
        #expect(folders.map(\.tag) == ["linux", "news"])
        #expect(folders.map { $0.feeds.map(\.id) } == [[2, 3], [2]])
    }

    #if canImport(FoundationXML)
    @Test func anXMLParserReadsBackEveryFeedWithItsFoldersAndTitle() throws {
        let text = OPMLExport.document(for: ExportFixtures.feeds, createdAt: Fixtures.now).text
        let collector = OutlineCollector()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = collector
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        #expect(collector.feeds.map(\.url) == [
            "https://planet.example.org/rss.xml", "https://ctrl.example/feed", "https://kernel.example/feed?a=1&b=2",
            "https://zh.example/feed", "https://kernel.example/feed?a=1&b=2",
        ])
        #expect(collector.feeds.map(\.folder) == [nil, nil, "linux", "linux", "news"])
        #expect(collector.feeds[2].title == #"Kernel <Notes> & "Friends" it's"#)
        #expect(collector.feeds[1].title == "CtrlTitle\tTab")
    }
    #endif
}

#if canImport(FoundationXML)
/// The `xmlUrl` outlines of an OPML document with the folder each is in.
private final class OutlineCollector: NSObject, XMLParserDelegate {
    private(set) var feeds: [(url: String, title: String?, folder: String?)] = []
    private var folders: [String?] = []

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        guard name == "outline" else { return }
        if let url = attributes["xmlUrl"] {
            feeds.append((url, attributes["title"], folders.last ?? nil))
            folders.append(nil)
        } else {
            folders.append(attributes["text"])
        }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "outline" { folders.removeLast() }
    }
}
#endif
