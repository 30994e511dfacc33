/// How to read an Atom text construct (`title`, `subtitle`, `summary`, `content`, …), from its
/// `type` (Atom 1.0) or its `mode` and `type` (Atom 0.3). Shared by the Atom handler and by
/// Atom elements embedded in RSS.
struct AtomTextConstruct {
    var mode: CaptureMode
    /// The content is base64 (Atom 0.3 `mode="base64"`, binary media types in Atom 1.0).
    var base64 = false

    /// - Parameter isContent: `content` is the only element whose other media types mean base64;
    ///   in other text constructs an unknown type is read as text.
    init(_ attributes: AttributeList, atom03: Bool, isContent: Bool) {
        let type = attributes["type"]?.lowercased()
        if atom03 {
            switch attributes["mode"]?.lowercased() {
            case "base64":
                mode = .text
                base64 = true
            case "escaped":
                mode = .text
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
            case "text", "html", "text/plain", "text/html": mode = .text
            case "xhtml": mode = .markup(unwrapDiv: true)
            case let xml where xml.hasSuffix("+xml") || xml.hasSuffix("/xml"): mode = .markup(unwrapDiv: false)
            case let text where text.hasPrefix("text/"): mode = .text
            default:
                // Other media types are base64 in content (RFC 4287 §4.1.3.3).
                mode = .text
                base64 = isContent
            }
        }
    }
}
