import FeedEntities

/// Greedy line filling by display width, for the header values of `tidings show`.
enum WordWrap {
    /// `tokens` joined by single spaces into lines of at most `width` columns.
    ///
    /// A token too long for a line of its own is broken between grapheme clusters when
    /// `breakLongTokens` (titles: CJK text has no spaces to break at), and otherwise left whole
    /// on a line of its own (links: a link cut in two can no longer be copied or clicked).
    /// - Returns: at least one line (an empty one for no tokens).
    static func lines(_ tokens: [String], width: Int, breakLongTokens: Bool) -> [String] {
        let width = max(1, width)
        var lines: [String] = []
        var line = ""
        var used = 0
        for token in tokens where !token.isEmpty {
            let tokenWidth = DisplayWidth.of(token)
            let gap = line.isEmpty ? 0 : 1
            if used + gap + tokenWidth <= width {
                if gap == 1 { line += " " }
                line += token
                used += gap + tokenWidth
            } else if !breakLongTokens || tokenWidth <= width {
                if !line.isEmpty { lines.append(line) }
                line = token
                used = tokenWidth
            } else {
                // Fill the rest of this line first, then as many lines as it takes.
                var pendingSpace = !line.isEmpty
                for character in token {
                    let characterWidth = DisplayWidth.of(character)
                    if used > 0, used + (pendingSpace ? 1 : 0) + characterWidth > width {
                        lines.append(line)
                        line = ""
                        used = 0
                        pendingSpace = false
                    }
                    if pendingSpace {
                        line += " "
                        used += 1
                        pendingSpace = false
                    }
                    line.append(character)
                    used += characterWidth
                }
            }
        }
        lines.append(line)
        return lines
    }

    /// The words of `text` (already sanitised: single spaces).
    static func words(_ text: String) -> [String] {
        text.split(separator: " ").map(String.init)
    }
}
