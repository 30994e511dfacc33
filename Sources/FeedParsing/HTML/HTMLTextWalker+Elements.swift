/// What each kind of element does where it starts and where it ends.
extension HTMLTextWalker {
    /// Starts `node`. Returns `true` when its content is to be walked, in which case a frame was
    /// pushed and `exit()` ends it; `false` for elements done at once (images, line breaks) or
    /// left out (scripts).
    func enter(_ node: HTMLNode) -> Bool {
        let kind = HTMLElementKind.of(node.name)
        if preformattedDepth > 0 { return enterInsidePreformatted(node, kind) }
        // Inside a table cell, blocks only separate words: the row stays on one line.
        if cellDepth > 0 {
            switch kind {
            case .block, .heading, .blockquote, .list, .listItem, .definitionTerm, .definitionDescription,
                .table, .tableRow:
                inline.appendSpace()
                frames.append(.space)
                return true
            case .lineBreak, .horizontalRule:
                inline.appendSpace()
                return false
            default:
                break
            }
        }
        switch kind {
        case .ignored:
            return false
        case .inline:
            frames.append(.none)
        case .block(let spacing):
            flush()
            layout.requestBreak(spacing)
            frames.append(.block(spacing))
        case .heading(let level):
            enterHeading(level: level)
        case .preformatted:
            startPreformatted()
        case .code:
            if isCodeBlock(node) {
                startPreformatted()
            } else {
                // Inline code between backticks, as Markdown writes it: set apart from the
                // words around it on any terminal (the reader colours it too).
                inline.appendOpening("`")
                frames.append(.inlineCode)
            }
        case .blockquote:
            flush()
            layout.requestBreak(.blank)
            frames.append(.blockquote(indented: layout.pushIndent(first: "> ", rest: "> ")))
        case .list(let ordered):
            enterList(node, ordered: ordered)
        case .listItem:
            enterListItem(node)
        case .definitionTerm:
            flush()
            layout.requestBreak(.line)
            frames.append(.block(.line))
        case .definitionDescription:
            flush()
            layout.requestBreak(.line)
            frames.append(.definitionDescription(indented: layout.pushIndent(first: "    ", rest: "    ")))
        case .table:
            enterTable()
        case .tableRow:
            enterTableRow()
        case .tableCell:
            enterTableCell(isHeading: node.isElement("th"))
        case .lineBreak:
            inline.appendLineBreak()
            return false
        case .wordBreak:
            inline.appendAttached("\u{200B}")
            frames.append(.none)
        case .horizontalRule:
            flush()
            layout.requestBreak(.blank)
            layout.writeLine(String(repeating: "-", count: min(layout.available ?? 72, 72)))
            layout.requestBreak(.blank)
            return false
        case .image:
            image(node)
            return false
        case .link:
            enterLink(node)
        case .quotation:
            inline.append("“")
            frames.append(.quotation)
        case .rubyText:
            inline.appendAttached("(")
            frames.append(.rubyText)
        case .media(let label):
            media(node, label: label)
            return false
        }
        return true
    }

    /// Ends the element entered last.
    func exit() {
        guard let frame = frames.popLast() else { return }
        switch frame {
        case .none:
            break
        case .block(let spacing):
            flush()
            layout.requestBreak(spacing)
        case .space:
            inline.appendSpace()
        case .heading(_, let indented):
            flush()
            headingLevel = nil
            if indented { layout.popIndent() }
            layout.requestBreak(.blank)
        case .preformatted:
            preformattedDepth -= 1
            if preformattedDepth == 0 {
                flushPreformatted()
                layout.requestBreak(.blank)
            }
        case .blockquote(let indented):
            flush()
            if indented { layout.popIndent() }
            layout.requestBreak(.blank)
        case .list:
            flush()
            lists.removeLast()
            layout.requestBreak(lists.isEmpty ? .blank : .line)
        case .listItem(let indented), .definitionDescription(let indented):
            flush()
            if indented { layout.popIndent() }
            layout.requestBreak(.line)
        case .table:
            exitTable()
        case .tableRow:
            flush()
            if tables.isEmpty { layout.requestBreak(.line) }
        case .tableCell(let outermost, let isHeading):
            exitTableCell(outermost: outermost, isHeading: isHeading)
        case .link(let target, let producedBefore):
            // A link that shows nothing (an anchor next to a heading) gets no number either, nor
            // one around an image that already has the number (a link to the full picture).
            if let target, produced > producedBefore, let number = links.number(for: target), number != imageNumberInLink {
                appendAttached("[\(number)]")
            }
            imageNumberInLink = nil
        case .quotation:
            inline.appendAttached("”")
        case .inlineCode:
            inline.appendAttached("`")
        case .rubyText:
            inline.appendAttached(")")
        }
    }

