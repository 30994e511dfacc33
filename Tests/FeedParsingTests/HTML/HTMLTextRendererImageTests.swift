import Testing
import FeedParsing

/// Images among the numbered links of a rendered text.
@Suite struct HTMLTextRendererImageTests {
    private func render(_ html: String, baseURL: String? = "https://example.org/posts/1") -> RenderedText {
        HTMLTextRenderer(width: 0).render(html, baseURL: baseURL)
    }

    @Test func imagesAreNumberedWithTheirSource() {
        let rendered = render(
            """
            <p>See <a href="/a">this</a>: <img src="/i/chart.png" alt="Chart"> and <img src="https://cdn.example/p.jpg">
            again <img src="/i/chart.png" alt="Same chart"> and <a href="/a">this</a></p>
            """)
        #expect(rendered.text == "See this[1]: [image: Chart][2] and [image][3] again [image: Same chart][2] and this[1]")
        #expect(rendered.links == ["https://example.org/a", "https://example.org/i/chart.png", "https://cdn.example/p.jpg"])
    }

    @Test func onlyWebImagesAreNumbered() {
        let rendered = render(
            """
            <img src="data:image/png;base64,iVBO" alt="inline"> <img src="file:///etc/x.png" alt="file">
            <img src="javascript:alert(1)" alt="js"> <img src="mailto:a@example.org" alt="mail">
            <img alt="none"> <img src="ftp://example.org/x.png" alt="ftp">
            """)
        #expect(rendered.text == "[image: inline] [image: file] [image: js] [image: mail] [image: none] [image: ftp]")
        #expect(rendered.links.isEmpty)
    }

    @Test func relativeImagesNeedABase() {
        let rendered = render(#"<img src="/i/a.png" alt="a"> <img src="https://cdn.example/b.png" alt="b">"#, baseURL: nil)
        #expect(rendered.text == "[image: a] [image: b][1]")
        #expect(rendered.links == ["https://cdn.example/b.png"])
    }

    @Test func aLazilyLoadedImageIsNumberedWithItsDataSource() {
        let rendered = render(#"<img src="data:image/gif;base64,R0lGOD" data-src="/i/real.jpg" alt="Real">"#)
        #expect(rendered.text == "[image: Real][1]")
        #expect(rendered.links == ["https://example.org/i/real.jpg"])
    }

    @Test func aLinkedImageListsTheImageAndTheTarget() {
        let rendered = render(
            #"<a href="/full.jpg"><img src="/thumb.jpg" alt="Thumb"></a> <a href="javascript:void(0)"><img src="/b.png" alt="B"></a>"#)
        #expect(rendered.text == "[image: Thumb][1][2] [image: B][3]")
        #expect(rendered.links == ["https://example.org/thumb.jpg", "https://example.org/full.jpg", "https://example.org/b.png"])
    }

    @Test func anImageLinkedToItselfIsNumberedOnce() {
        let rendered = render(#"<a href="/p.jpg"><img src="/p.jpg" alt="P"></a> and <a href="/x">text</a>"#)
        #expect(rendered.text == "[image: P][1] and text[2]")
        #expect(rendered.links == ["https://example.org/p.jpg", "https://example.org/x"])
    }

    @Test func trackingPixelsStayOut() {
        let rendered = render(#"<p>text<img src="https://t.example/p.gif" width="1" height="1"></p>"#)
        #expect(rendered.text == "text")
        #expect(rendered.links.isEmpty)
    }

    @Test func imagesInPreformattedTextAreNumberedToo() {
        let rendered = render("<pre>before <img src=\"/i/x.png\" alt=\"x\"> after</pre>")
        #expect(rendered.text == "before [image: x][1] after")
        #expect(rendered.links == ["https://example.org/i/x.png"])
    }
}
