import FeedEntities

/// The View layer's one gate for text that came from outside (feeds, the daemon, the user):
/// nothing reaches the terminal without passing `sanitize(_:)`.
///
/// A feed title can carry escape sequences that retitle the window, move the cursor, rewrite
/// earlier lines or (with OSC 52) fill the clipboard, and bidi overrides that make a link read
/// differently from what it is. Every such character is removed, not escaped, so the output
/// stays readable.
public enum TerminalText {
    /// `text` as a single printable line: escape sequences (ESC and 8-bit C1 forms, with their
    /// parameters) and every other C0/C1 control and DEL removed, bidi controls, invisible
    /// format and filler characters removed, combining marks past `maximumCombiningRun` in a
    /// row removed, and runs of whitespace (tabs, newlines, line separators) collapsed to one
    /// space, with no leading or trailing space.
    public static func sanitize(_ text: String) -> String {
        if isClean(text) { return text }
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var pendingSpace = false
        var marks = 0
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let value = scalar.value
            index += 1
            if isExcessMark(scalar, after: &marks) { continue }
            switch value {
            case 0x1B:
                index = endOfEscape(in: scalars, after: index)
            case 0x9B:
                index = endOfControlSequence(in: scalars, from: index)
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F:
                index = endOfControlString(in: scalars, from: index)
            case 0x09...0x0D, 0x20, 0x85, 0x2028, 0x2029:
                pendingSpace = true
            case 0x00...0x1F, 0x7F...0x9F:
                continue
            default:
                if isInvisibleFormat(value) { continue }
                if pendingSpace, !output.isEmpty { output.append(" ") }
                pendingSpace = false
                output.append(scalar)
            }
        }
        return String(output)
    }

    /// Whether `sanitize(_:)` would return `text` unchanged: no character it removes, no
    /// white space but single spaces between words. Most titles are; checking costs a pass
    /// without allocating, where sanitising copies every character.
    static func isClean(_ text: String) -> Bool {
        var previousIsSpace = true
        var marks = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            switch value {
            case 0x20:
                if previousIsSpace { return false }
                previousIsSpace = true
                marks = 0
                continue
            case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029:
                return false
            default:
                if value > 0xAC, isInvisibleFormat(value) { return false }
                if isExcessMark(scalar, after: &marks) { return false }
            }
            previousIsSpace = false
        }
        return !previousIsSpace || text.isEmpty
    }

    /// Combining marks kept in a row after one character: more than any script stacks (Thai,
    /// Vietnamese, Hebrew with cantillation, Tibetan use up to four or five); the marks of
    /// "Zalgo" text, dozens a letter, paint over the lines above and below.
    static let maximumCombiningRun = 6

    /// Whether `scalar` is a combining mark past `maximumCombiningRun` in a row, counting the
    /// run in `marks` (reset by anything else).
    private static func isExcessMark(_ scalar: Unicode.Scalar, after marks: inout Int) -> Bool {
        // Below U+0300 (ASCII, Latin-1), CJK ideographs and Hangul syllables there is no mark:
        // most titles are spared the property lookup.
        let value = scalar.value
        if value < 0x300 || (0x4E00...0x9FFF).contains(value) || (0xAC00...0xD7A3).contains(value) {
            marks = 0
            return false
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark:
            marks += 1
            return marks > maximumCombiningRun
        default:
            marks = 0
            return false
        }
    }

    /// `text` as a block of lines, such as an article rendered by the daemon: removes what
    /// `sanitize(_:)` removes (escape sequences with their parameters, other C0/C1 controls,
    /// DEL, bidi controls, invisible format characters) but keeps the layout: line feeds and
    /// spaces stay, vertical tab, form feed, NEL and the Unicode line and paragraph separators
    /// become line feeds, carriage returns go, and tabs become spaces up to the next multiple
    /// of 8 columns (by display width), so indented code keeps its alignment.
    public static func sanitizeBlock(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        // Text since the last tab or line start, and the column it starts at: a tab measures only
        // this much, so a long line full of tabs stays linear.
        var segment = String.UnicodeScalarView()
        var segmentColumn = 0
        var marks = 0
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let value = scalar.value
            index += 1
            if isExcessMark(scalar, after: &marks) { continue }
            switch value {
            case 0x1B:
                index = endOfEscape(in: scalars, after: index)
            case 0x9B:
                index = endOfControlSequence(in: scalars, from: index)
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F:
                index = endOfControlString(in: scalars, from: index)
            case 0x0A, 0x0B, 0x0C, 0x85, 0x2028, 0x2029:
                output.append(contentsOf: segment)
                output.append("\n")
                segment = String.UnicodeScalarView()
                segmentColumn = 0
            case 0x09:
                let column = segmentColumn + DisplayWidth.of(String(segment))
                let spaces = 8 - column % 8
                output.append(contentsOf: segment)
                output.append(contentsOf: String(repeating: " ", count: spaces).unicodeScalars)
                segment = String.UnicodeScalarView()
                segmentColumn = column + spaces
            case 0x00...0x1F, 0x7F...0x9F:
                continue  // CR among them: "\r\n" becomes "\n"
            default:
                if isInvisibleFormat(value) { continue }
                segment.append(scalar)
            }
        }
        output.append(contentsOf: segment)
        return String(output)
    }

    /// Bidi embeddings/overrides/isolates and marks, zero-width and invisible format characters,
    /// tag characters, and the fillers and blanks that draw nothing yet are not white space (the
    /// Hangul fillers, the braille blank, the combining grapheme joiner, Mongolian variation
    /// selectors, Khmer's invisible vowels, musical formatting): they change how text reads, or
    /// make a title look empty or like another, without being visible. ZWJ and ZWNJ are kept
    /// because emoji sequences and several scripts need them.
    static func isInvisibleFormat(_ value: UInt32) -> Bool {
        switch value {
        case 0x00AD, 0x034F, 0x061C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B...0x180F, 0x200B, 0x200E, 0x200F,
            0x202A...0x202E, 0x2060...0x2064, 0x2066...0x206F, 0x2800, 0x3164, 0xFEFF, 0xFFA0, 0xFFF9...0xFFFB,
            0x1D173...0x1D17A, 0xE0001, 0xE0020...0xE007F:
            true
        default:
            false
        }
    }

    // MARK: - Escape sequences (ECMA-48)

    /// Index just past an escape sequence whose ESC was at `index - 1`.
    private static func endOfEscape(in scalars: [Unicode.Scalar], after index: Int) -> Int {
        guard index < scalars.count else { return index }
        switch scalars[index].value {
        case 0x5B:  // ESC [  control sequence
            return endOfControlSequence(in: scalars, from: index + 1)
        case 0x5D, 0x50, 0x58, 0x5E, 0x5F:  // ESC ] OSC, ESC P DCS, SOS, PM, APC: strings
            return endOfControlString(in: scalars, from: index + 1)
        default:
            // nF sequences: intermediates 0x20–0x2F then a final 0x30–0x7E; Fp/Fe/Fs: one final.
            var end = index
            while end < scalars.count, (0x20...0x2F).contains(scalars[end].value) { end += 1 }
            if end < scalars.count, (0x30...0x7E).contains(scalars[end].value) { return end + 1 }
            return index
        }
    }

    /// Index just past a CSI's parameter, intermediate and final bytes starting at `index`.
    private static func endOfControlSequence(in scalars: [Unicode.Scalar], from index: Int) -> Int {
        var end = index
        while end < scalars.count, (0x20...0x3F).contains(scalars[end].value) { end += 1 }
        if end < scalars.count, (0x40...0x7E).contains(scalars[end].value) { end += 1 }
        return end
    }

    /// Index just past a control string (OSC, DCS, ...) terminated by BEL, ST or ESC \\.
    /// An unterminated string runs to the end of the text: all of it is the payload.
    private static func endOfControlString(in scalars: [Unicode.Scalar], from index: Int) -> Int {
        var end = index
        while end < scalars.count {
            switch scalars[end].value {
            case 0x07, 0x9C:
                return end + 1
            case 0x1B:
                return end + 1 < scalars.count && scalars[end + 1] == "\\" ? end + 2 : end + 1
            default:
                end += 1
            }
        }
        return end
    }
}
