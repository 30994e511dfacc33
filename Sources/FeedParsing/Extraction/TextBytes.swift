import Glibc

/// Byte-level text helpers of the extractor, where `String`'s Unicode-aware searching and
/// splitting cost hundreds of instructions a character (bench/RESULTS.md, "Article extraction").
enum TextBytes {
    /// Whether `needle` occurs in `haystack`: `memchr` to each candidate first byte, then `memcmp`.
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        guard haystack.count >= needle.count else { return false }
        return haystack.withUnsafeBufferPointer { text in
            needle.withUnsafeBufferPointer { word in
                let last = text.count - word.count
                var start = 0
                while start <= last, let found = text.firstIndex(of: first, from: start, before: last + 1) {
                    if memcmp(text.baseAddress! + found, word.baseAddress!, word.count) == 0 { return true }
                    start = found + 1
                }
                return false
            }
        }
    }

    /// The offset of the last `needle` in `haystack`.
    static func lastOffset(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        var start = haystack.count - needle.count
        while start >= 0 {
            if haystack[start] == needle[0], haystack[start..<(start + needle.count)].elementsEqual(needle) { return start }
            start -= 1
        }
        return nil
    }

    /// `bytes` (UTF-8) with each run of Unicode whitespace made one space and none at either
    /// end: what `split(whereSeparator: \.isWhitespace).joined(separator: " ")` gives.
    static func collapsingWhitespace(_ bytes: [UInt8]) -> String {
        var words: [UInt8] = []
        words.reserveCapacity(bytes.count)
        var pendingSpace = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            let end = min(bytes.count, index + length)
            if isWhitespace(bytes[index..<end]) {
                pendingSpace = !words.isEmpty
            } else {
                if pendingSpace { words.append(0x20) }
                pendingSpace = false
                words.append(contentsOf: bytes[index..<end])
            }
            index = end
        }
        return String(decoding: words, as: UTF8.self)
    }

    /// Whether one UTF-8 encoded character is White_Space: ASCII's, U+0085, U+00A0, U+1680,
    /// U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000.
    private static func isWhitespace(_ character: ArraySlice<UInt8>) -> Bool {
        let first = character[character.startIndex]
        switch character.count {
        case 1: return (first >= 0x09 && first <= 0x0D) || first == 0x20
        case 2: return first == 0xC2 && (character.last == 0x85 || character.last == 0xA0)
        case 3:
            let second = character[character.startIndex + 1]
            let third = character[character.startIndex + 2]
            switch (first, second) {
            case (0xE1, 0x9A): return third == 0x80
            case (0xE2, 0x80): return third <= 0x8A || third == 0xA8 || third == 0xA9 || third == 0xAF
            case (0xE2, 0x81): return third == 0x9F
            case (0xE3, 0x80): return third == 0x80
            default: return false
            }
        default: return false
        }
    }
}
