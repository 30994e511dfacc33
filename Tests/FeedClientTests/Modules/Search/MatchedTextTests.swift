import FeedIPC
import Testing
@testable import FeedClient

struct MatchedTextTests {
    typealias Piece = MatchedText.Piece

    @Test func splitsOnTheDaemonsMarkers() {
        #expect(MatchedText(marked: "a \u{02}window\u{03} manager").pieces == [Piece("a "), Piece("window", isMatch: true), Piece(" manager")])
        #expect(MatchedText(marked: "\u{02}Tiling\u{03}\u{02}WM\u{03}").pieces == [Piece("Tiling", isMatch: true), Piece("WM", isMatch: true)])
        #expect(MatchedText(marked: "no match").pieces == [Piece("no match")])
        #expect(MatchedText(marked: "").pieces == [])
        #expect(MatchedText(marked: "a \u{02}b\u{03} c").plain == "a b c")
    }

    @Test func unbalancedMarkersAreToleratedAndNeverKept() {
        #expect(MatchedText(marked: "\u{03}x\u{02}y").pieces == [Piece("x"), Piece("y", isMatch: true)])
        #expect(MatchedText(marked: "\u{02}\u{02}x\u{03}\u{03}y").pieces == [Piece("x", isMatch: true), Piece("y")])
        for text in ["\u{02}", "\u{03}\u{03}", "a\u{02}\u{03}b"] {
            #expect(!MatchedText(marked: text).plain.unicodeScalars.contains { $0.value == 2 || $0.value == 3 })
        }
    }

    @Test func sanitisingKeepsOneSpaceBetweenPiecesAndNoneInsideMatches() {
        func clean(_ pieces: [Piece]) -> [Piece] { TerminalMatchedText.sanitize(MatchedText(pieces: pieces)).pieces }
        #expect(clean([Piece("foo "), Piece("bar", isMatch: true), Piece(" baz")])
            == [Piece("foo "), Piece("bar", isMatch: true), Piece(" baz")])
        #expect(clean([Piece("foo"), Piece(" bar ", isMatch: true), Piece("baz")])
            == [Piece("foo "), Piece("bar", isMatch: true), Piece(" baz")])
        #expect(clean([Piece("  "), Piece("x", isMatch: true), Piece("\t\n")]) == [Piece("x", isMatch: true)])
        #expect(clean([Piece("a"), Piece("\u{1B}[31m"), Piece("b", isMatch: true)]) == [Piece("a"), Piece("b", isMatch: true)])
        #expect(clean([Piece("a"), Piece(" \u{200B} "), Piece("b", isMatch: true)]) == [Piece("a "), Piece("b", isMatch: true)])
        #expect(clean([Piece("a\u{1B}"), Piece("b", isMatch: true)]) == [Piece("a"), Piece("b", isMatch: true)])
        #expect(clean([Piece("x\u{1B}]0;unterminated "), Piece("y", isMatch: true)]) == [Piece("x"), Piece("y", isMatch: true)])
        #expect(clean([Piece(" lead"), Piece("  mid  "), Piece("trail ", isMatch: true)])
            == [Piece("lead mid "), Piece("trail", isMatch: true)])
    }

    @Test func truncationCountsDisplayWidthAcrossPieces() {
        let text = MatchedText(pieces: [Piece("ab"), Piece("cd", isMatch: true), Piece("ef")])
        #expect(TerminalMatchedText.truncate(text, toWidth: 6) == text)
        #expect(TerminalMatchedText.truncate(text, toWidth: 4).pieces == [Piece("ab"), Piece("c", isMatch: true), Piece("…")])
        #expect(TerminalMatchedText.truncate(text, toWidth: 3).pieces == [Piece("ab…")])
        #expect(TerminalMatchedText.truncate(text, toWidth: 0).pieces == [])
        let wide = MatchedText(pieces: [Piece("标题", isMatch: true), Piece("很长")])
        #expect(TerminalMatchedText.truncate(wide, toWidth: 5).pieces == [Piece("标题", isMatch: true), Piece("…")])
        #expect(TerminalMatchedText.truncate(wide, toWidth: 4).pieces == [Piece("标", isMatch: true), Piece("…")])
    }

    @Test func renderingHighlightsOnlyWithColors() {
        let text = MatchedText(pieces: [Piece("a "), Piece("b", isMatch: true)])
        #expect(TerminalMatchedText.render(text, style: .bold, on: TerminalSpy()) == "a b")
        #expect(TerminalMatchedText.render(text, style: .bold, on: TerminalSpy(usesColor: true))
            == "\u{1B}[1ma \u{1B}[0m\u{1B}[1;7mb\u{1B}[0m")
        #expect(TerminalMatchedText.render(text, style: nil, on: TerminalSpy(usesColor: true)) == "a \u{1B}[1;7mb\u{1B}[0m")
    }
}
