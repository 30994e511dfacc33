import Foundation
import Testing
@testable import FeedParsing

@Suite("Relative links inside HTML")
struct HTMLLinkResolverTests {
    private let base = IRI("http://example.com/blog/feed.xml")!

    private func resolve(_ html: String) -> String? {
        HTMLLinkResolver.resolve(Array(html.utf8), against: base).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func urlAttributesAreResolved() {
        #expect(
            resolve(#"<p><a href="post.html">x</a> <img src="/i/a.png" alt="a"><q cite="../q">q</q></p>"#)
                == #"<p><a href="http://example.com/blog/post.html">x</a> <img src="http://example.com/i/a.png" alt="a"><q cite="http://example.com/q">q</q></p>"#
        )
    }

    @Test func quotingStylesAndCase() {
        #expect(resolve("<IMG SRC='a.png'>") == "<IMG SRC='http://example.com/blog/a.png'>")
        #expect(resolve("<a href=b.html>b</a>") == #"<a href="http://example.com/blog/b.html">b</a>"#)
        #expect(resolve(#"<a  href = "c.html" >c</a>"#) == #"<a  href = "http://example.com/blog/c.html" >c</a>"#)
        #expect(resolve(#"<video poster="p.jpg" src="v.mp4"/>"#) == #"<video poster="http://example.com/blog/p.jpg" src="http://example.com/blog/v.mp4"/>"#)
    }

    @Test(arguments: [
        #"<a href="https://other.org/x">x</a>"#,
        #"<a href="mailto:me@example.com">m</a>"#,
        #"<img src="data:image/png;base64,iVBO">"#,
        ##"<a href="#note-1">1</a>"##,
        #"<a href="">empty</a>"#,
        #"<img alt="a.png" title="b.html">"#,
        "href=\"text.html\" is not a tag, nor is a < b",
        #"<!-- <a href="c.html"> --><script>var s = '<img src="x.png">';</script><style>a{}</style>"#,
        "",
    ])
    func leftAsWritten(html: String) {
        #expect(resolve(html) == nil)
    }

    @Test func markupAfterCommentsAndScriptsIsStillResolved() {
        #expect(
            resolve(#"<!-- x --><SCRIPT>if (a<b) {}</script><a href="d.html">d</a>"#)
                == #"<!-- x --><SCRIPT>if (a<b) {}</script><a href="http://example.com/blog/d.html">d</a>"#)
    }

    @Test func unterminatedMarkupEndsTheScan() {
        #expect(resolve(#"<a href="x.html"#) == nil)
        #expect(resolve("<a href=") == nil)
        #expect(resolve("<!-- never closed <a href=\"x\">") == nil)
    }
}
