import FeedEntities

/// Greedy word wrapping by display width.
///
/// Lines break at spaces; a space that breaks a line is dropped. Text in scripts written without
/// spaces (Chinese, Japanese) may also break between any two wide characters, except before
/// closing punctuation and after opening punctuation (the simple form of the kinsoku rules). A
/// word wider than the whole line — a long URL, say — is cut between grapheme clusters rather
/// than left to overflow, so prefixes such as a quote's `> ` stay in their column. A no-break
/// space holds words together and is written as a plain space; a zero-width space (`<wbr>`) is a
/// break opportunity that is not written.
enum LineWrapper {
    /// The lines `text` (one logical line, single spaces between words) is wrapped into, each at
    /// most `width` columns unless `width` is `nil`.
    static func wrap(_ text: String, width: Int?) -> [String] {
        guard let width else { return [visible(text)] }
        let columns = max(width, 1)
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for token in tokens(of: text) {
            let separator = lineWidth > 0 && token.spaceBefore ? 1 : 0
            if lineWidth + separator + token.width <= columns {
                if separator == 1 { line.append(" ") }
                line += token.text
                lineWidth += separator + token.width
                continue
            }
            if lineWidth > 0 {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            if token.width <= columns {
                line = token.text
                lineWidth = token.width
                continue
            }
            // Wider than a line on its own: cut it between clusters.
            for character in token.text {
                let characterWidth = DisplayWidth.of(character)
                if lineWidth + characterWidth > columns, lineWidth > 0 {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                line.append(character)
                lineWidth += characterWidth
            }
        }
        if lineWidth > 0 || lines.isEmpty { lines.append(line) }
        return lines
    }

    // MARK: - Tokens

    private struct Token {
        var text: String
        var width: Int
        var spaceBefore: Bool
    }

    private static func tokens(of text: String) -> [Token] {
        var tokens: [Token] = []
        var current = Token(text: "", width: 0, spaceBefore: false)
        var previous: Character?
        var previousWide = false

        func finish() {
            if !current.text.isEmpty { tokens.append(current) }
            current = Token(text: "", width: 0, spaceBefore: false)
        }

        for character in text {
            switch character {
            case " ":
                finish()
                current.spaceBefore = !tokens.isEmpty
                previous = nil
                previousWide = false
            case "\u{200B}":
                let spaceBefore = current.spaceBefore && current.text.isEmpty
                finish()
                current.spaceBefore = spaceBefore
                previous = nil
                previousWide = false
            default:
                let width = DisplayWidth.of(character)
                let wide = width == 2
                if let previous, !current.text.isEmpty, wide || previousWide,
                    !closingPunctuation.contains(character), !openingPunctuation.contains(previous)
                {
                    finish()
                }
                current.text.append(character == "\u{A0}" ? " " : character)
                current.width += width
                previous = character
                previousWide = wide
            }
        }
        finish()
        return tokens
    }

    /// `text` as written on one unwrapped line.
    private static func visible(_ text: String) -> String {
        guard text.contains(where: { $0 == "\u{A0}" || $0 == "\u{200B}" }) else { return text }
        var result = ""
        for character in text where character != "\u{200B}" {
            result.append(character == "\u{A0}" ? " " : character)
        }
        return result
    }

    /// Characters a line should not start with.
    private static let closingPunctuation: Set<Character> = [
        "、", "。", "，", "．", "・", "：", "；", "？", "！", "ー", "」", "』", "）", "】", "〕", "〉", "》",
        "〙", "〗", "〟", "’", "”", "｝", "］", "〜", "…", "‥", "ゝ", "ゞ", "々", "ぁ", "ぃ", "ぅ", "ぇ", "ぉ",
        "っ", "ゃ", "ゅ", "ょ", "ァ", "ィ", "ゥ", "ェ", "ォ", "ッ", "ャ", "ュ", "ョ",
        ",", ".", ";", ":", "!", "?", ")", "]", "}", "%",
    ]

    /// Characters a line should not end with.
    private static let openingPunctuation: Set<Character> = [
        "「", "『", "（", "【", "〔", "〈", "《", "〘", "〖", "〝", "‘", "“", "｛", "［", "(", "[", "{",
    ]
}
