internal import CLibXML2

/// Element names, told once per distinct name of a document: libxml2's HTML parser keeps each
/// name once in its dictionary, so the name's pointer identifies it. Each visit of an element
/// by the statistics, the scorer and the writer then costs a lookup by pointer, and its
/// switches compare `Tag`s, where comparing strings cost a call per case (bench/RESULTS.md,
/// "Article extraction").
final class ElementNames {
    private var byPointer: [UnsafePointer<xmlChar>: (name: String, tag: Tag)] = [:]

    /// The elements the extractor tells apart; `other` for the rest.
    enum Tag: String, CaseIterable {
        case a, abbr, address, article, aside, audio, blockquote, body, button, canvas, caption, code, dd, dialog, div
        case dl, dt, embed, figure, footer, form, h1, h2, h3, h4, h5, h6, head, header, html, iframe, img, input, li
        case link, main, math, menu, meta, nav, noscript, object, ol, p, pre, script, section, select, style, svg
        case table, td, template, textarea, th, thead, title, tr, ul, video
        case other

        var isHeading: Bool {
            switch self {
            case .h1, .h2, .h3, .h4, .h5, .h6: return true
            default: return false
            }
        }
    }

    /// The element's name (lowercase, as the parser wrote it); "" for other nodes.
    func name(of node: HTMLNode) -> String { entry(of: node).name }

    /// The element's tag: kept in the node's `extra` field once told (libxml2 leaves the field
    /// to XPath, which the extractor does not use), so that the many visits of one element cost
    /// a load, not a hash of its name's pointer.
    func tag(of node: HTMLNode) -> Tag {
        let kept = Int(node.pointer.pointee.extra)
        if kept > 0, kept <= Self.tags.count { return Self.tags[kept - 1] }
        let tag = entry(of: node).tag
        if node.isElement { node.pointer.pointee.extra = UInt16(Self.tagNumbers[tag]! + 1) }
        return tag
    }

    private static let tags = Tag.allCases
    private static let tagNumbers = Dictionary(uniqueKeysWithValues: Tag.allCases.enumerated().map { ($0.element, $0.offset) })

    private func entry(of node: HTMLNode) -> (name: String, tag: Tag) {
        guard node.isElement, let pointer = node.pointer.pointee.name else { return ("", .other) }
        if let known = byPointer[pointer] { return known }
        let name = String(cString: pointer)
        let entry = (name, Tag(rawValue: name) ?? .other)
        byPointer[pointer] = entry
        return entry
    }
}
