import FeedEntities

/// Walks a parsed HTML tree once, in document order, and lays its content out as text.
///
/// The walk follows the tree's own child, sibling and parent links instead of recursing, so no
/// document can exhaust the stack. Each element entered pushes a `Frame` that says what its end
/// must undo (an indent, a list, a table cell) or add (a link number, an underline).
///
/// Text goes into one of two buffers: `inline` collects the running text of the current block,
/// whitespace collapsed, until a block boundary wraps it into lines; `preformatted` collects the
/// text of a `<pre>` exactly as written.
final class HTMLTextWalker {
    enum Frame {
        case none
        case block(TextLayout.Break)
        /// A block inside a table cell, where blocks only separate words.
        case space
        case heading(level: Int, indented: Bool)
        case preformatted
        case blockquote(indented: Bool)
        case list
        case listItem(indented: Bool)
        case definitionDescription(indented: Bool)
        case table
        case tableRow
        case tableCell(outermost: Bool, isHeading: Bool)
        case link(target: String?, producedBefore: Int)
        case quotation
        case inlineCode
        case rubyText
    }

    struct ListState {
        var ordered: Bool
        var next: Int
        var step: Int
        var numbering: ListMarker.Numbering
        var markerWidth: Int
    }

    var layout: TextLayout
    var inline: InlineText
    var preformatted: [UInt8] = []
    var preformattedDepth = 0
    var preformattedWritten = 0
    var preformattedOverflowed = false
    var cellDepth = 0
    var cellsInRow = 0
    /// The tables being read, innermost last (one, as a table in a cell is read as its text).
    var tables: [TableLayout] = []
    /// Bytes of cell text held in `tables`, which counts against `capacity` as written text.
    var tableBytes = 0
    var tableOverflowed = false
    /// The number the last image inside the current link got, which the link does not repeat.
    var imageNumberInLink: Int?
    /// The link numbers of images' sources, in the order the images came.
    var imageNumbers: [Int] = []
    var headingLevel: Int?
    var lists: [ListState] = []
    var links: LinkReferences
    var frames: [Frame] = []
    let capacity: Int

    init(width: Int?, capacity: Int, baseURL: String?) {
        self.capacity = capacity
        layout = TextLayout(width: width, capacity: capacity)
        inline = InlineText(capacity: capacity)
        links = LinkReferences(baseURL: baseURL)
    }

    /// Whether the output reached its cap and the rest of the document was left out.
    private(set) var truncated = false

    /// Bytes of visible text produced so far, in either buffer.
    var produced: Int { inline.written + preformattedWritten }

    /// Renders the element `root` and everything below it.
    func walk(_ root: HTMLNode) {
        var next: HTMLNode? = root
        while let node = next, !isFull {
            if node.isElement {
                if enter(node) {
                    if let child = node.firstChild {
                        next = child
                        continue
                    }
                    exit()
                }
            } else if node.isText {
                text(node.textBytes)
            }
            // Done with `node`: on to its next sibling, ending the elements that run out.
            var done = node
            next = nil
            while done.pointer != root.pointer {
                if let sibling = done.nextSibling {
                    next = sibling
                    break
                }
                guard let parent = done.parent else { break }
                exit()
                done = parent
            }
        }
        truncated = isFull
        // Whatever a truncated walk left open still gets written.
        flushPreformatted()
        flush()
        while !tables.isEmpty { exitTable() }
    }

    /// Whether a limit was reached: the output is long enough, or a buffer dropped text.
    private var isFull: Bool {
        layout.isFull || inline.overflowed || preformattedOverflowed || tableOverflowed
    }

    private func text(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !bytes.isEmpty else { return }
        if preformattedDepth > 0 {
            appendPreformatted(bytes)
        } else {
            inline.appendCollapsing(bytes)
        }
    }

    // MARK: - Writing

    /// Appends generated text (an image placeholder) to the current buffer as a word of its own.
    func appendWord(_ word: String) {
        if preformattedDepth > 0 {
            var word = word
            word.withUTF8 { appendPreformatted($0) }
        } else {
            inline.appendSpace()
            inline.append(word)
            inline.appendSpace()
        }
    }

    /// Appends generated text directly after what precedes it (a link number).
    func appendAttached(_ text: String) {
        if preformattedDepth > 0 {
            var text = text
            text.withUTF8 { appendPreformatted($0) }
        } else {
            inline.appendAttached(text)
        }
    }

    func appendPreformatted(_ bytes: UnsafeBufferPointer<UInt8>) {
        let room = capacity - preformatted.count
        guard room > 0 else { return }
        let kept = bytes.utf8Prefix(maxLength: room)
        preformatted.append(contentsOf: kept)
        preformattedWritten += kept.count
        if kept.count < bytes.count { preformattedOverflowed = true }
    }

    /// Wraps the running text into lines; a heading's lines are underlined.
    func flush() {
        guard !inline.isBlank else {
            _ = inline.take()
            return
        }
        var lines = inline.take().split(separator: "\n", omittingEmptySubsequences: false)
        while lines.first?.allSatisfy(\.isSpace) == true { lines.removeFirst() }
        while lines.last?.allSatisfy(\.isSpace) == true { lines.removeLast() }
        var widest = 0
        for line in lines {
            let wrapped = LineWrapper.wrap(String(line), width: layout.available)
            for part in wrapped {
                layout.writeLine(part)
                widest = max(widest, DisplayWidth.of(part))
            }
        }
        if let level = headingLevel, level <= 2, widest > 0 {
            layout.writeLine(String(repeating: level == 1 ? "=" : "-", count: widest))
        }
    }

    /// Writes a finished `<pre>` block line by line, unwrapped.
    func flushPreformatted() {
        guard !preformatted.isEmpty else { return }
        var text = String(decoding: preformatted, as: UTF8.self)
        preformatted.removeAll(keepingCapacity: true)
        if text.contains("\r") {
            text = text.replacing("\r\n", with: "\n").replacing("\r", with: "\n")
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // HTML drops the line break right after <pre>; the ones before </pre> show nothing.
        if lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.allSatisfy({ $0 == " " || $0 == "\t" }) == true { lines.removeLast() }
        for line in lines { layout.writeLine(Self.expandingTabs(line)) }
    }

    /// `line` with tabs turned into spaces up to the next multiple of eight columns, as a
    /// terminal would show them without a prefix in front.
    static func expandingTabs(_ line: Substring) -> String {
        guard line.contains("\t") else { return String(line) }
        var result = ""
        var column = 0
        for character in line {
            if character == "\t" {
                let spaces = 8 - column % 8
                result += String(repeating: " ", count: spaces)
                column += spaces
            } else {
                result.append(character)
                column += DisplayWidth.of(character)
            }
        }
        return result
    }
}

extension Character {
    /// A space or a no-break space, the only spacing characters left in collapsed text.
    fileprivate var isSpace: Bool { self == " " || self == "\u{A0}" }
}
