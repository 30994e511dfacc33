import Foundation
import Testing
import FeedParsing

/// The article of a page: what it keeps (text, structure, figures, code, absolute links) and
/// what it leaves out (navigation, share bars, related links, comments, scripts, trackers).
@Suite struct ArticleExtractorTests {
    private let extractor = ArticleExtractor()

    /// A news page the way sites build them: navigation, a share bar and a cookie banner
    /// around the article, related links and comments after it.
    static let newsPage = """
        <!DOCTYPE html><html lang="en"><head><title>Rivers run low across the valley | The Courier</title>
        <meta property="og:site_name" content="The Courier"><meta name="author" content="Ines Park">
        <meta property="og:image" content="/img/river.jpg"></head>
        <body><nav class="site-nav"><ul><li><a href="/">Home</a></li><li><a href="/world">World</a></li>
        <li><a href="/sport">Sport</a></li></ul></nav>
        <div class="cookie-banner">We use cookies to improve your experience. <a href="/privacy">Learn more</a> <button>Accept</button></div>
        <div id="page"><div class="article-body">
        <h1>Rivers run low across the valley</h1>
        <div class="share-bar"><a href="https://twitter.com/share">Tweet</a> <a href="https://facebook.com/share">Share</a></div>
        <p>The three rivers that feed the valley's farms are at their lowest level since 1976, the water board said on Tuesday, and irrigation will be cut by a third from next week.</p>
        <p>Farmers, who had planted early after a mild spring, said the cut would cost them much of the summer harvest, and asked the regional government for help.</p>
        <figure><img data-src="/img/2026/dry-riverbed.jpg" src="data:image/gif;base64,R0lGOD" alt="A dry riverbed"><figcaption>The Aller near Celle, in June.</figcaption></figure>
        <h2>What the board decided</h2>
        <p>Under the plan, gardens may be watered only at night, car washes will close, and swimming pools may not be filled, until the level recovers, which the board expects in October at the earliest.</p>
        <pre><code class="language-python">levels = read_gauges("aller")
        print(min(levels))</code></pre>
        <p>Read the <a href="/docs/plan.pdf">board's plan</a> in full.</p>
        </div>
        <div class="related-articles"><h3>Related</h3><ul><li><a href="/a">Floods in 2024</a></li><li><a href="/b">The dam debate</a></li></ul></div>
        <div id="comments"><h3>12 comments</h3><p>Great article, thanks! I have been saying this for years.</p></div>
        </div><footer><p>© The Courier</p></footer>
        <script>trackPageView();</script><img src="https://pixel.example/t.gif" width="1" height="1">
        </body></html>
        """

    @Test func theArticleOfANewsPageIsItsParagraphsAndNothingAround() {
        let article = extractor.extract(Data(Self.newsPage.utf8), url: "https://courier.example/2026/06/rivers")
        #expect(article.method == .scored)
        #expect(article.title == "Rivers run low across the valley")
        #expect(article.siteName == "The Courier")
        #expect(article.byline == "Ines Park")
        #expect(article.leadImage == "https://courier.example/img/river.jpg")
        for kept in ["lowest level since 1976", "much of the summer harvest", "watered only at night", "What the board decided", "The Aller near Celle"] {
            #expect(article.text.contains(kept), "\(kept) is missing from:\n\(article.text)")
        }
        for dropped in ["Home", "cookies", "Tweet", "Floods in 2024", "Great article", "© The Courier", "trackPageView"] {
            #expect(!article.text.contains(dropped), "\(dropped) is in:\n\(article.text)")
            #expect(!article.html.contains(dropped), "\(dropped) is in:\n\(article.html)")
        }
        // The heading that repeats the title is left out; the reader shows the title above.
        #expect(!article.text.hasPrefix("Rivers run low"))
    }

    @Test func theCleanHTMLKeepsStructureWithAbsoluteLinksAndLazyImages() {
        let article = extractor.extract(Data(Self.newsPage.utf8), url: "https://courier.example/2026/06/rivers")
        #expect(article.html.contains("<h2>What the board decided</h2>"))
        #expect(article.html.contains(#"<figure><img src="https://courier.example/img/2026/dry-riverbed.jpg" alt="A dry riverbed"><figcaption>The Aller near Celle, in June.</figcaption></figure>"#), "\(article.html)")
        #expect(article.html.contains(#"<pre><code class="language-python">levels = read_gauges(&quot;aller&quot;)"#) || article.html.contains(#"<pre><code class="language-python">levels = read_gauges("aller")"#), "\(article.html)")
        #expect(article.text.contains("levels = read_gauges(\"aller\")\nprint(min(levels))"), "\(article.text)")
        #expect(article.html.contains(#"<a href="https://courier.example/docs/plan.pdf">board's plan</a>"#), "\(article.html)")
        #expect(article.images == ["https://courier.example/img/2026/dry-riverbed.jpg"])
        for unwanted in ["<script", "<button", "<nav", "data:image", "pixel.example", "class=\"share"] {
            #expect(!article.html.contains(unwanted), "\(unwanted) in \(article.html)")
        }
        #expect(article.html.range(of: #"<[^>]* on[a-z]+="#, options: .regularExpression) == nil)
    }

