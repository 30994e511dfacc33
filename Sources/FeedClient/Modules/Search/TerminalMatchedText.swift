import FeedEntities

/// View-layer handling of `MatchedText`: sanitising it piece by piece, fitting it to a width
/// and writing the matches highlighted. Only the search View uses it.
enum TerminalMatchedText {
    /// `text` with every piece passed through `TerminalText.sanitize`, spaced as sanitising
    /// the whole text would space it: `sanitize` trims each piece, so the whitespace at a
    /// piece's edges is put back as one plain space between pieces (never at either end, never
    /// inside a highlighted piece). Empty pieces are dropped and neighbours of a kind merged.
    static func sanitize(_ text: MatchedText) -> MatchedText {
        var output: [MatchedText.Piece] = []
        var pendingSpace = false
        for piece in text.pieces {
            let cleaned = TerminalText.sanitize(piece.text)
            // A visible sentinel on one side shows whether `sanitize` keeps a space there.
            let sentinel = "\u{B7}"
            if cleaned.isEmpty {
                if TerminalText.sanitize(sentinel + piece.text + sentinel) != sentinel + sentinel { pendingSpace = true }
                continue
            }
            if !output.isEmpty, pendingSpace || TerminalText.sanitize(sentinel + piece.text).hasPrefix(sentinel + " ") {
                append(" ", isMatch: false, to: &output)
            }
            append(cleaned, isMatch: piece.isMatch, to: &output)
            pendingSpace = TerminalText.sanitize(piece.text + sentinel).hasSuffix(" " + sentinel)
        }
        return MatchedText(pieces: output)
    }

    /// Sanitised `text` cut to at most `width` columns, ending in "…" (not highlighted) when
    /// something was cut; a grapheme cluster is never split.
    static func truncate(_ text: MatchedText, toWidth width: Int) -> MatchedText {
        guard width > 0 else { return MatchedText(pieces: []) }
        if DisplayWidth.of(text.plain) <= width { return text }
        var output: [MatchedText.Piece] = []
        var used = 0
        cutting: for piece in text.pieces {
            var kept = ""
            for character in piece.text {
                let characterWidth = DisplayWidth.of(character)
                if used + characterWidth > width - 1 {
                    append(kept, isMatch: piece.isMatch, to: &output)
                    break cutting
                }
                kept.append(character)
                used += characterWidth
            }
            append(kept, isMatch: piece.isMatch, to: &output)
        }
        append("…", isMatch: false, to: &output)
        return MatchedText(pieces: output)
    }

    /// Sanitised `text` as terminal output: matches in `TextStyle.highlight`, the rest in
    /// `style` (or unstyled). Without colors, the plain text: no markers, no brackets.
    static func render(_ text: MatchedText, style: TextStyle?, on terminal: any Terminal) -> String {
        text.pieces.map { piece in
            if piece.isMatch { return terminal.styled(piece.text, .highlight) }
            return style.map { terminal.styled(piece.text, $0) } ?? piece.text
        }.joined()
    }

    private static func append(_ text: String, isMatch: Bool, to pieces: inout [MatchedText.Piece]) {
        guard !text.isEmpty else { return }
        if let last = pieces.last, last.isMatch == isMatch {
            pieces[pieces.count - 1].text += text
        } else {
            pieces.append(MatchedText.Piece(text, isMatch: isMatch))
        }
    }
}
