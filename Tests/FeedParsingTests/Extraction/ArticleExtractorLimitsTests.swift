import Foundation
import Testing
import FeedParsing

/// Pages built to explode or to mislead: each is answered at once, bounded, and without a crash.
@Suite struct ArticleExtractorLimitsTests {
    @Test func a100000LevelDeepPageIsReadToLibxml2sDepthLimit() {
        let depth = 100_000
        var page = "<html><body>"
        page += String(repeating: "<div>", count: depth)
        page += "<p>The text at the bottom of the well, with a comma, and enough words to be a paragraph.</p>"
        page += String(repeating: "</div>", count: depth)
        page += "</body></html>"
        let article = ArticleExtractor().extract(Data(page.utf8))
        #expect(article.html.count < 10_000)
    }

    @Test func millionsOfElementsAreCutAtTheNodeLimit() {
        // 6 MB of <br> (within the 8 MiB read): 1.5 million elements, each of which would cost
        // every later stage.
        var page = "<html><body><article><p>" + String(repeating: "The opening paragraph, with a comma, and words. ", count: 10) + "</p>"
        page += String(repeating: "<br>", count: 1_500_000) + "</article></body></html>"
        let article = ArticleExtractor().extract(Data(page.utf8))
        #expect(article.isTruncated)
        #expect(article.text.hasPrefix("The opening paragraph"), "\(article.text.prefix(200))")
    }

    @Test func fiftyMegabytesOfTextAreCutAtTheInputLimit() {
        let paragraph = "<p>" + String(repeating: "All work and no play makes Jack a dull boy, ", count: 20) + "</p>\n"
        var page = "<html><body><article>"
        page.reserveCapacity(52 << 20)
        while page.utf8.count < 50 << 20 { page += paragraph }
        page += "</article></body></html>"
        let extractor = ArticleExtractor(maximumInputSize: 4 << 20, maximumOutputSize: 1 << 20)
        let article = extractor.extract(Data(page.utf8))
        #expect(article.isTruncated)
        #expect(article.html.utf8.count <= (1 << 20) + 4096)
        #expect(article.text.hasPrefix("All work and no play"))
    }

    @Test func aPageThatIsAllLinksHasNoArticle() {
        let links = (1...2000).map { "<li><a href=\"/page/\($0)\">Another interesting story number \($0), read it now</a></li>" }
        let page = "<html><body><ul>\(links.joined())</ul></body></html>"
        let article = ArticleExtractor().extract(Data(page.utf8), url: "https://links.example/")
        #expect(article.text.count < 500, "\(article.text.prefix(500))")
    }

    @Test func linksLooseInADivAreNoArticleEither() {
        // The scorer wraps a <div>'s loose inline content in a paragraph of its own making.
        let links = (1...400).map { "<a href=\"/x/\($0)\">link number \($0)</a>" }.joined(separator: " ")
        let article = ArticleExtractor().extract(Data("<html><body><div>\(links)</div></body></html>".utf8))
        #expect(article.method == .none && article.text.isEmpty, "\(article.text.prefix(300))")
    }

    @Test func bytesThatAreNoHTMLGiveNoArticle() {
        var generator = SystemRandomNumberGenerator()
        let noise = Data((0..<200_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let article = ArticleExtractor().extract(noise)
        #expect(article.html.utf8.count < 300_000)
        #expect(!article.text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        let empty = ArticleExtractor().extract(Data())
        #expect(empty.method == .none && empty.text.isEmpty && empty.html.isEmpty)
    }

    @Test func controlCharactersNeverReachTheTextOrTheHTML() {
        let page = "<html><body><article><p>Bell \u{07} and escape \u{1B}[31m and CSI \u{9B}2J and an override \u{202E}txet sequences, in a paragraph long enough to be the article's text.</p></article></body></html>"
        let article = ArticleExtractor().extract(Data(page.utf8))
        #expect(article.text.contains("and escape [31m"), "\(article.text)")
        for control in ["\u{07}", "\u{1B}", "\u{9B}", "\u{202E}"] {
            #expect(!article.text.contains(control) && !article.html.contains(control), "\(control.unicodeScalars.first!.value)")
        }
    }

    /// Twenty thousand blocks that all score alike: choosing among them stays linear.
    @Test func twentyThousandLookalikeBlocksAreChosenAmongAtOnce() {
        let block = "<div><p>A paragraph that looks like every other one, with a comma, and enough words.</p></div>"
        let page = "<html><body>" + String(repeating: block, count: 20_000) + "</body></html>"
        let article = ArticleExtractor().extract(Data(page.utf8))
        #expect(article.method == .scored)
        #expect(article.text.hasPrefix("A paragraph that looks like every other one"))
    }
}