    @Test func textWrittenStraightIntoDivsBecomesParagraphs() {
        let page = """
            <html><body><div id="main-content">The first paragraph of the story is written right into the div, as some sites do, without any p element around it at all.<br><br>
            And the second one follows after two line breaks, with a comma or two, and enough words to count as text.</div></body></html>
            """
        let article = extractor.extract(Data(page.utf8))
        #expect(article.html.hasPrefix("<p>The first paragraph"), "\(article.html)")
        #expect(article.text.contains("And the second one follows"))
    }

    @Test func anEmptyLinkLeavesNoTraceNotEvenAParagraph() {
        let page = """
            <html><body><div id="story"><a href="/top"></a><a href="/icon"><i class="icon"></i></a>The paragraph after two empty links, written straight into the div, long enough, with a comma, to be the article.</div></body></html>
            """
        let article = extractor.extract(Data(page.utf8), url: "https://example.org/")
        #expect(article.html == "<p>The paragraph after two empty links, written straight into the div, long enough, with a comma, to be the article.</p>", "\(article.html)")
    }

    @Test func aPageWhoseScriptsFillTheArticleInUsesItsStructuredData() {
        let body = (1...6).map { "Paragraph \($0) of the article, which the page's scripts would insert, with enough words to be read as text." }
        let json = #"{"@context":"https://schema.org","@graph":[{"@type":"WebPage"},{"@type":"NewsArticle","headline":"Scripted","articleBody":"\#(body.joined(separator: "\\n"))"}]}"#
        let page = "<html><head><script type=\"application/ld+json\">\(json)</script></head><body><div id=\"app\">Loading…</div></body></html>"
        let article = extractor.extract(Data(page.utf8))
        #expect(article.method == .structuredData)
        #expect(article.title == "Scripted")
        #expect(article.text.contains("Paragraph 6 of the article"))
        #expect(article.html.hasPrefix("<p>Paragraph 1 of the article"))
    }

    @Test func aScriptHeavyPageIsReadAsIfItsScriptsWereNotThere() {
        // Scripts whose text looks like markup, more than enough of them to be left out of the
        // parse, a commented-out one, and JSON-LD: the article, title and byline come through.
        let script = "<script>var t = '<p>Not the article, with a comma, and many words to score.</p></div>';\n" + String(repeating: "x = x + 1; // <div class=\"article\">\n", count: 200) + "</script>"
        let json = #"<script type="application/ld+json">{"@type":"NewsArticle","headline":"From JSON-LD"}</script>"#
        let paragraphs = (1...4).map { "<p>Paragraph \($0) of the real article, long enough to count, with a comma, and more words.</p>" }.joined()
        let page = "<html><head>\(json)\(script)<style>p { color: red } \(String(repeating: "a{}", count: 400))</style></head><body>"
            + "<!-- <script> -->\(script)<article>\(paragraphs)</article>\(script)</body></html>"
        let article = extractor.extract(Data(page.utf8))
        #expect(article.title == "From JSON-LD")
        #expect(article.text.hasPrefix("Paragraph 1 of the real article"), "\(article.text)")
        #expect(article.text.contains("Paragraph 4 of the real article"))
        #expect(!article.text.contains("Not the article") && !article.html.contains("x = x"), "\(article.html)")
    }

    @Test func indentedMarkupKeepsTheBlanksOfItsCodeBlocks() {
        // More than a kilobyte of indentation, left out of the parse; the code's own stays.
        let indent = "\n" + String(repeating: " ", count: 40)
        let paragraphs = (1...8).map { "\(indent)<p>\(indent)Paragraph \($0) of the article, long enough to count, with a comma.\(indent)</p>" }
        let code = "func f() {\n    if x  {\n\t\treturn  1\n    }\n}"
        let page = "<html><body>\(indent)<article>\(paragraphs.joined())\(indent)<pre><code>\(code)</code></pre>\(indent)</article></body></html>"
        let article = extractor.extract(Data(page.utf8))
        #expect(article.text.contains(code), "\(article.text)")
        #expect(article.text.hasPrefix("Paragraph 1 of the article, long enough to count, with a comma.\n\nParagraph 2"), "\(article.text)")
    }

    @Test func theSavedNewsArticleFixtureKeepsItsBodyAndDropsItsTrackers() throws {
        let page = try FixtureLoader.data("html/news-article.html")
        let article = extractor.extract(page, url: "https://courier.example/2024/07/14/heatwave")
        #expect(article.text.contains("first ever red warning"))
        #expect(article.text.contains("Keep curtains closed"))
        #expect(article.html.contains("<table>"))
        #expect(article.html.contains("<blockquote>"))
        #expect(!article.html.contains("pixel.example.com"))
        #expect(!article.html.contains("javascript:"))
        #expect(!article.html.contains("ads.example.com"))
    }
}
