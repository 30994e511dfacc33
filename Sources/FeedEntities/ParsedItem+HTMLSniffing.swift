extension ParsedItem {
    /// Whether text a feed declared plain (an untyped Atom `summary`, a JSON Feed `summary`)
    /// is really escaped HTML, as many generators write it: it holds a closing tag (`</p>`), a
    /// line-break tag (`<br>`, `<br/>`) or an entity or character reference (`&amp;`,
    /// `&#8217;`, left after the XML parser decoded one level). Such text is kept as the HTML it
    /// is, as feedparser's `_looks_like_html` does; real plain text (`a < b`, `AT&T`) has none
    /// of these. One pass over the UTF-8 bytes, no allocation.
    public static func looksLikeHTML(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "<"):
                    if closingTagOrBreak(at: index, in: bytes) { return true }
                case UInt8(ascii: "&"):
                    if TitleType.isReference(bytes, at: index) { return true }
                default:
                    break
                }
                index += 1
            }
            return false
        }
    }

    /// `</name>` or `<br>`, `<br/>`, `<br />` (any case) at `start`, which holds `<`.
    private static func closingTagOrBreak(at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = start + 1
        let closing = index < bytes.count && bytes[index] == UInt8(ascii: "/")
        if closing { index += 1 }
        let nameStart = index
        while index < bytes.count, TitleType.isLetter(bytes[index]) || TitleType.isDigit(bytes[index]) { index += 1 }
        guard index > nameStart, TitleType.isLetter(bytes[nameStart]) else { return false }
        if closing { return index < bytes.count && bytes[index] == UInt8(ascii: ">") }
        guard index - nameStart == 2, bytes[nameStart] | 0x20 == UInt8(ascii: "b"), bytes[nameStart + 1] | 0x20 == UInt8(ascii: "r")
        else { return false }
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "/") { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: ">")
    }
}
