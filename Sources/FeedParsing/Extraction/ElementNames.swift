internal import CLibXML2

/// Element names as Swift strings, made once per distinct name of a document: libxml2's HTML
/// parser keeps each name once in its dictionary, so the name's pointer identifies it, and a
/// lookup by pointer costs less than building the string again (which every element's visit by
/// the statistics, the scorer and the writer would otherwise do).
final class ElementNames {
    private var byPointer: [UnsafePointer<xmlChar>: String] = [:]

    /// The element's name (lowercase, as the parser wrote it); "" for other nodes.
    func name(of node: HTMLNode) -> String {
        guard node.isElement, let pointer = node.pointer.pointee.name else { return "" }
        if let known = byPointer[pointer] { return known }
        let name = String(cString: pointer)
        byPointer[pointer] = name
        return name
    }
}
