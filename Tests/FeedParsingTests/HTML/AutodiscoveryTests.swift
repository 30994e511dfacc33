import FeedEntities
import Foundation
import Testing
import FeedParsing

@Suite struct AutodiscoveryTests {
    private func candidates(_ fixture: String, baseURL: String, charset: String? = nil) throws -> [FeedCandidate] {
        FeedAutodiscovery.candidates(inHTML: try FixtureLoader.data("html/\(fixture)"), baseURL: baseURL, charset: charset)
    }

    private func candidates(html: String, baseURL: String = "https://example.org/blog/") -> [FeedCandidate] {
        FeedAutodiscovery.candidates(inHTML: Data(html.utf8), baseURL: baseURL)
    }

    @Test func blogHomePageAnnouncesAtomRSSAndJSONFeed() throws {
        let found = try candidates("blog-home.html", baseURL: "https://workbench.example.net/")
        #expect(
            found == [
                FeedCandidate(
                    url: "https://workbench.example.net/feed.xml", title: "Notes from the Workbench (Atom)",
                    type: "application/atom+xml"),
                FeedCandidate(
                    url: "https://workbench.example.net/rss.xml", title: "Notes from the Workbench (RSS)",
                    type: "application/rss+xml"),
                FeedCandidate(url: "https://workbench.example.net/feed.json", title: "JSON Feed", type: "application/feed+json"),
            ])
    }

    @Test func wordPressPostListsEachFeedOnceAndSkipsOEmbedAndRESTLinks() throws {
        let found = try candidates("wordpress-post.html", baseURL: "https://cuisine-margot.example.fr/2024/09/tarte-aux-prunes/")
        #expect(
            found == [
                FeedCandidate(
                    url: "https://cuisine-margot.example.fr/feed/", title: "La Cuisine de Margot » Flux",
                    type: "application/rss+xml"),
                FeedCandidate(
                    url: "https://cuisine-margot.example.fr/comments/feed/",
                    title: "La Cuisine de Margot » Flux des commentaires", type: "application/rss+xml"),
                FeedCandidate(
                    url: "https://cuisine-margot.example.fr/2024/09/tarte-aux-prunes/feed/",
                    title: "La Cuisine de Margot » Recette : tarte aux prunes Flux des commentaires",
                    type: "application/rss+xml"),
            ])
    }

    @Test func baseElementRelTokensTypeParametersAndSchemes() throws {
        let found = try candidates("base-href.html", baseURL: "https://www.example.org/blog/post.html")
        #expect(
            found == [
                FeedCandidate(url: "https://static.example.org/blog/atom.xml", title: "Everything (Atom)", type: "application/atom+xml"),
                FeedCandidate(url: "https://static.example.org/podcast/rss", title: nil, type: "application/rss+xml"),
                FeedCandidate(url: "http://feeds.example.org/legacy", title: nil, type: "application/rss+xml"),
                FeedCandidate(url: "https://static.example.org/feed.json", title: nil, type: "application/feed+json"),
            ])
    }

    @Test func plainJSONTypeIsAFeedUnlessItIsWordPressREST() {
        let found = candidates(
            html: """
                <link rel=alternate type=application/json href="/feed.json" title="JSON Feed">
                <link rel=alternate type=application/json href="/?rest_route=/wp/v2/posts/7">
                <link rel=alternate type=application/json href="/wp-json/wp/v2/pages/12">
                """)
        #expect(found == [FeedCandidate(url: "https://example.org/feed.json", title: "JSON Feed", type: "application/json")])
    }

    @Test func relativeHrefsResolveAgainstThePageURL() {
        let found = candidates(
            html: """
                <html><head>
                <link rel=alternate type=application/rss+xml href=rss.xml>
                <link rel=alternate type=application/atom+xml href="/atom.xml">
                <link rel=alternate type=application/atom+xml href="//cdn.example.net/atom.xml">
                <link rel=alternate type=application/atom+xml href="?format=atom">
                </head></html>
                """)
        #expect(
            found.map(\.url) == [
                "https://example.org/blog/rss.xml", "https://example.org/atom.xml", "https://cdn.example.net/atom.xml",
                "https://example.org/blog/?format=atom",
            ])
    }

    @Test func relativeHrefWithoutAnAbsoluteBaseIsDropped() {
        let html = """
            <link rel=alternate type=application/rss+xml href=rss.xml>
            <link rel=alternate type=application/rss+xml href=https://example.org/rss.xml>
            """
        #expect(candidates(html: html, baseURL: "not a url").map(\.url) == ["https://example.org/rss.xml"])
    }

    @Test func pageWithoutFeedLinksHasNoCandidates() {
        let html = """
            <html><head><title>No feeds</title><link rel="stylesheet" href="a.css"></head>
            <body><a href="/feed.xml" type="application/rss+xml" rel="alternate">RSS</a></body></html>
            """
        #expect(candidates(html: html).isEmpty)
    }

    @Test func emptyAndBinaryInput() {
        #expect(FeedAutodiscovery.candidates(inHTML: Data(), baseURL: "https://example.org/").isEmpty)
        let noise = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
        #expect(FeedAutodiscovery.candidates(inHTML: noise, baseURL: "https://example.org/").isEmpty)
    }

    @Test func charsetFromHTTPDecodesTitles() {
        // "Actualités" in ISO-8859-1, with no <meta> to say so.
        var bytes = Array(#"<link rel="alternate" type="application/rss+xml" href="/rss" title="Actualit"#.utf8)
        bytes += [0xE9, 0x73]
        bytes += Array(#"">"#.utf8)
        let found = FeedAutodiscovery.candidates(inHTML: Data(bytes), baseURL: "https://example.fr/", charset: "iso-8859-1")
        #expect(found == [FeedCandidate(url: "https://example.fr/rss", title: "Actualités", type: "application/rss+xml")])
    }

    @Test(arguments: [true, false])
    func utf16PagesAreRead(bigEndian: Bool) {
        let html = #"<html><head><link rel="alternate" type="application/atom+xml" href="/atom" title="Überblick"></head></html>"#
        var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        for unit in html.utf16 {
            bytes += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        let found = FeedAutodiscovery.candidates(inHTML: Data(bytes), baseURL: "https://example.de/")
        #expect(found == [FeedCandidate(url: "https://example.de/atom", title: "Überblick", type: "application/atom+xml")])
        // Without a BOM, the HTTP charset tells.
        let unmarked = FeedAutodiscovery.candidates(
            inHTML: Data(bytes.dropFirst(2)), baseURL: "https://example.de/", charset: bigEndian ? "UTF-16BE" : "utf-16le")
        #expect(unmarked == found)
    }

    @Test func metaCharsetDecodesTitlesWhenHTTPSaysNothing() {
        var bytes = Array(#"<html><head><meta charset="windows-1252"><link rel="alternate" type="application/rss+xml" href="/rss" title="Caf"#.utf8)
        bytes += [0xE9, 0x20, 0x96, 0x20, 0x6E, 0x65, 0x77, 0x73]  // "Café – news"
        bytes += Array(#""></head></html>"#.utf8)
        let found = FeedAutodiscovery.candidates(inHTML: Data(bytes), baseURL: "https://example.fr/")
        #expect(found.map(\.title) == ["Café – news"])
    }
}
