import Testing
@testable import FeedParsing

@Suite struct XMLTagScannerTests {
    /// The offset of the cut in `xml` read in chunks of `chunkSize` bytes, or `nil`.
    private func cut(_ xml: String, limit: Int = 3, chunkSize: Int = .max) -> Int? {
        var scanner = XMLTagScanner(limit: limit)
        let bytes = Array(xml.utf8)
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + min(chunkSize, bytes.count))
            let found = bytes[offset..<end].withUnsafeBytes { scanner.scan($0) }
            if let found { return offset + found }
            offset = end
        }
        return nil
    }

    @Test func documentsWithinTheLimitAreWhole() {
        #expect(cut(#"<rss a="1" b='2' c="3"><x y="a>b" z='c"d'/></rss>"#) == nil)
    }

    @Test func theCutIsAtTheFirstValueOverTheLimit() {
        let xml = #"<rss><item a="1" b="2" c="3" d="4"/></rss>"#
        let expected = xml.utf8.count - #""4"/></rss>"#.utf8.count
        for chunkSize in [1, 2, 3, 5, 1000] {
            #expect(cut(xml, chunkSize: chunkSize) == expected, "chunks of \(chunkSize)")
        }
    }

    @Test func anAngleBracketInAValueEndsTheTagAsInLibXML2() {
        // libxml2 ends the value and the tag at `<`: the count starts again with the next tag.
        #expect(cut(#"<a x="1" y="2" z="3 <b p="1" q="2" r="3"/>"#) == nil)
        #expect(cut(#"<a x="1" y="2" z="3 <b p="1" q="2" r="3" s="4"/>"#) != nil)
    }

    @Test func commentsCDATAAndInstructionsAreSkipped() {
        let tag = #"<p a="1" b="2" c="3" d="4">"#
        #expect(cut("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\" x=\"y\"?><rss/>") == nil)
        for chunkSize in [1, 2, 4, 1000] {
            #expect(cut("<rss><!-- \(tag) - -- -><x/> --><![CDATA[ \(tag) ]] ]> ]]></rss>", chunkSize: chunkSize) == nil)
            #expect(cut("<rss><!-- x --><![CDATA[ x ]]>\(tag)</rss>", chunkSize: chunkSize) != nil)
        }
    }

    @Test func endTagsAndTextDoNotCount() {
        #expect(cut(#"<rss>"a" "b" "c" "d"</rss "e" "f" "g" "h">"#) == nil)
    }
}
