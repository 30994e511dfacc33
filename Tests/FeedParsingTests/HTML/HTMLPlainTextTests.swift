@testable import FeedParsing
import Testing

struct HTMLPlainTextTests {
    @Test(arguments: [
        ("<p>Hello <b>wor</b>ld</p><p>Next</p>", "Hello world Next"),
        ("Fish &amp; chips &eacute;t&#233; &#x263A; &bogus; & more", "Fish & chips été ☺ &bogus; & more"),
        ("<script>var x = '<p>hidden</p>';</script>Shown<style>p { color: red }</style>!", "Shown !"),
        ("a<!-- <p>comment</p> -->b", "a b"),
        ("<a href=\"x>y\" title='<b>'>link</a> text", "link text"),
        ("1 < 2 and 3 > 2", "1 < 2 and 3 > 2"),
        ("  lots\n\n of\t space  ", "lots of space"),
        ("tab&#9;and&#10;newline&#1;bell", "tab and newlinebell"),
        ("<SCRIPT>x</SCRIPT>y", "y"),
        ("<p>unclosed <a href=\"", "unclosed"),
    ])
    func extractsTheWords(html: String, expected: String) {
        #expect(HTMLPlainText.text(ofHTML: html) == expected)
    }

    @Test func cutsAtACharacterBoundary() {
        let text = HTMLPlainText.text(ofHTML: "aé€😀" + String(repeating: "x", count: 10), limit: 4)
        #expect(text == "aé")
        #expect(HTMLPlainText.text(ofHTML: "ab€", limit: 4) == "ab")
        #expect(HTMLPlainText.text(ofHTML: "abc€", limit: 6) == "abc€")
        #expect(HTMLPlainText.text(ofHTML: String(repeating: "<p>word</p>", count: 100_000), limit: 1_000).utf8.count <= 1_000)
    }
}
