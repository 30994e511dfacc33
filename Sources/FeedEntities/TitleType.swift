/// Whether a title, as the parser read it, is text or HTML: what decides how it becomes the text
/// people see (`displayText(of:htmlToText:)`).
///
/// The `tidingsd parse` contract keeps HTML-typed text as HTML, so the parser says which titles
/// are HTML out of band, here, and the daemon turns them into text once, when it stores them.
public enum TitleType: String, Sendable, Codable, Hashable {
    /// Known to be plain text (Atom `type="text"`): kept as it is, a literal `a < b` included.
    case text
    /// Known to be markup (Atom `type="html"` or `"xhtml"`): always reduced to its text.
    case html
    /// Not said (RSS, JSON Feed, a title stored before titles were typed): reduced to its text
    /// when it looks like escaped markup (`looksLikeMarkup`).
    case unknown

    /// The text people see for `title`: `title` itself when it is text, else what `htmlToText`
    /// makes of it (tags removed, references decoded, whitespace collapsed).
    public func displayText(of title: String, htmlToText: (String) -> String) -> String {
        switch self {
        case .text: title
        case .html: htmlToText(title)
        case .unknown: Self.looksLikeMarkup(title) ? htmlToText(title) : title
        }
    }

    /// Whether `title` holds a tag (`<b>`, `</em>`, `<br/>`, `<!--`) or a character or entity
    /// reference (`&amp;`, `&#8217;`, `&#x41;`): what a title of unknown type that is escaped
    /// HTML holds, and plain text almost never does (`a < b`, `AT&T`, `x <= y` stay text).
    ///
    /// One pass over the UTF-8 bytes, looking ahead at most 32 bytes from each `<` or `&`.
    public static func looksLikeMarkup(_ title: String) -> Bool {
        var title = title
        return title.withUTF8(looksLikeMarkup(utf8:))
    }

    private static func looksLikeMarkup(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "<") where isTag(bytes, at: index): return true
            case UInt8(ascii: "&") where isReference(bytes, at: index): return true
            default: index += 1
            }
        }
        return false
    }

    /// `<` then a letter, `/` and a letter, or `!--`, and a `>` that closes it (a tag's name and
    /// attributes, up to 32 bytes on).
    private static func isTag(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        var index = start + 1
        if index + 2 < bytes.count, bytes[index] == UInt8(ascii: "!"), bytes[index + 1] == UInt8(ascii: "-"),
            bytes[index + 2] == UInt8(ascii: "-")
        {
            return true
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "/") { index += 1 }
        guard index < bytes.count, isLetter(bytes[index]) else { return false }
        let end = min(bytes.count, index + 32)
        while index < end {
            switch bytes[index] {
            case UInt8(ascii: ">"): return true
            case UInt8(ascii: "<"): return false
            default: index += 1
            }
        }
        return false
    }

    /// `&#` digits `;`, `&#x` hex digits `;`, or `&` a letter, letters and digits, `;`.
    static func isReference(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        var index = start + 1
        guard index < bytes.count else { return false }
        let numeric = bytes[index] == UInt8(ascii: "#")
        var hex = false
        if numeric {
            index += 1
            if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "x") {
                hex = true
                index += 1
            }
        } else if !isLetter(bytes[index]) {
            return false
        }
        let nameStart = index
        let end = min(bytes.count, nameStart + 32)
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: ";") { return index > nameStart }
            let fits =
                numeric
                ? (isDigit(byte) || (hex && (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)))
                : (isLetter(byte) || isDigit(byte))
            guard fits else { return false }
            index += 1
        }
        return false
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
