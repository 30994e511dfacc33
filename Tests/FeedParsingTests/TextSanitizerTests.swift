import Testing
import FeedParsing

@Suite("TextSanitizer")
struct TextSanitizerTests {
    @Test(arguments: [
        ("  plain  ", "plain"),
        ("a\tb\nc\r\nd", "a b c d"),
        ("many   spaces\n\n\nand lines", "many spaces and lines"),
        ("bell\u{07}escape\u{1B}[31mred", "bellescape[31mred"),
        ("del\u{7F}ete", "delete"),
        ("c1\u{80}\u{85}\u{9B}\u{9F}gone", "c1gone"),
        ("\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}bidi\u{2066}\u{2067}\u{2068}\u{2069}", "bidi"),
        ("keep\u{A0}nbsp\u{200F}marks and é ü 漢字 😀", "keep\u{A0}nbsp\u{200F}marks and é ü 漢字 😀"),
        ("\u{0}\u{1}\u{2}", ""),
        ("", ""),
    ])
    func singleLine(input: String, expected: String) {
        #expect(TextSanitizer.clean(input, layout: .singleLine) == expected)
    }

    @Test(arguments: [
        ("\n\n  <p>Body</p>\n\t<p>Two</p>  \n", "<p>Body</p>\n\t<p>Two</p>"),
        ("crlf\r\nlone cr\rend", "crlf\nlone cr\nend"),
        ("tab\tkept\u{0B}\u{0C}vt ff gone", "tab\tkeptvt ff gone"),
        ("\u{9B}2J\u{1B}]0;title\u{07}", "2J]0;title"),
    ])
    func multiline(input: String, expected: String) {
        #expect(TextSanitizer.clean(input, layout: .multiline) == expected)
    }
}
