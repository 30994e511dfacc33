import Testing
@testable import FeedParsing

@Suite("BareAmpersandEscaper")
struct BareAmpersandEscaperTests {
    /// Runs `text` through one escaper in the given chunk sizes (the last one repeats).
    private func escape(_ text: String, chunks sizes: [Int] = [Int.max]) -> (output: String, escaped: Bool) {
        var escaper = BareAmpersandEscaper()
        var output: [UInt8] = []
        let bytes = Array(text.utf8)
        var offset = 0
        var turn = 0
        while offset < bytes.count {
            let size = sizes[min(turn, sizes.count - 1)]
            let end = offset + min(size, bytes.count - offset)
            bytes[offset..<end].withUnsafeBytes { escaper.process($0, isFinal: false) { output.append(contentsOf: $0) } }
            offset = end
            turn += 1
        }
        escaper.process(UnsafeRawBufferPointer(start: nil, count: 0), isFinal: true) { output.append(contentsOf: $0) }
        return (String(decoding: output, as: UTF8.self), escaper.escapedAny)
    }

    static let cases: [(input: String, output: String)] = [
        ("<t>Q&A</t>", "<t>Q&amp;A</t>"),
        ("<t>Fish & Chips &amp; more</t>", "<t>Fish &amp; Chips &amp; more</t>"),
        ("<a href=\"/s?q=1&page=2\"/>", "<a href=\"/s?q=1&amp;page=2\"/>"),
        ("&amp;&lt;&#38;&#x26;&#0065;&#x0041;&nbsp;&eacute;&a.b-c_d:e;", "&amp;&lt;&#38;&#x26;&#0065;&#x0041;&nbsp;&eacute;&a.b-c_d:e;"),
        // XML allows only a lowercase x; HTML and feeds use both.
        ("<t a=\"&#X41;\">&#X26; &#X00e9;</t>", "<t a=\"&#x41;\">&#x26; &#x00e9;</t>"),
        ("&#; &#x; &#12a; & ;", "&amp;#; &amp;#x; &amp;#12a; &amp; ;"),
        ("&#123456789; &#1234567890;", "&#123456789; &amp;#1234567890;"),
        ("<![CDATA[a & b]]> & c", "<![CDATA[a & b]]> &amp; c"),
        ("<![CDATA[]]]]><![CDATA[>&]]>&", "<![CDATA[]]]]><![CDATA[>&]]>&amp;"),
        ("<!-- & --> & <!---->&", "<!-- & --> &amp; <!---->&amp;"),
        ("<!DOCTYPE x> Wow! & <!x", "<!DOCTYPE x> Wow! &amp; <!x"),
        ("<![CDATA[ never closed & ", "<![CDATA[ never closed & "),
        ("<!-- never closed & ", "<!-- never closed & "),
        ("the end &am", "the end &amp;am"),
        ("the end &#x2", "the end &amp;#x2"),
        ("the end &", "the end &amp;"),
        ("the end <![CD", "the end <![CD"),
        ("<t>caf\u{E9} & cr\u{E8}me</t>", "<t>caf\u{E9} &amp; cr\u{E8}me</t>"),
    ]

    @Test(arguments: cases)
    func bareAmpersandsAreEscaped(input: String, output: String) {
        let result = escape(input)
        #expect(result.output == output)
        #expect(result.escaped == (input != output))
    }

    @Test(arguments: cases)
    func resultDoesNotDependOnWhereChunksAreCut(input: String, output: String) {
        for size in 1...input.utf8.count {
            #expect(escape(input, chunks: [size]).output == output, "chunks of \(size)")
            #expect(escape(input, chunks: [size, 1]).output == output, "\(size) bytes, then one at a time")
        }
    }

    @Test func longNameIsNoReference() {
        let name = String(repeating: "n", count: 64)
        #expect(escape("&\(name);").output == "&\(name);")
        #expect(escape("&\(name)n;").output == "&amp;\(name)n;")
        #expect(escape("&\(name)n;", chunks: [1]).output == "&amp;\(name)n;")
    }

    @Test func documentWithoutBareAmpersandsPassesInOnePiece() {
        var escaper = BareAmpersandEscaper()
        var pieces = 0
        Array("<rss><t>a &amp; b</t></rss>".utf8).withUnsafeBytes {
            escaper.process($0, isFinal: false) { _ in pieces += 1 }
        }
        #expect(pieces == 1)
        #expect(!escaper.escapedAny)
    }

    /// References to 0x80–0x9F are windows-1252 in HTML; they are valid XML, so nothing is
    /// reported as repaired, and the five bytes windows-1252 leaves undefined stay as they are.
    @Test(arguments: [
        ("&#146;s &#x93;q&#X94; &#150;", "&#8217;s &#8220;q&#8221; &#8211;"),
        ("&#129; &#x8D; &#160; &#8217;", "&#129; &#x8D; &#160; &#8217;"),
        ("<![CDATA[&#146;]]>", "<![CDATA[&#146;]]>"),
    ])
    func c1CharacterReferencesAreReadAsWindows1252(input: String, output: String) {
        #expect(escape(input).output == output)
        #expect(escape(input).escaped == input.contains("&#X"))
        for size in 1...input.utf8.count {
            #expect(escape(input, chunks: [size]).output == output, "chunks of \(size)")
        }
    }
}
