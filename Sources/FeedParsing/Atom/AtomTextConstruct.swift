/// How to read an Atom text construct (`title`, `subtitle`, `summary`, `content`, …), from its
/// `type` (Atom 1.0) or its `mode` and `type` (Atom 0.3). Shared by the Atom handler and by
/// Atom elements embedded in RSS.
struct AtomTextConstruct {
    var mode: CaptureMode
    /// What to undo once the content is captured: base64 (Atom 0.3 `mode="base64"`, binary media
    /// types in Atom 1.0), and relative links in an HTML string.
    var encoding: ContentEncoding = []
    /// Whether the construct is plain text once decoded (`type="text"` or absent, `text/plain`
    /// or another `text/*` type that neither names HTML nor is captured as markup), rather than
    /// HTML or markup: the item then says so (`ParsedItem.summaryIsText`, `contentIsText`), so
    /// that the store keeps the text's line breaks and a `<` in it. Other media types (decoded
    /// from base64) are left as they are.
    var isPlainText: Bool {
        guard mode == .text, !encoding.contains(.html) else { return false }
        return isTextType
    }
    private let isTextType: Bool

    init(_ attributes: AttributeList, atom03: Bool) {
        let type = attributes["type"]?.lowercased()
        let isHTML = type == "html" || type?.hasSuffix("/html") == true
        isTextType = type.map { $0 == "text" || ($0.hasPrefix("text/") && !$0.contains("html")) } ?? true
        if atom03 {
            switch attributes["mode"]?.lowercased() {
            case "base64":
                mode = .text
                encoding = isHTML ? [.base64, .html] : .base64
            case "escaped":
                mode = .text
                if isHTML { encoding = .html }
            default:
                // mode="xml", the default: inline content, markup unless it is plain text.
                switch type ?? "text/plain" {
                case "text/plain", "text": mode = .text
                case let xhtml where xhtml.contains("xhtml"): mode = .markup(unwrapDiv: true)
                default: mode = .markup(unwrapDiv: false)
                }
            }
        } else {
            switch type ?? "text" {
            case "text", "text/plain": mode = .text
            case "html", "text/html":
                mode = .text
                encoding = .html
            case "xhtml": mode = .markup(unwrapDiv: true)
            case let xml where xml.hasSuffix("+xml") || xml.hasSuffix("/xml"): mode = .markup(unwrapDiv: false)
            case let text where text.hasPrefix("text/"): mode = .text
            default:
                // Other media types are base64 (RFC 4287 §4.1.3.3 says so for content; feeds use
                // them on titles and summaries too, and feedparser and gofeed decode those alike).
                // `CapturedText.decodingBase64` keeps text that does not decode to text as written.
                mode = .text
                encoding = .base64
            }
        }
    }
}
