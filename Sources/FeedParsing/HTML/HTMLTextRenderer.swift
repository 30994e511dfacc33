/// Renders an item's HTML as text for a terminal, at a given width.
///
/// Built on libxml2's HTML parser, which reads real-world markup the way browsers do and never
/// loads anything. What comes out:
/// - paragraphs separated by blank lines, word-wrapped by display width (wide CJK characters
///   and emoji count two columns; lines may break between CJK characters); `<br>` breaks a line;
/// - headings on their own: level 1 underlined with `=`, level 2 with `-`, deeper levels
///   marked `### `;
/// - lists with `•` bullets (`◦`, `▪` when nested) or numbers (`1.`, `a.`, `i.` as `<ol type>`
///   says, honouring `start`, `value` and `reversed`), nested lists indented;
/// - block quotes prefixed with `> `, wrapped inside the prefix;
/// - `<pre>` (and a `<code>` that stands alone and spans lines) exactly as written, not wrapped;
///   inline `<code>` between backticks (`` `make test` ``), as Markdown writes it;
/// - tables as columns apart by ` | `, aligned, a rule under a row of headings, wrapped within
///   their columns when the table is wider than the width, a cell a line (after its heading)
///   when not even that fits (`TableLayout`);
/// - images as `[image: alt][2]`, numbered with their `http`/`https` source (tracking pixels
///   left out), a linked image with the link's number too (`[image: alt][2][3]`),
///   `<video>`/`<audio>` as `[video][3]`;
/// - links as `text[1]`, with the numbered targets returned beside the text, resolved against
///   `baseURL`; only `http`, `https` and `mailto` links are numbered;
/// - scripts, styles, `<noscript>`, `<iframe>`, forms and comments left out; entities decoded;
///   control characters and bidi overrides removed (`TextSanitizer`).
///
/// Hostile input stays bounded: libxml2 stops nesting at 256 levels and the walk does not
/// recurse; indentation takes at most half the width; input beyond `maximumInputSize` is not
/// read, nor anything from a start tag with hundreds of attributes on (libxml2 compares them
/// pairwise), and output stops growing at about `maximumOutputSize` bytes (`isTruncated`).
public struct HTMLTextRenderer: Sendable {
    /// Columns to wrap at; 0 or less for no wrapping.
    public let width: Int
    /// Bytes of text after which rendering stops.
    public let maximumOutputSize: Int
    /// Bytes of HTML that are read; the rest is ignored.
    public let maximumInputSize: Int

    public init(width: Int, maximumOutputSize: Int = 1 << 20, maximumInputSize: Int = 8 << 20) {
        self.width = width
        self.maximumOutputSize = max(maximumOutputSize, 1)
        self.maximumInputSize = max(maximumInputSize, 0)
    }

    /// Renders `html`, resolving relative links against `baseURL` (the item's link, else the
    /// feed's). Safe to call from several threads at once: each call parses its own document.
    public func render(_ html: String, baseURL: String?) -> RenderedText {
        var html = html
        return html.withUTF8 { bytes in
            let cut = bytes.count > maximumInputSize
            let input = UnsafeRawBufferPointer(bytes.utf8Prefix(maxLength: maximumInputSize))
            return HTMLDocument.withRoot(of: input, encoding: "UTF-8") { root, complete in
                let cut = cut || !complete
                guard let root else { return RenderedText(text: cut ? "[…]" : "", links: [], isTruncated: cut) }
                let walker = HTMLTextWalker(width: width > 0 ? width : nil, capacity: maximumOutputSize, baseURL: baseURL)
                walker.walk(root)
                var text = Self.sanitized(walker.layout.finished())
                let truncated = cut || walker.truncated
                if truncated { text += text.isEmpty ? "[…]" : "\n\n[…]" }
                return RenderedText(text: text, links: walker.links.urls, isTruncated: truncated, images: walker.imageNumbers)
            }
        }
    }

    /// `text` without control characters or bidi overrides. `TextSanitizer` also trims the
    /// ends, which would eat the indentation of a first line of code; a guard character in front
    /// keeps it.
    private static func sanitized(_ text: String) -> String {
        let cleaned = TextSanitizer.clean("|" + text, layout: .multiline)
        return String(cleaned.dropFirst())
    }
}
