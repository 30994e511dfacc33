/// Terminal column widths of text, and fitting text into a number of columns.
///
/// A small table-based `wcwidth`: East Asian wide and fullwidth characters and emoji take two
/// columns, combining marks and format characters none, everything else one. Measures whole
/// grapheme clusters so that truncation never splits an accented letter or an emoji sequence.
public enum DisplayWidth {
    /// The columns `text` takes on a terminal (`text` should already be sanitised).
    public static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The columns one grapheme cluster takes.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        // A variation selector 16 asks for the emoji presentation (e.g. "❤️", "1️⃣").
        if first.properties.isEmoji, scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        return of(first)
    }

    /// The columns one scalar takes when it starts a cluster.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x300 { return 1 }  // Latin fast path
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            return 0
        default:
            break
        }
        if (0x1160...0x11FF).contains(value) { return 0 }  // Hangul medial vowels, final consonants
        if scalar.properties.isEmojiPresentation || isWide(value) { return 2 }
        return 1
    }

    /// `text` cut to at most `width` columns, ending in "…" when something was cut.
    public static func truncate(_ text: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        var result = ""
        var used = 0
        for character in text {
            let characterWidth = of(character)
            if used + characterWidth > width - 1 { break }
            result.append(character)
            used += characterWidth
        }
        return result + "…"
    }

    /// `text` truncated to `width` columns and padded with spaces to exactly `width`.
    public static func fit(_ text: String, toWidth width: Int, alignRight: Bool = false) -> String {
        let cut = truncate(text, toWidth: width)
        let padding = String(repeating: " ", count: max(0, width - of(cut)))
        return alignRight ? padding + cut : cut + padding
    }

    // MARK: - East Asian Wide and Fullwidth (UAX #11), emoji aside

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
        0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
        0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
        0x17000...0x18CFF, 0x1AFF0...0x1B2FF, 0x1F200...0x1F2FF, 0x20000...0x2FFFD,
        0x30000...0x3FFFD,
    ]

    private static func isWide(_ value: UInt32) -> Bool {
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
