import Testing
@testable import FeedClient

/// The graphics protocols' bytes against their specifications, and the terminal's answers read.
struct GraphicsSequencesTests {
    /// The parts of an APC `ESC _ G keys ; payload ESC \`.
    static func apc(_ sequence: String) -> (keys: [String: String], payload: String)? {
        guard sequence.hasPrefix("\u{1B}_G"), sequence.hasSuffix("\u{1B}\\") else { return nil }
        let inner = sequence.dropFirst(3).dropLast(2)
        let parts = inner.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
        var keys: [String: String] = [:]
        for pair in parts[0].split(separator: ",") {
            let keyValue = pair.split(separator: "=", maxSplits: 1)
            guard keyValue.count == 2 else { return nil }
            keys[String(keyValue[0])] = String(keyValue[1])
        }
        return (keys, parts.count > 1 ? String(parts[1]) : "")
    }

    @Test func kittyTransmitsInChunksOfAtMost4096WithTheKeysInTheFirst() throws {
        let base64 = String(repeating: "QUJD", count: 2500)  // 10,000 bytes
        let chunks = GraphicsSequences.kittyTransmit(base64: base64, id: 1002)
        #expect(chunks.count == 3)
        let parsed = try chunks.map { try #require(Self.apc($0)) }
        #expect(parsed.map(\.payload.utf8.count) == [4096, 4096, 1808])
        #expect(parsed.map(\.payload).joined() == base64)
        // The spec: a=t with the format (100: PNG), the id and q=2 in the first chunk only;
        // m=1 on every chunk but the last; base64 payloads a multiple of 4 but for the last.
        #expect(parsed[0].keys == ["a": "t", "f": "100", "t": "d", "i": "1002", "q": "2", "m": "1"])
        #expect(parsed[1].keys == ["m": "1"])
        #expect(parsed[2].keys == ["m": "0"])
        #expect(parsed.dropLast().allSatisfy { $0.payload.utf8.count % 4 == 0 })
        #expect(GraphicsSequences.kittyTransmit(base64: "QUJD", id: 1).count == 1)
        #expect(Self.apc(GraphicsSequences.kittyTransmit(base64: "QUJD", id: 1)[0])?.keys["m"] == "0")
    }

    @Test func kittyPlacesAtTheCursorWithoutMovingItAndDeletesById() throws {
        let place = try #require(Self.apc(GraphicsSequences.kittyPlace(id: 1002, columns: 40, rows: 12)))
        #expect(place.keys == ["a": "p", "i": "1002", "p": "1", "c": "40", "r": "12", "C": "1", "q": "2"])
        #expect(place.payload.isEmpty)
        #expect(try #require(Self.apc(GraphicsSequences.kittyDelete(id: 7))).keys == ["a": "d", "d": "i", "i": "7", "q": "2"])
        #expect(try #require(Self.apc(GraphicsSequences.kittyDelete(id: 7, freeing: true))).keys["d"] == "I")
    }

    @Test func sixelDataIsWrappedOnlyWhenPrintable() {
        #expect(GraphicsSequences.sixel("\"1;1;10;20#0;2;0;0;0#0~~") == "\u{1B}P0;1;0q\"1;1;10;20#0;2;0;0;0#0~~\u{1B}\\")
        #expect(GraphicsSequences.sixel("~~\u{1B}\\\u{1B}]0;owned\u{07}") == nil)
        #expect(GraphicsSequences.sixel("~~\n~~") == nil)
        #expect(GraphicsSequences.isBase64("iVBORw0KGgo=") && !GraphicsSequences.isBase64("iVBO\u{1B}\\"))
    }

    @Test func tmuxPassthroughDoublesEveryEscape() {
        let wrapped = GraphicsSequences.throughTmux("\u{1B}_Ga=p,i=1;\u{1B}\\")
        #expect(wrapped == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=p,i=1;\u{1B}\u{1B}\\\u{1B}\\")
    }

    @Test func theTerminalsAnswersAreRead() {
        let kitty = TerminalReplies(parsing: Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;22c".utf8))
        #expect(kitty.kittyGraphics && !kitty.sixel && kitty.complete)
        #expect(kitty.cell?.width == 10 && kitty.cell?.height == 20)
        let xterm = TerminalReplies(parsing: Array("j\u{1B}[?63;1;2;4;6;9;15;16;22;28c".utf8))
        #expect(!xterm.kittyGraphics && xterm.sixel && xterm.complete && xterm.cell == nil)
        // kitty's error answer, and a DA1 without 4 (tmux, or a terminal without sixels).
        let neither = TerminalReplies(parsing: Array("\u{1B}_Gi=31;ENOTSUPPORTED:x\u{1B}\\\u{1B}[?1;2c".utf8))
        #expect(!neither.kittyGraphics && !neither.sixel && neither.complete)
        #expect(!TerminalReplies(parsing: Array("\u{1B}[?62;4".utf8)).complete, "a DA1 not finished yet")
        #expect(!TerminalReplies(parsing: []).complete)
    }

    @Test func aPictureReservesItsRowsAndLeavesTheCursorBelowIt() {
        let sixel = TerminalPicture(kind: .sixel, columns: 20, rows: 3, data: "#0~~")
        #expect(sixel.drawing(id: 5) == "\n\n\n\u{1B}[3A\u{1B}7\u{1B}P0;1;0q#0~~\u{1B}\\\u{1B}8\u{1B}[3B\r")
        let kitty = TerminalPicture(kind: .kitty, columns: 20, rows: 2, data: "QUJD", throughTmux: true)
        let drawing = kitty.drawing(id: 5)
        #expect(drawing.hasPrefix("\n\n\u{1B}[2A\u{1B}Ptmux;\u{1B}\u{1B}_Ga=t"))
        #expect(drawing.hasSuffix("\u{1B}[2B\r"))
        #expect(TerminalPicture.failed(.kitty, "no").drawing(id: 1).isEmpty)
        // A picture whose data is not sixel data draws nothing.
        #expect(TerminalPicture(kind: .sixel, columns: 1, rows: 1, data: "\u{1B}]0;x").drawing(id: 1).isEmpty)
    }

    @Test func theLinkNumbersOfALineAreFound() {
        #expect(ArticlePictures.references(in: "see [image: a chart][2] and [3][x] [12]") == [2, 3, 12])
        #expect(ArticlePictures.references(in: "[image] no number, [0], [a1]").isEmpty)
    }
}
