import Foundation
import Testing
import FeedEntities
import FeedParsing

/// Hostile documents: each must finish, read nothing outside the document, and stay bounded.
@Suite("Hostile documents")
struct LibXMLFeedParserSecurityTests {
    /// Every text field of a feed, to search for leaked content.
    private func allText(_ feed: ParsedFeed) -> String {
        var parts = [feed.title, feed.link, feed.subtitle, feed.language, feed.author, feed.image]
        for item in feed.items {
            parts += [item.id, item.title, item.link, item.author, item.summary, item.content]
            parts += item.categories.map(Optional.some) + item.enclosures.map { Optional.some($0.url) }
        }
        return parts.compactMap { $0 }.joined(separator: "\n")
    }

    @Test func externalEntitiesAreNeverRead() throws {
        let passwd = (try? String(contentsOfFile: "/etc/passwd", encoding: .utf8)) ?? "root:x:0:0"
        let firstLine = String(passwd.prefix { $0 != "\n" })
        let feed = try FixtureLoader.parse("xxe-file.xml")
        let text = allText(feed)
        #expect(!text.contains(firstLine))
        #expect(!text.contains("root:"))
        #expect(feed.title == "Leak:")
        #expect(feed.items.first?.title == "Item")
        #expect(feed.items.first?.summary == nil)
        #expect(!feed.wellFormed)
    }

    @Test func externalParameterEntitiesAreNeverRead() throws {
        let feed = try FixtureLoader.parse("xxe-parameter.xml")
        #expect(feed.title == "Parameter entities")
        #expect(!allText(feed).contains("root:"))
    }

    @Test func billionLaughsIsRefusedNotExpanded() throws {
        let feed = try FixtureLoader.parse("billion-laughs.xml")
        #expect(feed.title == "Laughs")
        #expect(feed.subtitle == nil)
        #expect(feed.items.first?.title == nil)
        #expect(feed.items.first?.link == "https://laughs.example/1")
        #expect(!allText(feed).contains("lol"))
        #expect(!feed.wellFormed)
    }

    @Test func quadraticBlowupStaysWithinTheExpansionBudget() throws {
        // One 64 KiB entity referenced 20,000 times: 1.3 GB if expanded naively.
        let big = String(repeating: "a", count: 64 << 10)
        let references = String(repeating: "&big;", count: 20_000)
        let xml = """
            <?xml version="1.0"?><!DOCTYPE rss [<!ENTITY big "\(big)">]>
            <rss><channel><title>Quadratic</title><description>\(references)</description></channel></rss>
            """
        let feed = try FixtureLoader.parse(xml: xml)
        #expect(feed.title == "Quadratic")
        #expect((feed.subtitle?.utf8.count ?? 0) <= 1 << 20)
        #expect(!feed.wellFormed)
    }

    @Test func entityLoopsAreRefused() throws {
        let xml = """
            <!DOCTYPE rss [<!ENTITY a "x&b;"><!ENTITY b "y&a;">]>
            <rss><channel><title>Loop &a;</title><link>https://loop.example/</link></channel></rss>
            """
        let feed = try FixtureLoader.parse(xml: xml)
        #expect(feed.title == "Loop")
        #expect(feed.link == "https://loop.example/")
        #expect(!feed.wellFormed)
    }

    @Test func deepNestingIsCutOff() throws {
        let depth = 100_000
        let xml =
            "<rss><channel><title>Deep</title><item><title>Kept</title></item>"
            + String(repeating: "<x>", count: depth) + String(repeating: "</x>", count: depth)
            + "</channel></rss>"
        let feed = try FixtureLoader.parse(xml: xml)
        #expect(feed.title == "Deep")
        #expect(feed.items.map(\.title) == ["Kept"])
        #expect(!feed.wellFormed)
    }

    @Test func deepNestingInsideCapturedMarkupIsCutOff() throws {
        let depth = 50_000
        let xml =
            "<rss><channel><item><title>T</title><description>"
            + String(repeating: "<div>", count: depth) + "deep" + String(repeating: "</div>", count: depth)
            + "</description></item></channel></rss>"
        let feed = try FixtureLoader.parse(xml: xml)
        #expect(feed.items.first?.title == "T")
        #expect(!feed.wellFormed)
    }

    @Test func manyAttributesAndLongNamesFinish() throws {
        let attributes = (0..<5000).map { "a\($0)=\"\($0)\"" }.joined(separator: " ")
        let longName = String(repeating: "n", count: 100_000)
        let xml = "<rss><channel \(attributes)><title>Attrs</title><\(longName)/></channel></rss>"
        let feed = try FixtureLoader.parse(xml: xml)
        #expect(feed.title == "Attrs")
    }

    @Test func nulBytesInTheMiddleDoNotCrash() throws {
        var data = Data("<rss><channel><title>Before</title>".utf8)
        data.append(contentsOf: [0, 0, 0x41, 0])
        data.append(contentsOf: Data("<link>https://nul.example/</link></channel></rss>".utf8))
        let feed = try LibXMLFeedParser().parse(data, baseURL: nil, charset: nil)
        #expect(feed.title == "Before")
        #expect(!feed.wellFormed)
    }
}
