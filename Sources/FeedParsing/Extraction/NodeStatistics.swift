internal import CLibXML2

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

    /// Each counted element's counts, at the number its node's `_private` field holds (plus
    /// one): libxml2 leaves that field to the application, and an array read by it costs less
    /// than a dictionary keyed by node (a tenth of an extraction went to hashing).
    private var counts: [Counts] = []
    private var verdicts: [ExtractionPatterns.Verdict?] = []
    let names: ElementNames

    /// Counts every element under `root`. libxml2 builds no tree deeper than 256 elements, which
    /// bounds the recursion.
    init(root: HTMLNode, names: ElementNames) {
        self.names = names
        _ = count(root, insideLink: false)
        verdicts = Array(repeating: nil, count: counts.count)
    }

    /// The element's number among the counted ones, or `nil` for a node the walk did not count
    /// (a text node, or an element the scorer made).
    private func number(of node: HTMLNode) -> Int? {
        guard let stored = node.pointer.pointee._private else { return nil }
        let number = Int(bitPattern: stored) - 1
        return number >= 0 && number < counts.count ? number : nil
    }

    /// What the element's `class` and `id` say, matched once per element.
    func verdict(of node: HTMLNode) -> ExtractionPatterns.Verdict {
        guard let number = number(of: node) else { return ExtractionPatterns.verdict(node.classAndID) }
        if let known = verdicts[number] { return known }
        let verdict = ExtractionPatterns.verdict(node.classAndID)
        verdicts[number] = verdict
        return verdict
    }

    /// The element's name, from the document's cache.
    func name(of node: HTMLNode) -> String { names.name(of: node) }

    func tag(of node: HTMLNode) -> ElementNames.Tag { names.tag(of: node) }

    /// Elements whose content is never text a reader sees.
    func isSkipped(_ node: HTMLNode) -> Bool { Self.isSkipped(names.tag(of: node)) }

    subscript(node: HTMLNode) -> Counts { number(of: node).map { counts[$0] } ?? Counts() }

    private func count(_ node: HTMLNode, insideLink: Bool) -> Counts {
        var total = Counts()
        let tag = names.tag(of: node)
        let isLink = tag == .a
        var child = node.firstChild
        while let current = child {
            if current.isText {
                let (characters, commas) = Self.measure(current.textBytes)
                total.text += characters
                total.commas += commas
                if insideLink || isLink { total.linkText += characters }
            } else if current.isElement, !isSkipped(current) {
                total.add(count(current, insideLink: insideLink || isLink))
            }
            child = current.nextSibling
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
        counts.append(total)
        node.pointer.pointee._private = UnsafeMutableRawPointer(bitPattern: counts.count)
        return total
    }

    static func isSkipped(_ tag: ElementNames.Tag) -> Bool {
        switch tag {
        case .script, .style, .noscript, .template, .head, .title, .meta, .link, .svg, .math, .canvas: return true
        default: return false
        }
    }

    static func isSkipped(name: String) -> Bool { isSkipped(ElementNames.Tag(rawValue: name) ?? .other) }

    /// Characters of `bytes` with each run of whitespace counted as one, and the commas among
    /// them (Latin, Arabic, CJK and the small and fullwidth forms).
    static func measure(_ bytes: UnsafeBufferPointer<UInt8>) -> (characters: Int, commas: Int) {
        var characters = 0
        var commas = 0
        var inSpace = true
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0C:
                if !inSpace { characters += 1 }
                inSpace = true
            case 0x2C:
                commas += 1
                characters += 1
                inSpace = false
            default:
                if byte & 0xC0 != 0x80 {
                    characters += 1
                    // U+060C ، (D8 8C), U+3001 、 (E3 80 81), U+FF0C ， (EF BC 8C)
                    if byte == 0xD8, index + 1 < bytes.count, bytes[index + 1] == 0x8C { commas += 1 }
                    if byte == 0xE3, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0x81 { commas += 1 }
                    if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBC, bytes[index + 2] == 0x8C { commas += 1 }
                }
                inSpace = false
            }
            index += 1
        }
        return (characters, commas)
    }
}
