import Foundation
import Testing
import FeedParsing

/// Hostile and oversized documents: each ends with a bounded result, cut off by a limit.
@Suite struct HTMLTextRendererLimitsTests {
    @Test func hundredThousandNestedDivsStopAtLibXML2sDepthLimit() {
        let html = "<p>Before the nesting.</p>" + String(repeating: "<div>", count: 100_000) + "deep"
            + String(repeating: "</div>", count: 100_000) + "<p>after</p>"
        let rendered = HTMLTextRenderer(width: 40).render(html, baseURL: nil)
        #expect(rendered.text.hasPrefix("Before the nesting."))
        #expect(rendered.text.utf8.count < 1_000)
    }

    @Test func deeplyNestedQuotesAndListsKeepHalfTheWidthForText() {
        let opening = String(repeating: "<blockquote><ul><li>level ", count: 20_000)
        let rendered = HTMLTextRenderer(width: 40).render(opening + "bottom", baseURL: nil)
        let lines = rendered.text.split(separator: "\n")
        #expect(!lines.isEmpty)
        for line in lines {
            #expect(displayWidth(line) <= 40, "\(line)")
        }
        #expect(rendered.text.hasPrefix("> • level"))
    }

    @Test func aHugeDocumentIsCutAtTheOutputLimit() {
        let paragraph = "<p>" + String(repeating: "All work and no play makes Jack a dull boy. ", count: 4) + "</p>\n"
        let html = String(repeating: paragraph, count: 60_000)  // about 11 MB
        #expect(html.utf8.count > 10_000_000)
        let rendered = HTMLTextRenderer(width: 80).render(html, baseURL: nil)
        #expect(rendered.isTruncated)
        #expect(rendered.text.hasPrefix("All work and no play"))
        #expect(rendered.text.hasSuffix("\n\n[…]"))
        #expect(rendered.text.utf8.count <= (1 << 20) + 4096)
        #expect(rendered.text.utf8.count > (1 << 20) - 4096)
    }

    @Test func oneEndlessParagraphIsCutToo() {
        let html = "<p>" + String(repeating: "word ", count: 600_000)
        let rendered = HTMLTextRenderer(width: 80, maximumOutputSize: 100_000).render(html, baseURL: nil)
        #expect(rendered.isTruncated)
        #expect(rendered.text.utf8.count <= 2 * 100_000 + 16)
        #expect(rendered.text.split(separator: "\n").allSatisfy { $0.utf8.count <= 80 })
    }

    @Test func anEndlessPreIsCut() {
        let html = "<pre>" + String(repeating: "0123456789abcdef\n", count: 200_000) + "</pre>"
        let rendered = HTMLTextRenderer(width: 80, maximumOutputSize: 100_000).render(html, baseURL: nil)
        #expect(rendered.isTruncated)
        #expect(rendered.text.utf8.count <= 2 * 100_000 + 16)
        #expect(rendered.text.hasPrefix("0123456789abcdef\n0123456789abcdef\n"))
    }

    @Test func inputBeyondTheInputLimitIsNotRead() {
        let html = "<p>kept</p>" + String(repeating: " ", count: 2_000) + "<p>never read</p>"
        let rendered = HTMLTextRenderer(width: 80, maximumInputSize: 1_000).render(html, baseURL: nil)
        #expect(rendered == RenderedText(text: "kept\n\n[…]", links: [], isTruncated: true))
    }

    @Test func theInputLimitNeverSplitsACharacter() {
        let html = "<p>" + String(repeating: "é", count: 10)  // "é" is two bytes: the 8th byte starts the third
        let rendered = HTMLTextRenderer(width: 80, maximumInputSize: 8).render(html, baseURL: nil)
        #expect(rendered.text == "éé\n\n[…]")
    }

    @Test func linkNumbersStopAtTenThousand() {
        let html = (0..<12_000).map { "<a href=\"https://example.org/\($0)\">\($0)</a>" }.joined(separator: " ")
        let rendered = HTMLTextRenderer(width: 80).render(html, baseURL: nil)
        #expect(rendered.links.count == 10_000)
        #expect(rendered.links.last == "https://example.org/9999")
        #expect(rendered.text.hasSuffix("11999"))
    }

    @Test func aRowWithThousandsOfCellsWraps() {
        let html = "<table><tr>" + String(repeating: "<td>cell</td>", count: 5_000) + "</tr></table>"
        let rendered = HTMLTextRenderer(width: 50).render(html, baseURL: nil)
        #expect(rendered.text.split(separator: "\n").allSatisfy { $0.count <= 50 })
        #expect(rendered.text.components(separatedBy: "cell").count == 5_001)
    }

    @Test func binaryGarbageRendersWithoutControlCharacters() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let bytes = (0..<200_000).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        let rendered = HTMLTextRenderer(width: 80).render(String(decoding: bytes, as: UTF8.self), baseURL: nil)
        let forbidden = rendered.text.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value)
                || (0x2066...0x2069).contains($0.value)
        }
        #expect(forbidden.isEmpty)
    }
}
