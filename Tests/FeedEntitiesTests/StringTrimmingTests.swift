import FeedEntities
import Foundation
import Testing

@Suite struct StringTrimmingTests {
    @Test(arguments: [
        "https://example.org/a", " https://example.org/a", "https://example.org/a\n", "\t\r\n x y \u{A0}",
        "\u{2003}title\u{3000}", "\u{85}next line\u{2028}", "   ", "", "x", " é\u{301} ", "\u{200B}zero width\u{200B}",
        "\u{FEFF}bom", "a\u{0}", "\n\n",
    ])
    func trimsWhatFoundationTrims(_ text: String) {
        #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func leavesTheInsideAlone() {
        #expect("  a  b \n c ".trimmingWhitespace() == "a  b \n c")
    }

    @Test func trimsEveryScalarOfUnicodesWhiteSpace() {
        let whiteSpace = (0...0x3000).compactMap(Unicode.Scalar.init).filter { $0.properties.isWhitespace || $0 == "\u{200B}" }
        let text = String(String.UnicodeScalarView(whiteSpace)) + "x" + String(String.UnicodeScalarView(whiteSpace))
        #expect(text.trimmingWhitespace() == "x")
        #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
