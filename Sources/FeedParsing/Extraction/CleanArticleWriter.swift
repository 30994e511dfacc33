import Foundation

/// Writes the chosen elements of a page as clean HTML — paragraphs, headings, lists, quotes,
/// code, tables, figures with their images and captions, links made absolute — and as plain
/// text beside it, leaving out what sits inside the article but is not of it: share bars,
/// related-article and comment blocks, forms, scripts, and blocks that read like page
/// furniture by their mix of links, images and inputs (`ConditionalCleaning`).
///
/// Output stops at `capacity` bytes of HTML (`isTruncated`).
struct CleanArticleWriter {
    let statistics: NodeStatistics
    let tree: PageTree
    let baseURL: URL?
    /// The page's title: a heading that repeats it is left out (the reader shows it above).
    let title: String?
    /// `title`'s UTF-8, searched for the headings.
    let titleBytes: [UInt8]
    let capacity: Int
    let cleaning: ConditionalCleaning

    // The state is internal for the extension in CleanArticleWriter+Text.swift; nothing
    // outside the writer sets it.
    var html: [UInt8] = []
    var text: [UInt8] = []
    var images: [String] = []
    var isTruncated = false

    var implicitParagraph = false
    /// Open blocks that hold text (`p`, `li`, …): inline content needs no paragraph of its own.
    var textBlocks = 0
    var inlineDepth = 0
    var preformatted = 0
    var pendingSpace = false
    var pendingBreak = 0
    /// Characters and images written, to tell an element that wrote nothing.
    var content = 0

    init(statistics: NodeStatistics, baseURL: URL?, title: String?, capacity: Int, cleaning: ConditionalCleaning) {
        self.statistics = statistics
        tree = statistics.tree
        self.baseURL = baseURL
        self.title = title.map(Self.normalized)
        titleBytes = Array((self.title ?? "").utf8)
        self.capacity = capacity
        self.cleaning = cleaning
    }

    /// Writes `nodes`, the article's top-level elements, in order.
    mutating func write(_ nodes: [Int]) {
        for node in nodes { write(node, isTop: true) }
        closeImplicitParagraph()
    }

    private mutating func write(_ node: Int, isTop: Bool = false) {
        guard !isTruncated else { return }
        if tree.isText(node) {
            tree.withText(node) { writeText($0) }
            return
        }
        guard tree.isElement(node) else { return }
        let tag = tree.tag(node)
        let kind = ArticleElement.of(tag)
        if kind == .dropped || tree.isHidden(node) { return }
        if !isTop, cleaning.removes(node) { return }
        switch kind {
        case .dropped:
            return
        case .container:
            writeChildren(of: node)
        case .inline:
            writeInline(node, tag: tag)
        case .void:
            writeVoid(node, tag: tag)
        case .block(let holdsText):
            if inlineDepth > 0 {
                // A block inside a link or emphasis: its content only, so the HTML stays nested.
                writeChildren(of: node)
            } else if tag.isHeading, repeatsTitle(node) {
                return
            } else {
                writeBlock(node, tag: tag == .h1 ? .h2 : tag, holdsText: holdsText)
            }
        }
    }

    private mutating func writeChildren(of node: Int) {
        var child = tree.firstChild(node)
        while child != PageTree.none {
            write(child)
            child = tree.next(child)
        }
    }

    private mutating func writeBlock(_ node: Int, tag: PageTag, holdsText: Bool) {
        closeImplicitParagraph()
        let mark = (html.count, text.count, content, pendingBreak)
        let name = tag.name
        textBreak(ArticleElement.separatesWithBlankLine(tag) ? 2 : 1)
        html.append(0x3C)
        html.append(contentsOf: name.utf8)
        switch tag {
        case .td, .th, .ol, .pre: html.append(contentsOf: blockAttributes(node, tag: tag).utf8)
        default: break
        }
        append(">")
        if holdsText { textBlocks += 1 }
        if tag == .pre { preformatted += 1 }
        pendingSpace = false
        writeChildren(of: node)
        closeImplicitParagraph()
        if tag == .pre { preformatted -= 1 }
        if holdsText { textBlocks -= 1 }
        if content == mark.2, tag != .td, tag != .th {
            // Nothing in it: no empty paragraph, list or table.
            html.removeSubrange(mark.0...)
            text.removeSubrange(mark.1...)
            pendingBreak = mark.3
            return
        }
        append("</\(name)>")
        textBreak(ArticleElement.separatesWithBlankLine(tag) ? 2 : 1)
        pendingSpace = false
    }

    private mutating func writeInline(_ node: Int, tag: PageTag) {
        let name = tag.name
        var open = "<\(name)>"
        if tag == .a {
            guard let href = tree.attribute(.href, of: node).flatMap({ LinkReferences.resolve($0, against: baseURL, schemes: ["http", "https", "mailto"]) })
            else {
                writeChildren(of: node)
                return
            }
            open = "<a href=\"\(Self.escaped(href))\">"
        } else if tag == .code, let language = language(of: node) {
            open = "<code class=\"language-\(Self.escaped(language))\">"
        }
        // An element that writes nothing (an empty link, an icon's <i>) leaves no trace, not even
        // the paragraph it would have opened.
        let mark = (html: html.count, text: text.count, content: content, paragraph: implicitParagraph, breaks: pendingBreak, space: pendingSpace)
        openImplicitParagraphIfNeeded()
        flushSpace()
        append(open)
        inlineDepth += 1
        writeChildren(of: node)
        inlineDepth -= 1
        if content == mark.content {
            html.removeSubrange(mark.html...)
            text.removeSubrange(mark.text...)
            implicitParagraph = mark.paragraph
            pendingBreak = mark.breaks
            pendingSpace = mark.space || pendingSpace
            return
        }
        append("</\(name)>")
    }

    private mutating func writeVoid(_ node: Int, tag: PageTag) {
        switch tag {
        case .br:
            guard textBlocks > 0 || implicitParagraph else { return }
            // Line breaks in a row end a paragraph at most: never more than one blank line.
            guard !text.suffix(2).elementsEqual([0x0A, 0x0A]) else { return }
            append("<br>")
            while text.last == 0x20 { text.removeLast() }
            text.append(0x0A)
            pendingSpace = false
        case .hr:
            guard inlineDepth == 0 else { return }
            closeImplicitParagraph()
            append("<hr>")
            textBreak(2)
        default:
            guard let source = ImageSource.of(node, in: tree, baseURL: baseURL) else { return }
            openImplicitParagraphIfNeeded()
            flushSpace()
            let alt = tree.attribute(.alt, of: node).map { TextSanitizer.clean($0, layout: .singleLine) } ?? ""
            append("<img src=\"\(Self.escaped(source))\" alt=\"\(Self.escaped(alt))\">")
            images.append(source)
            content += 1
        }
    }
}
