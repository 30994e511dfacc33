import Testing
import FeedEntities
@testable import FeedParsing

/// Tables as columns fitted to the width: aligned when they fit, wrapped within their columns
/// when they do not, a cell a line when not even that fits.
struct HTMLTextRendererTableTests {
    private func text(_ html: String, width: Int) -> String {
        HTMLTextRenderer(width: width).render(html, baseURL: "https://example.org/").text
    }

    static let releases = """
        <table>
        <thead><tr><th>Version</th><th>Date</th><th>Notes</th></tr></thead>
        <tbody>
        <tr><td>2.21</td><td>2020-09-20</td><td>Faster reloads and a new <em>goto-next-feed</em> setting for the item list</td></tr>
        <tr><td>2.22</td><td>2021-03-20</td><td>Bug fixes</td></tr>
        </tbody></table>
        """

    @Test func aTableThatFitsIsAlignedWithARuleUnderItsHeadings() {
        #expect(text(Self.releases, width: 120) == """
            Version | Date       | Notes
            --------+------------+------------------------------------------------------------------
            2.21    | 2020-09-20 | Faster reloads and a new goto-next-feed setting for the item list
            2.22    | 2021-03-20 | Bug fixes
            """)
    }

    @Test func aWideColumnWrapsWithinItselfAndTheShortOnesKeepTheirWidth() {
        let rendered = text(Self.releases, width: 50)
        #expect(rendered == """
            Version | Date       | Notes
            --------+------------+----------------------------
            2.21    | 2020-09-20 | Faster reloads and a new
                    |            | goto-next-feed setting for
                    |            | the item list
            2.22    | 2021-03-20 | Bug fixes
            """)
        #expect(rendered.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 50 })
    }

    @Test func tooNarrowForColumnsEachCellGoesOnItsLineAfterItsHeading() {
        #expect(text(Self.releases, width: 20) == """
            Version: 2.21
            Date: 2020-09-20
            Notes: Faster
            reloads and a new
            goto-next-feed
            setting for the item
            list

            Version: 2.22
            Date: 2021-03-20
            Notes: Bug fixes
            """)
    }

    @Test func aLayoutTableOfOneColumnIsItsCellsAsParagraphs() {
        let html = "<table><tr><td><p>Newsletter</p><p>Hello there, reader.</p></td></tr><tr><td>Unsubscribe</td></tr></table>"
        #expect(text(html, width: 40) == "Newsletter Hello there, reader.\nUnsubscribe")
    }

    @Test func wideCharactersAreAlignedByTheirColumns() {
        let html = "<table><tr><th>名前</th><th>値</th></tr><tr><td>珈琲</td><td>3</td></tr><tr><td>tea</td><td>12</td></tr></table>"
        #expect(text(html, width: 40) == "名前 | 値\n-----+---\n珈琲 | 3\ntea  | 12")
    }

    @Test func linksInCellsAreNumberedAndATableInACellIsItsText() {
        let html = """
            <table><tr><td><a href="/a">A</a></td><td><table><tr><td>x</td><td>y</td></tr></table></td></tr></table>
            """
        let rendered = HTMLTextRenderer(width: 40).render(html, baseURL: "https://example.org/")
        #expect(rendered.text == "A[1] | x y")
        #expect(rendered.links == ["https://example.org/a"])
    }

    /// 200,000 cells: the output stops at its cap, the walk does not hold them all.
    @Test func aHugeTableIsCutAtTheOutputsCap() {
        let row = "<tr>" + String(repeating: "<td>cell</td>", count: 20) + "</tr>"
        let html = "<table>" + String(repeating: row, count: 10_000) + "</table>"
        let rendered = HTMLTextRenderer(width: 80, maximumOutputSize: 64 * 1024).render(html, baseURL: nil)
        #expect(rendered.isTruncated)
        #expect(rendered.text.utf8.count < 256 * 1024)
        #expect(rendered.text.hasSuffix("[…]"))
    }

    @Test func moreColumnsThanATerminalShowsGoACellALine() {
        let html = "<table><tr>" + (1...30).map { "<td>c\($0)</td>" }.joined() + "</tr></table>"
        let rendered = text(html, width: 200)
        #expect(rendered.hasPrefix("c1\nc2\nc3\n"))
    }
}
