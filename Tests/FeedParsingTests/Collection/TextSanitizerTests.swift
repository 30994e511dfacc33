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

    /// The eight-bytes-at-a-time paths against a plain reference, with every kind of byte at
    /// every offset of a word (double spaces across a word boundary, line feeds, C1 controls).
    @Test func matchesAPlainReferenceAtEveryAlignment() {
        let pieces = ["a", "b", " ", "  ", "\t", "\n", "\r\n", "\u{85}", "\u{202E}", "é", "–", "\u{1B}", "xyz"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let text = (0..<Int.random(in: 0...24, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(TextSanitizer.clean(text, layout: .singleLine) == Self.reference(text, singleLine: true), "\(Array(text.utf8))")
            #expect(TextSanitizer.clean(text, layout: .multiline) == Self.reference(text, singleLine: false), "\(Array(text.utf8))")
        }
    }

    /// The sanitizer's rules one scalar at a time: trim, collapse or normalise line breaks,
    /// drop controls and bidi overrides, trim again.
    private static func reference(_ text: String, singleLine: Bool) -> String {
        func isBlank(_ scalar: Unicode.Scalar) -> Bool { [0x20, 0x09, 0x0A, 0x0D].contains(scalar.value) }
        var scalars = Array(text.unicodeScalars)
        while let first = scalars.first, isBlank(first) { scalars.removeFirst() }
        while let last = scalars.last, isBlank(last) { scalars.removeLast() }
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let value = scalar.value
            index += 1
            if singleLine, isBlank(scalar) {
                while index < scalars.count, isBlank(scalars[index]) { index += 1 }
                result.append(" ")
            } else if value == 0x0D {
                if index >= scalars.count || scalars[index] != "\n" { result.append("\n") }
            } else if value == 0x09 || value == 0x0A || value == 0x20 {
                result.append(scalar)
            } else if !(value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
                || (0x2066...0x2069).contains(value))
            {
                result.append(scalar)
            }
        }
        var cleaned = Array(result)
        while let first = cleaned.first, isBlank(first) { cleaned.removeFirst() }
        while let last = cleaned.last, isBlank(last) { cleaned.removeLast() }
        return String(String.UnicodeScalarView(cleaned))
    }
}
