/// What an HTML element means for the text rendering.
enum HTMLElementKind {
    /// Not rendered, nor anything inside it: scripts, styles, embedded documents, form controls.
    case ignored
    /// Rendered as its content (`span`, `em`, unknown elements).
    case inline
    /// A block that starts on its own line and ends its own line, with a blank line around it
    /// (`p`) or not (`div`).
    case block(TextLayout.Break)
    case heading(level: Int)
    /// `pre` and its old synonyms: text kept as written.
    case preformatted
    /// `code`, which is a block of preformatted text when it stands alone and spans lines.
    case code
    case blockquote
    case list(ordered: Bool)
    case listItem
    case definitionTerm
    case definitionDescription
    case table
    case tableRow
    case tableCell
    case lineBreak
    /// `<wbr>`. Walked into like a container: libxml2 puts what follows it inside.
    case wordBreak
    case horizontalRule
    case image
    case link
    case quotation
    /// `<rt>`, a ruby annotation (the reading of the characters before it), shown in
    /// parentheses after them as browsers without ruby support do; `<rp>` is left out.
    case rubyText
    /// `video` or `audio`: a placeholder and a link to the media; the fallback content inside
    /// ("your browser does not support…") is not rendered.
    case media(label: String)

    static func of(_ name: String) -> HTMLElementKind {
        byName[name] ?? .inline
    }

    private static let byName: [String: HTMLElementKind] = {
        var table: [String: HTMLElementKind] = [:]
        for name in [
            "script", "style", "noscript", "iframe", "frame", "frameset", "noframes", "noembed", "template",
            "head", "title", "meta", "link", "base", "object", "applet", "param", "svg", "canvas",
            "map", "area", "input", "select", "option", "optgroup", "textarea", "button", "datalist",
            "col", "colgroup", "dialog", "rp",
        ] {
            table[name] = .ignored
        }
        // Not here: <embed>, <source> and <track> are void in HTML5, but libxml2 knows only HTML 4
        // and makes them containers of whatever follows; they stay `.inline` so that is rendered.
        for name in ["p", "dl", "figure", "address", "details", "fieldset", "hgroup"] {
            table[name] = .block(.blank)
        }
        for name in [
            "html", "body", "div", "section", "article", "header", "footer", "main", "nav", "aside", "center",
            "figcaption", "summary", "legend", "form", "caption", "search",
        ] {
            table[name] = .block(.line)
        }
        for level in 1...6 { table["h\(level)"] = .heading(level: level) }
        for name in ["pre", "listing", "xmp", "plaintext"] { table[name] = .preformatted }
        table["code"] = .code
        table["blockquote"] = .blockquote
        table["ul"] = .list(ordered: false)
        table["menu"] = .list(ordered: false)
        table["dir"] = .list(ordered: false)
        table["ol"] = .list(ordered: true)
        table["li"] = .listItem
        table["dt"] = .definitionTerm
        table["dd"] = .definitionDescription
        table["table"] = .table
        table["tr"] = .tableRow
        table["td"] = .tableCell
        table["th"] = .tableCell
        table["br"] = .lineBreak
        table["wbr"] = .wordBreak
        table["hr"] = .horizontalRule
        table["img"] = .image
        table["a"] = .link
        table["q"] = .quotation
        table["rt"] = .rubyText
        table["video"] = .media(label: "video")
        table["audio"] = .media(label: "audio")
        return table
    }()
}
