@testable import FeedStorage
import Foundation
import Testing

/// `StoredText` trims what Foundation's `.whitespacesAndNewlines` trims, without Foundation.
struct StoredTextTrimmingTests {
    @Test(arguments: [
        "https://example.org/a", " https://example.org/a", "https://example.org/a\n", "\t\r\n x y \u{A0}",
        "\u{2003}title\u{3000}", "\u{85}next line\u{2028}", "   ", "", "x", " é\u{301} ", "\u{200B}zero width\u{200B}",
        "\u{FEFF}bom", "a\u{0}", "\n\n",
    ])
    func trimsWhatFoundationTrims(_ text: String) {
        #expect(StoredText.withoutSurroundingSpace(text) == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func leavesTheInsideAlone() {
        #expect(StoredText.withoutSurroundingSpace("  a  b \n c ") == "a  b \n c")
    }

    @Test func trimsEveryScalarOfUnicodesWhiteSpace() {
        let whiteSpace = (0...0x3000).compactMap(Unicode.Scalar.init).filter { $0.properties.isWhitespace || $0 == "\u{200B}" }
        let text = String(String.UnicodeScalarView(whiteSpace)) + "x" + String(String.UnicodeScalarView(whiteSpace))
        #expect(StoredText.withoutSurroundingSpace(text) == "x")
        #expect(StoredText.withoutSurroundingSpace(text) == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
