internal import CLibXML2

/// A node of a parsed HTML tree. Valid only inside `HTMLDocument.withRoot`.
struct HTMLNode {
    let pointer: xmlNodePtr

    var isElement: Bool { pointer.pointee.type == XML_ELEMENT_NODE }
    var isComment: Bool { pointer.pointee.type == XML_COMMENT_NODE }
    var isText: Bool {
        pointer.pointee.type == XML_TEXT_NODE || pointer.pointee.type == XML_CDATA_SECTION_NODE
    }

    var firstChild: HTMLNode? { pointer.pointee.children.map(HTMLNode.init) }
    var nextSibling: HTMLNode? { pointer.pointee.next.map(HTMLNode.init) }
    var previousSibling: HTMLNode? { pointer.pointee.prev.map(HTMLNode.init) }
    var parent: HTMLNode? { pointer.pointee.parent.map(HTMLNode.init) }

    /// The element's name; libxml2's HTML parser has already lowercased it.
    var name: String {
        guard let name = pointer.pointee.name else { return "" }
        return String(cString: name)
    }

    /// Whether this is an element called `literal` (lowercase), compared without allocating.
    func isElement(_ literal: StaticString) -> Bool {
        guard isElement, let name = pointer.pointee.name else { return false }
        return CString.equals(name, literal)
    }

    /// A text node's content as UTF-8, empty for other nodes.
    var textBytes: UnsafeBufferPointer<UInt8> {
        guard let content = pointer.pointee.content else { return UnsafeBufferPointer(start: nil, count: 0) }
        return CString.bytes(content)
    }

    /// The value of attribute `literal` (lowercase), entities decoded; `nil` when absent.
    func attribute(_ literal: StaticString) -> String? {
        var attribute = pointer.pointee.properties
        while let current = attribute {
            if let name = current.pointee.name, CString.equals(name, literal) {
                var value = ""
                var child = current.pointee.children
                while let text = child {
                    if let content = text.pointee.content { value += String(cString: content) }
                    child = text.pointee.next
                }
                return value
            }
            attribute = current.pointee.next
        }
        return nil
    }

    /// The element children, in document order.
    var elementChildren: some Sequence<HTMLNode> {
        sequence(state: firstChild) { next -> HTMLNode? in
            guard let node = next else { return nil }
            next = node.nextSibling
            return node
        }.lazy.filter(\.isElement)
    }
}

extension HTMLNode {
    /// Calls `body` with every element from this one down, in document order, without recursing.
    func forEachElement(_ body: (HTMLNode) -> Void) {
        var next: HTMLNode? = self
        while let node = next {
            if node.isElement {
                body(node)
                if let child = node.firstChild {
                    next = child
                    continue
                }
            }
            var done = node
            next = nil
            while done.pointer != pointer {
                if let sibling = done.nextSibling {
                    next = sibling
                    break
                }
                guard let parent = done.parent else { break }
                done = parent
            }
        }
    }
}
