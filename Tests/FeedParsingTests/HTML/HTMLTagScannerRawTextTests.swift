import Testing
@testable import FeedParsing

/// The contents of scripts and style sheets that `HTMLTagScanner.scan` notes for the extractor
/// to leave out of libxml2's input: exactly what libxml2 would read as their raw text, never
/// a byte more, and nothing once the scan no longer follows the document.
@Suite struct HTMLTagScannerRawTextTests {
    private func rawText(_ html: String, limit: Int = HTMLTagScanner.maximumAttributesPerTag) -> [String] {
        let bytes = Array(html.utf8)
        return bytes.withUnsafeBytes { buffer in
            HTMLTagScanner.scan(buffer, limit: limit).omitted.map { String(decoding: bytes[$0], as: UTF8.self) }
        }
    }

    @Test func scriptAndStyleContentsAreNotedUpToTheirEndTags() {
        let html = "<p>a</p><script src=x>if (a < b) { s = '<p>x</p>' }</SCRIPT><style media=all>p{}</style><p>b</p>"
        #expect(rawText(html) == ["if (a < b) { s = '<p>x</p>' }", "p{}"])
    }

    @Test func jsonLDStaysForTheMetadata() {
        let html = #"<script type="application/LD+JSON">{"headline":"x"}</script><script>var a = 1</script>"#
        #expect(rawText(html) == ["var a = 1"])
    }

    @Test func emptyAndSelfClosedScriptsNoteNothing() {
        #expect(rawText("<script></script><script/><p>text</p>").isEmpty)
    }

    @Test func aScriptInsideACommentIsNone() {
        // libxml2 reads on after the comment: the paragraph and the later script are markup.
        let html = "<!-- <script> --><p>kept</p><script>late</script>"
        #expect(rawText(html) == ["late"])
    }

    @Test func aTagAfterACommentedScriptIsStillCounted() {
        // The commented <script> once sent the scan looking for </script past this tag.
        let html = "<!-- <script> --><p a b c d>"
        let length = Array(html.utf8).withUnsafeBytes { HTMLTagScanner.safeLength(of: $0, limit: 3) }
        #expect(length == "<!-- <script> -->".utf8.count)
    }

    @Test(arguments: [
        "<!-- never closed <script>x</script>",
        "<? processing ?><script>x</script>",
        "<![CDATA[ x ]]><script>x</script>",
        "<script>never closed",
    ])
    func nothingIsNotedOnceTheScanNoLongerFollows(html: String) {
        #expect(rawText(html).isEmpty, "\(html)")
    }

    @Test func aDoctypeIsFollowed() {
        #expect(rawText("<!DOCTYPE html><script>x</script>") == ["x"])
    }

    @Test func blanksThatRepeatABlankAreNotedOutsidePre() {
        let html = "<div>\n    <p>a  b</p>\t\t<p title=\"x   y\">c</p>\n</div>"
        #expect(rawText(html) == ["    ", " ", "\t"], "the attribute's value is no text: its blanks stay")
    }

    @Test func blanksInsidePreAreItsOwn() {
        let html = "<pre>  a\n    b</pre>  <p>c  d</p><pre class=x>\n  e</PRE >  "
        #expect(rawText(html) == [" ", " ", " "])
    }

    @Test func aPreEndTagInACommentEndsNoPre() {
        #expect(rawText("<pre>  a<!-- </pre> -->  b</pre>  ") == [" "])
    }

    @Test func aDivInsidePreStopsTheNotes() {
        // libxml2 would not close the <pre> at </pre> while the <div> is open.
        #expect(rawText("<p>  a</p><pre><div>  x</pre>  y</div>  <p>  z</p>") == [" "])
    }

    @Test func notesAreBounded() {
        let html = String(repeating: "a  ", count: HTMLTagScanner.maximumOmitted + 1000)
        let scan = Array(html.utf8).withUnsafeBytes { HTMLTagScanner.scan($0) }
        #expect(scan.omitted.count == HTMLTagScanner.maximumOmitted)
        #expect(scan.safeLength == html.utf8.count)
    }

    @Test func notesStopAtTheCut() {
        let html = "<script>first</script><p a b c d><script>second</script>"
        #expect(rawText(html, limit: 3) == ["first"])
    }
}
