/// The small decisions of `CleanArticleWriter`: which heading repeats the title, which
/// attributes a kept block keeps, how text and attribute values are written.
extension CleanArticleWriter {
    func repeatsTitle(_ node: Int) -> Bool {
        guard let title, !title.isEmpty else { return false }
        var words: [UInt8] = []
        Self.collectText(node, in: tree, into: &words)
        let heading = Self.normalized(String(decoding: words, as: UTF8.self))
        return !heading.isEmpty && (heading == title || (heading.count >= 15 && TextBytes.contains(titleBytes, Array(heading.utf8))))
    }

    func blockAttributes(_ node: Int, tag: PageTag) -> String {
        var attributes = ""
        switch tag {
        case .td, .th:
            for (key, value) in [("colspan", tree.attribute(.colspan, of: node)), ("rowspan", tree.attribute(.rowspan, of: node))] {
                if let number = value.flatMap({ Int($0) }), number > 1, number < 1000 { attributes += " \(key)=\"\(number)\"" }
            }
        case .ol:
            if let start = tree.attribute(.start, of: node), let number = Int(start) { attributes += " start=\"\(number)\"" }
        case .pre:
            if let language = language(of: node) { attributes += " class=\"language-\(Self.escaped(language))\"" }
        default: break
        }
        return attributes
    }

    /// The language a code block names in its `class` (`language-swift`, `lang-py`), if any.
    func language(of node: Int) -> String? {
        guard let classes = tree.attribute(.class, of: node) else { return nil }
        for word in classes.split(separator: " ") {
            for prefix in ["language-", "lang-"] where word.hasPrefix(prefix) {
                let name = word.dropFirst(prefix.count)
                if !name.isEmpty, name.count <= 32, name.allSatisfy({ $0.isLetter || $0.isNumber || "+-#_.".contains($0) }) {
                    return String(name)
                }
            }
        }
        return nil
    }

    /// The text under `node`, a space after each text node, up to about 4 KB.
    static func collectText(_ node: Int, in tree: PageTree, into bytes: inout [UInt8]) {
        var child = tree.firstChild(node)
        while child != PageTree.none, bytes.count < 4096 {
            if tree.isText(child) {
                tree.withText(child) { bytes.append(contentsOf: $0) }
                bytes.append(0x20)
            } else if !tree.tag(child).isSkipped {
                collectText(child, in: tree, into: &bytes)
            }
            child = tree.next(child)
        }
    }

    /// `text` lowercased, its words (split at whitespace and punctuation) one space apart.
    static func normalized(_ text: String) -> String {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return normalizedUnicode(text) }
        // The same for ASCII, a byte at a time: Unicode's punctuation among ASCII is
        // !"#%&'()*,-./:;?@[\]_{} (the other signs are symbols, which stay in words).
        var words: [UInt8] = []
        words.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for byte in text.utf8 {
            if (byte >= 0x09 && byte <= 0x0D) || byte == 0x20 || Self.asciiPunctuation[Int(byte)] {
                pendingSpace = !words.isEmpty
                continue
            }
            if pendingSpace { words.append(0x20) }
            pendingSpace = false
            words.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
        }
        return String(decoding: words, as: UTF8.self)
    }

    private static let asciiPunctuation: [Bool] = (0..<128).map { byte in
        Character(Unicode.Scalar(UInt8(byte))).isPunctuation
    }

    /// The same by Unicode scalars: White_Space and the punctuation categories separate.
    private static func normalizedUnicode(_ text: String) -> String {
        var words = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.lowercased().unicodeScalars {
            let properties = scalar.properties
            switch properties.generalCategory {
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
                .finalPunctuation, .otherPunctuation:
                pendingSpace = !words.isEmpty
                continue
            default:
                if properties.isWhitespace {
                    pendingSpace = !words.isEmpty
                    continue
                }
            }
            if pendingSpace { words.append(" ") }
            pendingSpace = false
            words.append(scalar)
        }
        return String(words)
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
    }

    /// Per byte: 0 for whitespace, control characters and the escaped bytes; for the bytes text
    /// is written with as they are, 1 for a character's first byte and 2 for a continuation.
    static let byteKinds: [UInt8] = (0..<256).map { byte in
        let byte = UInt8(byte)
        guard byte > 0x20, byte != 0x7F, !isEscaped(byte) else { return 0 }
        return byte & 0xC0 == 0x80 ? 2 : 1
    }

    /// The bytes text escapes in HTML.
    static func isEscaped(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
    }

    /// `value` with `&`, `<`, `>` and `"` escaped: fit for text and for a quoted attribute.
    static func escaped(_ value: String) -> String {
        let special = { (byte: UInt8) in byte == 0x26 || byte == 0x22 || byte == 0x3C || byte == 0x3E }
        guard value.utf8.contains(where: special) else { return value }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(value.utf8.count + 16)
        for byte in value.utf8 {
            switch byte {
            case 0x26: escaped.append(contentsOf: "&amp;".utf8)
            case 0x22: escaped.append(contentsOf: "&quot;".utf8)
            case 0x3C: escaped.append(contentsOf: "&lt;".utf8)
            case 0x3E: escaped.append(contentsOf: "&gt;".utf8)
            default: escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }
}
