internal import CLibXML2

/// What the extractor asks of an element of the page, beyond `HTMLNode`.
extension HTMLNode {
    /// The element's `class` and `id`, lowercased ASCII, space-separated: what
    /// `ExtractionPatterns` matches.
    var classAndID: [UInt8] {
        var bytes: [UInt8] = []
        var attribute = pointer.pointee.properties
        while let current = attribute {
            if let name = current.pointee.name, CString.equals(name, "class") || CString.equals(name, "id") {
                if !bytes.isEmpty { bytes.append(0x20) }
                var child = current.pointee.children
                while let text = child {
                    if let content = text.pointee.content {
                        for byte in CString.bytes(content) {
                            bytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
                        }
                    }
                    child = text.pointee.next
                }
            }
            attribute = current.pointee.next
        }
        return bytes
    }

    /// Hidden from readers: the `hidden` attribute, `aria-hidden="true"`, or an inline style
    /// of `display: none` or `visibility: hidden` (what a page hides is not its article).
    var isHidden: Bool {
        if attribute("hidden") != nil { return true }
        if attribute("aria-hidden")?.lowercased() == "true" { return true }
        guard let style = attribute("style") else { return false }
        let compact = style.lowercased().filter { !$0.isWhitespace }
        return compact.contains("display:none") || compact.contains("visibility:hidden")
    }

    /// The element's ancestors, its parent first, up to the root element.
    var ancestors: some Sequence<HTMLNode> {
        sequence(first: self) { $0.parent }.dropFirst().lazy.prefix { $0.isElement }
    }
}