    // MARK: - Elements

    private func enterInsidePreformatted(_ node: HTMLNode, _ kind: HTMLElementKind) -> Bool {
        switch kind {
        case .ignored:
            return false
        case .lineBreak:
            [UInt8(0x0A)].withUnsafeBufferPointer { appendPreformatted($0) }
            return false
        case .image:
            image(node)
            return false
        case .media(let label):
            media(node, label: label)
            return false
        case .link:
            enterLink(node)
        case .preformatted:
            preformattedDepth += 1
            frames.append(.preformatted)
        default:
            frames.append(.none)
        }
        return true
    }

    private func startPreformatted() {
        flush()
        layout.requestBreak(.blank)
        preformattedDepth += 1
        frames.append(.preformatted)
    }

    private func enterHeading(level: Int) {
        flush()
        layout.requestBreak(.blank)
        var indented = false
        if level >= 3 {
            // Levels 1 and 2 are underlined (see `flush`); the others are marked as Markdown does.
            let marker = String(repeating: "#", count: level) + " "
            indented = layout.pushIndent(first: marker, rest: String(repeating: " ", count: marker.count))
        }
        headingLevel = level
        frames.append(.heading(level: level, indented: indented))
    }

    private func enterLink(_ node: HTMLNode) {
        let target = node.attribute("href").flatMap { links.resolve($0) }
        imageNumberInLink = nil
        frames.append(.link(target: target, producedBefore: produced))
    }

    /// `[image: alt][2]`, numbered with the image's own `http` or `https` URL (`src`, else the
    /// `data-src` of a lazily loaded image); tracking pixels and spacers (one pixel wide or
    /// high) are left out. An image inside a link keeps its own number, and the link gets the
    /// next (`[image: alt][2][3]`): both the picture and where it leads can be opened.
    private func image(_ node: HTMLNode) {
        for dimension in [node.attribute("width"), node.attribute("height")] {
            if let size = dimension.flatMap(Self.integer), size <= 1 { return }
        }
        let alt = TextSanitizer.clean(node.attribute("alt") ?? node.attribute("title") ?? "", layout: .singleLine)
        appendWord(alt.isEmpty ? "[image]" : "[image: \(alt)]")
        let source = [node.attribute("src"), node.attribute("data-src")].lazy.compactMap { $0.flatMap(self.links.resolveMedia) }.first
        if let source, let number = links.number(for: source) {
            appendAttached("[\(number)]")
            imageNumberInLink = number
            if !imageNumbers.contains(number) { imageNumbers.append(number) }
        }
    }

    /// `[video][n]`, numbered with the media's own URL (`src` or the first `<source>`).
    private func media(_ node: HTMLNode, label: String) {
        let source = node.attribute("src") ?? node.elementChildren.first { $0.isElement("source") }?.attribute("src")
        appendWord("[\(label)]")
        if let target = source.flatMap({ links.resolve($0) }), let number = links.number(for: target) {
            appendAttached("[\(number)]")
        }
    }

    /// Whether a `<code>` is a block of code: alone in a block-level parent and spanning lines
    /// (`<p><code>line\nline</code></p>`), as some feeds write code without `<pre>`.
    private func isCodeBlock(_ node: HTMLNode) -> Bool {
        guard let parent = node.parent, parent.isElement else { return false }
        switch HTMLElementKind.of(parent.name) {
        case .inline, .link, .quotation, .tableCell: return false
        default: break
        }
        func isBlank(_ sibling: HTMLNode) -> Bool {
            sibling.isComment || (sibling.isText && sibling.textBytes.allSatisfy(\.isASCIIWhitespace))
        }
        var sibling = node.previousSibling
        while let current = sibling {
            guard isBlank(current) else { return false }
            sibling = current.previousSibling
        }
        sibling = node.nextSibling
        while let current = sibling {
            guard isBlank(current) else { return false }
            sibling = current.nextSibling
        }
        var child = node.firstChild
        while let current = child {
            if current.isText, current.textBytes.contains(0x0A) { return true }
            child = current.nextSibling
        }
        return false
    }
}
