/// What the cleaned article keeps of an element of the page.
enum ArticleElement: Equatable {
    /// Left out with everything inside it: scripts, forms, navigation, embedded documents.
    case dropped
    /// Its content is kept, its tag is not (`div`, `section`, `span`, unknown elements); text
    /// written straight into a block of these becomes a paragraph of its own.
    case container
    /// A block kept as it is; `holdsText` when text may stand in it directly (`p`, `li`, `td`).
    case block(holdsText: Bool)
    /// Inline markup kept around its text (`em`, `code`, `a`).
    case inline
    /// An element without content (`br`, `hr`, `img`).
    case void

    static func of(_ tag: PageTag) -> ArticleElement {
        byTag[Int(tag.rawValue)]
    }

    private static let byTag: [ArticleElement] = {
        var table: [String: ArticleElement] = [:]
        for name in [
            "script", "style", "noscript", "template", "head", "title", "meta", "link", "base", "svg", "math",
            "canvas", "iframe", "frame", "frameset", "object", "embed", "applet", "param", "form", "button",
            "input", "select", "option", "textarea", "label", "nav", "aside", "footer", "header", "dialog", "menu",
            "video", "audio", "source", "track", "map", "area", "datalist", "output", "progress", "meter", "fieldset",
            "legend",
        ] {
            table[name] = .dropped
        }
        for name in ["p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "dt", "dd", "td", "th", "figcaption", "caption", "pre", "address", "figure"] {
            table[name] = .block(holdsText: true)
        }
        for name in ["ul", "ol", "dl", "blockquote", "table", "thead", "tbody", "tfoot", "tr"] {
            table[name] = .block(holdsText: false)
        }
        for name in [
            "a", "em", "strong", "b", "i", "u", "s", "sub", "sup", "small", "mark", "abbr", "q", "cite", "kbd", "samp",
            "var", "del", "ins", "time", "code", "dfn", "bdi", "ruby", "rt",
        ] {
            table[name] = .inline
        }
        for name in ["br", "hr", "img"] { table[name] = .void }
        precondition(table.keys.allSatisfy { name in PageTag.allCases.contains { $0.name == name } })
        return PageTag.allCases.map { table[$0.name] ?? .container }
    }()

    /// Blocks followed by a blank line in the text form.
    static func separatesWithBlankLine(_ tag: PageTag) -> Bool {
        switch tag {
        case .li, .dt, .dd, .tr, .td, .th, .figcaption, .caption: return false
        default: return true
        }
    }
}
