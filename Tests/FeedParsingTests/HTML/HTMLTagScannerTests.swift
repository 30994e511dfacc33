import Testing
@testable import FeedParsing

@Suite struct HTMLTagScannerTests {
    private func safeLength(_ html: String, limit: Int = 3) -> Int {
        Array(html.utf8).withUnsafeBytes { HTMLTagScanner.safeLength(of: $0, limit: limit) }
    }

    private func attributes(_ count: Int, _ make: (Int) -> String) -> String {
        (0..<count).map(make).joined(separator: " ")
    }

    @Test func documentsWithinTheLimitAreWhole() {
        let html = #"<p a=1 b="2" c='3'>text</p><img src=x alt="y > z" title='a"b'/><br/>"#
        #expect(safeLength(html) == html.utf8.count)
    }

    @Test func theCutIsBeforeTheFirstTagOverTheLimit() {
        let html = "<p a b c>ok</p><div a b c d>cut here</div><p>"
        #expect(safeLength(html) == "<p a b c>ok</p>".utf8.count)
    }

    @Test func quotedValuesMayContainAngleBrackets() {
        // Four attributes, whatever the quotes hold.
        #expect(safeLength(#"<p a=">" b='<p x y z w>' c="" d>"#) == 0)
        #expect(safeLength(#"<p a=">" b='<p x y z w>' c="">"#) > 0)
    }

    @Test func unquotedValuesEndAtBlanksOrTheTag() {
        #expect(safeLength("<p a=1=2=3 b=x/y c=>") > 0)
        #expect(safeLength("<p a=1 b=2 c=3 d=4>") == 0)
    }

    @Test func bogusAttributesAreNotCountedButDotNamesAre() {
        #expect(safeLength(#"<p "x" 'y' =z 1 2 3 4 5 a>"#) > 0)
        #expect(safeLength("<p .a .b .c .d>") == 0)
    }

    @Test func longNamesCountOncePerHundredBytes() {
        // libxml2 reads a 301-byte name as four attribute names.
        #expect(safeLength("<p " + String(repeating: "a", count: 301) + ">") == 0)
        #expect(safeLength("<p " + String(repeating: "a", count: 300) + ">") > 0)
        #expect(safeLength("<" + String(repeating: "p", count: 401) + ">") == 0)
    }

    @Test func scriptAndStyleContentIsRawText() {
        let script = "<script>if (a <b c d e f g) {}</script><style>a <b c d e f>{}</STYLE><p>"
        #expect(safeLength(script) == script.utf8.count)
        // <script/> is empty: what follows is markup again.
        let empty = "<script/><p a b c d>"
        #expect(safeLength(empty) == "<script/>".utf8.count)
    }

    @Test func tagsInsideCommentsCountAnyway() {
        #expect(safeLength("<!-- <p a b c d> -->") == 5)
    }

    @Test func aTagWithThousandsOfAttributesCutsTheRenderingShort() {
        let html = "<p>Before the bomb.</p><p " + attributes(300_000) { "a\($0)=1" } + ">after</p>"
        let rendered = HTMLTextRenderer(width: 40).render(html, baseURL: nil)
        #expect(rendered == RenderedText(text: "Before the bomb.\n\n[…]", links: [], isTruncated: true))
    }

    @Test func autodiscoveryKeepsTheLinksBeforeAnAttributeBomb() {
        let html = #"<link rel="alternate" type="application/rss+xml" href="/rss"><meta "#
            + attributes(300_000) { "n\($0)" } + #"><link rel="alternate" type="application/atom+xml" href="/atom">"#
        let found = FeedAutodiscovery.candidates(inHTML: Array(html.utf8).withUnsafeBytes { .init($0) }, baseURL: "https://example.org/")
        #expect(found.map(\.url) == ["https://example.org/rss"])
    }
}
