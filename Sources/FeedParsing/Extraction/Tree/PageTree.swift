/// A parsed page as the extractor keeps it: its elements and text in flat arrays, built from
/// libxml2's HTML parser's events (`PageTreeBuilder`) instead of libxml2's own tree, which
/// cost as much again as the parse (bench/RESULTS.md, "Article extraction").
///
/// A node is its index in `nodes`; 0 is the document, whose children are the root element.
/// Text and the values of the attributes the extractor reads (`PageAttribute`) sit in one byte
/// array; comments and other attributes are not kept. Per-node arrays of the later stages
/// (counts, scores) are indexed by the same numbers. Read-only once built, so the stages share
/// it without copying or locking.
final class PageTree {
    struct Node {
        var parent: Int32
        var firstChild: Int32 = -1
        var lastChild: Int32 = -1
        var next: Int32 = -1
        /// For an element, the range of its attributes in `attributes`; for text, of its bytes.
        var start: Int32
        var count: Int32 = 0
        /// `.other` also for text: `isText` tells them apart.
        var tag: PageTag
        var isText: Bool
    }

    struct Attribute {
        var name: PageAttribute
        var start: Int32
        var count: Int32
    }

    static let document = 0
    static let none = -1

    let nodes: [Node]
    let attributes: [Attribute]
    let bytes: [UInt8]

    init(nodes: [Node], attributes: [Attribute], bytes: [UInt8]) {
        self.nodes = nodes
        self.attributes = attributes
        self.bytes = bytes
    }

    var count: Int { nodes.count }

    func isText(_ node: Int) -> Bool { nodes[node].isText }
    func isElement(_ node: Int) -> Bool { node != Self.document && !nodes[node].isText }
    func tag(_ node: Int) -> PageTag { nodes[node].tag }
    func parent(_ node: Int) -> Int { Int(nodes[node].parent) }
    func firstChild(_ node: Int) -> Int { Int(nodes[node].firstChild) }
    func next(_ node: Int) -> Int { Int(nodes[node].next) }

    /// The root element (`html`), or `nil` for a page without elements.
    var root: Int? {
        var child = firstChild(Self.document)
        while child != Self.none, !isElement(child) { child = next(child) }
        return child == Self.none ? nil : child
    }

    /// A text node's bytes (UTF-8), to read while the tree is not changed.
    func withText<Result>(_ node: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let entry = nodes[node]
        return bytes.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[Int(entry.start)..<Int(entry.start + entry.count)]))
        }
    }

    /// The byte range in `bytes` of attribute `name`'s value; `nil` when the element lacks it.
    func attributeRange(_ name: PageAttribute, of node: Int) -> Range<Int>? {
        let entry = nodes[node]
        guard !entry.isText, entry.count > 0 else { return nil }
        for index in Int(entry.start)..<Int(entry.start + entry.count) where attributes[index].name == name {
            let attribute = attributes[index]
            return Int(attribute.start)..<Int(attribute.start + attribute.count)
        }
        return nil
    }

    func has(_ name: PageAttribute, _ node: Int) -> Bool { attributeRange(name, of: node) != nil }

    /// The value of attribute `name` (entities decoded), `nil` when absent.
    func attribute(_ name: PageAttribute, of node: Int) -> String? {
        attributeRange(name, of: node).map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// Whether attribute `name`'s value is `literal`, ASCII letters compared without case.
    func attribute(_ name: PageAttribute, of node: Int, equalsIgnoringCase literal: StaticString) -> Bool {
        guard let range = attributeRange(name, of: node), range.count == literal.utf8CodeUnitCount else { return false }
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        var offset = 0
        for index in range {
            let byte = bytes[index]
            if (byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte) != expected[offset] { return false }
            offset += 1
        }
        return true
    }

    /// The element children of `node`, in document order.
    func elementChildren(_ node: Int) -> ElementChildren { ElementChildren(tree: self, cursor: firstChild(node)) }

    struct ElementChildren: Sequence, IteratorProtocol {
        let tree: PageTree
        var cursor: Int

        mutating func next() -> Int? {
            while cursor != PageTree.none {
                let current = cursor
                cursor = tree.next(current)
                if !tree.nodes[current].isText { return current }
            }
            return nil
        }
    }

    /// Whether `ancestor` holds `node` somewhere below it.
    func isAncestor(_ ancestor: Int, of node: Int) -> Bool {
        var current = parent(node)
        while current > Self.document {
            if current == ancestor { return true }
            current = parent(current)
        }
        return false
    }

    /// Whether an element above `node` has tag `tag`.
    func hasAncestor(_ tag: PageTag, of node: Int) -> Bool {
        var current = parent(node)
        while current > Self.document {
            if nodes[current].tag == tag { return true }
            current = parent(current)
        }
        return false
    }
}
