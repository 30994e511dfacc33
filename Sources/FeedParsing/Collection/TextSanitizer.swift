/// Cleans text taken from a feed before anyone displays or stores it.
///
/// Every text field of a parsed feed goes through here, whatever the format. It removes what a
/// terminal must never receive from a remote document — C0 controls, DEL, C1 controls
/// (U+0080–U+009F, which would otherwise act as terminal escapes) and the bidi override and
/// isolate characters (U+202A–U+202E, U+2066–U+2069, which can make text display differently
/// from what it is) — and trims surrounding whitespace. It never touches markup: HTML stays HTML.
public enum TextSanitizer {
    /// How line structure is treated.
    public enum Layout: Sendable {
        /// Titles, names, ids, links: every run of spaces, tabs and line breaks becomes one space.
        case singleLine
        /// Descriptions and content: tabs and line feeds are kept, CR and CRLF become LF.
        case multiline
    }

    /// Returns `text` cleaned for `layout`; an empty string when nothing but whitespace remains.
    public static func clean(_ text: String, layout: Layout) -> String {
        var text = text
        return text.withUTF8 { clean(utf8: $0, layout: layout) }
    }

    /// Cleans UTF-8 bytes into a `String` in one pass and one allocation. Invalid UTF-8 is
    /// repaired with U+FFFD.
    ///
    /// Runs of ordinary bytes are copied whole; only control bytes, whitespace (single line) and
    /// the lead bytes 0xC2 and 0xE2 of the characters to drop need a closer look. This function
    /// sees every byte of every feed, so it avoids per-byte calls and captured state.
    static func clean(utf8 bytes: UnsafeBufferPointer<UInt8>, layout: Layout) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
            guard let out = buffer.baseAddress else { return 0 }
            return clean(utf8: bytes, layout: layout, into: out)
        }
    }

    /// Cleans UTF-8 bytes into `out`, which has room for at least `bytes.count` bytes (cleaning
    /// never lengthens text); returns how many bytes it wrote. Invalid UTF-8 is passed on as it
    /// is (the `String` version repairs it).
    static func clean(utf8 bytes: UnsafeBufferPointer<UInt8>, layout: Layout, into out: UnsafeMutablePointer<UInt8>) -> Int {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return 0 }
        let singleLine = layout == .singleLine
        var start = 0
        var end = bytes.count
        while start < end, source[start].isASCIIWhitespace { start += 1 }
        while end > start, source[end - 1].isASCIIWhitespace { end -= 1 }
        guard start < end else { return 0 }

        var written = 0
        var index = start
        while index < end {
            // The run of bytes that are copied as they are: eight at a time while none of
            // them needs a look, then byte by byte through the word that stopped the
            // eight-byte test (a line feed, a tab), then eight at a time again.
            let runStart = index
            run: while index < end {
                if singleLine {
                    while end - index >= 8 {
                        let word = UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self)
                        if Self.needsAttention(word) || Self.mayHaveDoubleSpace(word) { break }
                        index += 8
                    }
                } else {
                    while end - index >= 8,
                        !Self.needsAttention(UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self))
                    {
                        index += 8
                    }
                }
                let wordEnd = min(end, index + 8)
                while index < wordEnd {
                    let byte = source[index]
                    if byte > 0x20 {
                        if byte == 0x7F || byte == 0xC2 || byte == 0xE2 { break run }
                    } else if byte == 0x20 {
                        // A single space between words stays as it is, even on one line.
                        // (Never the last byte: the ends are trimmed.)
                        if singleLine, source[index + 1].isASCIIWhitespace { break run }
                    } else if singleLine || (byte != 0x0A && byte != 0x09) {
                        break run
                    }
                    index += 1
                }
            }
            if index > runStart {
                (out + written).update(from: source + runStart, count: index - runStart)
                written += index - runStart
            }
            guard index < end else { break }

            let byte = source[index]
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                if singleLine {
                    // A run of whitespace becomes one space (never at the ends: trimmed above).
                    while index < end, source[index].isASCIIWhitespace { index += 1 }
                    out[written] = 0x20
                    written += 1
                    continue
                }
                // Multiline: CRLF and lone CR become LF.
                if index + 1 >= end || source[index + 1] != 0x0A {
                    out[written] = 0x0A
                    written += 1
                }
                index += 1
            case 0xC2:
                if index + 1 < end, (0x80...0x9F).contains(source[index + 1]) {
                    index += 2  // C1 control
                } else {
                    out[written] = byte
                    written += 1
                    index += 1
                }
            case 0xE2:
                let second = index + 1 < end ? source[index + 1] : 0
                let third = index + 2 < end ? source[index + 2] : 0
                if (second == 0x80 && (0xAA...0xAE).contains(third)) || (second == 0x81 && (0xA6...0xA9).contains(third)) {
                    index += 3  // bidi embedding, override or isolate
                } else {
                    out[written] = byte
                    written += 1
                    index += 1
                }
            default:
                index += 1  // other C0 controls and DEL
            }
        }
        // Dropped characters can leave whitespace at the ends ("\u{85} text").
        var first = 0
        while written > 0, out[written - 1].isASCIIWhitespace { written -= 1 }
        while first < written, out[first].isASCIIWhitespace { first += 1 }
        if first > 0 {
            for offset in 0..<(written - first) { out[offset] = out[first + offset] }
            written -= first
        }
        return written
    }

    // MARK: - Eight bytes at a time

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Whether any of the eight bytes in `word` is below 0x20 or is 0x7F, 0xC2 or 0xE2
    /// (the classic "has a zero byte" bit trick, applied per condition).
    @inline(__always)
    private static func needsAttention(_ word: UInt64) -> Bool {
        let below0x20 = (word &- ones &* 0x20) & ~word
        let del = hasZeroByte(word ^ (ones &* 0x7F))
        let c2 = hasZeroByte(word ^ (ones &* 0xC2))
        let e2 = hasZeroByte(word ^ (ones &* 0xE2))
        return (below0x20 | del | c2 | e2) & highBits != 0
    }

    /// Whether `word` may hold two spaces in a row, or ends in a space that the next byte
    /// could follow with another (false positives only cost a look byte by byte).
    @inline(__always)
    private static func mayHaveDoubleSpace(_ word: UInt64) -> Bool {
        let spaces = hasZeroByte(word ^ (ones &* 0x20))
        return spaces & (spaces >> 8) != 0 || word >> 56 == 0x20
    }

    @inline(__always)
    private static func hasZeroByte(_ word: UInt64) -> UInt64 {
        (word &- ones) & ~word & highBits
    }
}
