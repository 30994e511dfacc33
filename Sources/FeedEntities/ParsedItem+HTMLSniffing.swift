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
                    if reference(at: index, in: bytes) { return true }
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
        while index < bytes.count, isASCIIAlphanumeric(bytes[index]) { index += 1 }
        guard index > nameStart, isASCIILetter(bytes[nameStart]) else { return false }
        if closing { return index < bytes.count && bytes[index] == UInt8(ascii: ">") }
        guard index - nameStart == 2, bytes[nameStart] | 0x20 == UInt8(ascii: "b"), bytes[nameStart + 1] | 0x20 == UInt8(ascii: "r")
        else { return false }
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "/") { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: ">")
    }

    /// `&name;` or `&#digits;` / `&#xhex;` at `start`, which holds `&`.
    private static func reference(at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = start + 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "#") { index += 1 }
        let nameStart = index
        while index < bytes.count, index - nameStart <= 32, isASCIIAlphanumeric(bytes[index]) { index += 1 }
        return index > nameStart && index < bytes.count && bytes[index] == UInt8(ascii: ";")
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        isASCIILetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}
