/// Counts per element of a page, made in one walk: its text (in characters, whitespace
/// collapsed), the part of it inside links, its commas, paragraphs, images, list items and
/// form inputs. The scorer and the cleaner read them instead of walking subtrees again, so an
/// extraction stays linear in the page's size.
final class NodeStatistics {
    struct Counts {
        var text = 0
        var linkText = 0
        var commas = 0
        var paragraphs = 0
        var images = 0
        var listItems = 0
        var inputs = 0
        var embeds = 0
        var headings = 0
        /// `th`, `thead` and `caption` elements, and table rows: what tells a data table.
        var tableHeaders = 0
        var tableRows = 0

        /// The share of the text that is link text, 0 for an element without text.
        var linkDensity: Double { text == 0 ? 0 : Double(linkText) / Double(text) }

        mutating func add(_ other: Counts) {
            text += other.text
            linkText += other.linkText
            commas += other.commas
            paragraphs += other.paragraphs
            images += other.images
            listItems += other.listItems
            inputs += other.inputs
            embeds += other.embeds
            headings += other.headings
            tableHeaders += other.tableHeaders
            tableRows += other.tableRows
        }
    }

    /// Each node's counts and `class`/`id` verdict, at its number in the tree (zero counts for
    /// text and for what the walk skipped).
    private let counts: [Counts]
    private var verdicts: [ExtractionPatterns.Verdict?]
    let tree: PageTree

    /// Counts every element under `root`. The tree is at most 256 elements deep
    /// (`PageTreeBuilder`), which bounds the recursion.
    init(tree: PageTree, root: Int) {
        self.tree = tree
        var counts = Array(repeating: Counts(), count: tree.count)
        let total = tree.bytes.withUnsafeBufferPointer { bytes in
            Self.count(root, insideLink: false, tree, bytes, into: &counts)
        }
        // What holds the walk's root (`<html>` around `<body>`) holds its text, as far as the
        // scorer asks: the rest of it (`<head>`) is never text a reader sees.
        var ancestor = tree.parent(root)
        while ancestor > PageTree.document {
            counts[ancestor] = total
            ancestor = tree.parent(ancestor)
        }
        self.counts = counts
        verdicts = Array(repeating: nil, count: tree.count)
    }

    /// What the element's `class` and `id` say, matched once per element.
    func verdict(of node: Int) -> ExtractionPatterns.Verdict {
        if let known = verdicts[node] { return known }
        let verdict = ExtractionPatterns.verdict(tree.classAndID(node))
        verdicts[node] = verdict
        return verdict
    }

    func tag(of node: Int) -> PageTag { tree.tag(node) }

    /// Elements whose content is never text a reader sees.
    func isSkipped(_ node: Int) -> Bool { tree.tag(node).isSkipped }

    subscript(node: Int) -> Counts { counts[node] }

    /// Counts under `node` into `counts`, a local array while the walk runs (a stored property
    /// of this class would cost an exclusivity check per element).
    private static func count(
        _ node: Int, insideLink: Bool, _ tree: PageTree, _ bytes: UnsafeBufferPointer<UInt8>, into counts: inout [Counts]
    ) -> Counts {
        var total = Counts()
        let tag = tree.tag(node)
        let isLink = tag == .a
        var child = tree.firstChild(node)
        while child != PageTree.none {
            let entry = tree.nodes[child]
            if entry.isText {
                let (characters, commas) = Self.measure(UnsafeBufferPointer(rebasing: bytes[Int(entry.start)..<Int(entry.start + entry.count)]))
                total.text += characters
                total.commas += commas
                if insideLink || isLink { total.linkText += characters }
            } else if !entry.tag.isSkipped {
                total.add(count(child, insideLink: insideLink || isLink, tree, bytes, into: &counts))
            }
            child = Int(entry.next)
        }
        switch tag {
        case .p: total.paragraphs += 1
        case .img: total.images += 1
        case .li: total.listItems += 1
        case .input, .select, .textarea, .button: total.inputs += 1
        case .iframe, .object, .embed, .video, .audio: total.embeds += 1
        case .h1, .h2, .h3, .h4, .h5, .h6: total.headings += 1
        case .th, .thead, .caption: total.tableHeaders += 1
        case .tr: total.tableRows += 1
        default: break
        }
        counts[node] = total
        return total
    }

    /// Characters of `bytes` with each run of whitespace counted as one, and the commas among
    /// them (Latin, Arabic, CJK and the small and fullwidth forms).
    static func measure(_ bytes: UnsafeBufferPointer<UInt8>) -> (characters: Int, commas: Int) {
        kinds.withUnsafeBufferPointer { kinds in
            var characters = 0
            var commas = 0
            // 1 after whitespace (and at the start), else 0: a space counts when it ends a word.
            var afterSpace = 1
            let count = bytes.count
            for index in 0..<count {
                let byte = bytes[index]
                let kind = Int(kinds[Int(byte)])
                let space = kind & Self.space
                characters += (kind >> 1 & 1) + (space & (afterSpace ^ 1))
                commas += kind >> 2 & 1
                afterSpace = space
                if kind & Self.maybeComma != 0 {
                    // U+060C ، (D8 8C), U+3001 、 (E3 80 81), U+FF0C ， (EF BC 8C)
                    let second = index + 1 < count ? bytes[index + 1] : 0
                    let third = index + 2 < count ? bytes[index + 2] : 0
                    if (byte == 0xD8 && second == 0x8C) || (byte == 0xE3 && second == 0x80 && third == 0x81)
                        || (byte == 0xEF && second == 0xBC && third == 0x8C)
                    {
                        commas += 1
                    }
                }
            }
            return (characters, commas)
        }
    }

    /// Bits of `kinds`: whitespace; a character's first byte (not whitespace); a comma; a lead
    /// byte of the non-Latin commas.
    private static let space = 1, lead = 2, comma = 4, maybeComma = 8

    /// What each byte is to `measure`, looked up so that its loop has no branch for ASCII.
    private static let kinds: [UInt8] = (0..<256).map { byte -> UInt8 in
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D, 0x0C: return UInt8(space)
        case 0x2C: return UInt8(lead | comma)
        case 0xD8, 0xE3, 0xEF: return UInt8(lead | maybeComma)
        case 0x80...0xBF: return 0
        default: return UInt8(lead)
        }
    }
}
