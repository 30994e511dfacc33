import FeedEntities

/// Writes finished lines with their block prefixes and the vertical space between blocks.
///
/// Blocks ask for space before and after themselves (`requestBreak`); the space is written only
/// when the next line is, so nothing dangles at the end and a quote's closing blank line is not
/// drawn inside the quote. A request made before anything was written since the last break is
/// dropped, which keeps `<li><p>` or `<blockquote><p>` from opening with an empty line.
///
/// Prefixes (a quote's `> `, a list item's `1. ` then `   `) stack. Each has the same width on
/// its first line as on the others, so every line of a block has the same room. Together they
/// never take more than half the width: deeper nesting is still rendered, without more indent.
struct TextLayout {
    enum Break: Int, Comparable {
        case none = 0
        /// Start a new line.
        case line = 1
        /// Leave one blank line.
        case blank = 2

        static func < (lhs: Break, rhs: Break) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    private struct Indent {
        var first: String
        var rest: String
        var width: Int
        var firstUsed = false
    }

    /// Columns to wrap at; `nil` for no wrapping.
    let width: Int?
    /// Bytes of output after which `isFull` turns true.
    let capacity: Int
    private(set) var output = ""
    private var indents: [Indent] = []
    private var indentWidth = 0
    private var pending = Break.none
    private var wroteSinceBreak = false

    init(width: Int?, capacity: Int) {
        self.width = width
        self.capacity = capacity
    }

    var isFull: Bool { output.utf8.count >= capacity }

    /// Columns left for text after the prefixes; `nil` when not wrapping.
    var available: Int? {
        width.map { max($0 - indentWidth, 1) }
    }

    mutating func requestBreak(_ kind: Break) {
        guard wroteSinceBreak else { return }
        pending = max(pending, kind)
    }

    /// Adds a prefix for the lines of a nested block, written on the next line, and `rest` on
    /// the lines after it; `first` must be as wide as `rest`. Returns `false`, adding nothing,
    /// when the prefixes would take more than half the width.
    @discardableResult
    mutating func pushIndent(first: String, rest: String) -> Bool {
        // Space asked for before this block belongs outside it.
        writePendingBreak()
        let added = DisplayWidth.of(rest)
        let limit = width.map { $0 / 2 } ?? 40
        guard indentWidth + added <= limit else { return false }
        indents.append(Indent(first: first, rest: rest, width: added))
        indentWidth += added
        return true
    }

    mutating func popIndent() {
        guard let indent = indents.popLast() else { return }
        indentWidth -= indent.width
    }

    /// Writes one finished line after any pending break, with the prefixes.
    mutating func writeLine(_ text: some StringProtocol) {
        writePendingBreak()
        var line = prefix(blank: false)
        line += text
        appendTrimmingTrailingSpaces(line)
        wroteSinceBreak = true
    }

    /// The text as written so far.
    func finished() -> String {
        output
    }

    // MARK: - Private

    private mutating func writePendingBreak() {
        defer { pending = .none }
        guard pending == .blank else { return }
        appendTrimmingTrailingSpaces(prefix(blank: true))
        wroteSinceBreak = false
    }

    /// The prefixes of the next line. A blank line keeps only the visible part (`>` of a quote)
    /// and does not use up a list item's marker.
    private mutating func prefix(blank: Bool) -> String {
        var prefix = ""
        for index in indents.indices {
            if blank || indents[index].firstUsed {
                prefix += indents[index].rest
            } else {
                prefix += indents[index].first
                indents[index].firstUsed = true
            }
        }
        return prefix
    }

    private mutating func appendTrimmingTrailingSpaces(_ line: String) {
        var end = line.endIndex
        while end > line.startIndex, line[line.index(before: end)] == " " { end = line.index(before: end) }
        output += line[..<end]
        output.append("\n")
    }
}
