@testable import FeedClient
import FeedEntities
import Testing

/// The one article layout: on the full screen a line the daemon keeps whole (code) is broken
/// at the width, not cut off at the edge; for `show`, whose terminal wraps, it stays whole.
struct ArticleLayoutTests {
    static func detail(text: String) -> ItemDetail {
        ItemDetail(
            number: 1, title: "Code", displayTitle: "Code", link: nil, feedTitle: "Forum", feedNumber: 1, author: nil,
            dateText: "2006-01-01 10:00", published: nil, isRead: false, isStarred: false, attachments: [], text: text, links: [])
    }

    @Test(arguments: [20, 40, 80])
    func aCodeLineWiderThanTheScreenIsBrokenAtTheEdgeKeepingItsIndentation(width: Int) {
        let code = "    file error - parse error - articles/index.html line 32: unexpected token (-1)  [% i=i-1 %]"
        let text = "> quoted\n" + code + "\n  short"
        let body = ArticleLayout(Self.detail(text: text), width: width, links: .atWidth).lines.filter { $0.kind == .text }
        #expect(body.allSatisfy { DisplayWidth.of($0.text) <= width }, "\(body)")
        #expect(body.map(\.text).joined() == "> quoted" + code + "  short")
        #expect(body[1].text.hasPrefix("    file error"))
        #expect(body.last?.text == "  short")
        #expect(body[0].emphasis == .quote)
        let whole = ArticleLayout(Self.detail(text: text), width: width, links: .whole).lines.filter { $0.kind == .text }
        #expect(whole.map(\.text) == ["> quoted", code, "  short"])
    }

    @Test func wideCharactersAreNeverSplitAcrossTheEdge() {
        #expect(ArticleLayout.broken("ab漢字cd", width: 3) == ["ab", "漢", "字c", "d"])
        #expect(ArticleLayout.broken("short", width: 10) == ["short"])
    }
}
