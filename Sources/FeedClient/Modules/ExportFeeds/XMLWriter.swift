/// Writes an XML document with two-space indentation, one element per line.
///
/// Element and attribute names are the caller's constants; text and attribute values are
/// escaped here: `&`, `<`, `>`, `"` and `'` become references, tab, line feed and carriage
/// return become character references (so that attribute value normalisation keeps them), and
/// characters XML 1.0 cannot hold (other C0 controls, U+FFFE, U+FFFF) are dropped, as are DEL
/// and the C1 controls, which XML allows but no reader wants in a title, and the bidi controls
/// and invisible format characters `TerminalText` removes: an export is often read on a
/// terminal (`tidings export | less`), where they would make a line read differently.
struct XMLWriter {
    private var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    private var open: [String] = []

    /// The document so far; complete once every started element has been ended.
    var document: String { text }

    /// `<name a="v">` on its own line; the elements up to the matching `end()` are indented
    /// below it. Attributes whose value is `nil` are left out.
    mutating func start(_ name: String, _ attributes: [(String, String?)] = []) {
        text += indentation + "<" + name + Self.attributes(attributes) + ">\n"
        open.append(name)
    }

    /// Ends the element started last.
    mutating func end() {
        let name = open.removeLast()
        text += indentation + "</" + name + ">\n"
    }

    /// `<name a="v"/>`.
    mutating func empty(_ name: String, _ attributes: [(String, String?)]) {
        text += indentation + "<" + name + Self.attributes(attributes) + "/>\n"
    }

    /// `<name>text</name>`.
    mutating func element(_ name: String, text content: String) {
        text += indentation + "<" + name + ">" + Self.escape(content) + "</" + name + ">\n"
    }

    private var indentation: String { String(repeating: "  ", count: open.count) }

    private static func attributes(_ attributes: [(String, String?)]) -> String {
        attributes.compactMap { name, value in value.map { " \(name)=\"\(escape($0))\"" } }.joined()
    }

    /// `value` as XML character data, safe in text and in single- or double-quoted attributes.
    static func escape(_ value: String) -> String {
        var output = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            switch scalar.value {
            case 0x26: output.append(contentsOf: "&amp;".unicodeScalars)
            case 0x3C: output.append(contentsOf: "&lt;".unicodeScalars)
            case 0x3E: output.append(contentsOf: "&gt;".unicodeScalars)
            case 0x22: output.append(contentsOf: "&quot;".unicodeScalars)
            case 0x27: output.append(contentsOf: "&apos;".unicodeScalars)
            case 0x09: output.append(contentsOf: "&#9;".unicodeScalars)
            case 0x0A: output.append(contentsOf: "&#10;".unicodeScalars)
            case 0x0D: output.append(contentsOf: "&#13;".unicodeScalars)
            case 0x00...0x1F, 0x7F...0x9F, 0xFFFE, 0xFFFF: continue
            case _ where TerminalText.isInvisibleFormat(scalar.value): continue
            default: output.append(scalar)
            }
        }
        return String(output)
    }
}
