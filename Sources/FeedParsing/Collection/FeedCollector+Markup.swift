internal import CLibXML2

/// A namespace declaration written into captured markup: by the element at `depth`, binding
/// `prefix` (`nil`: the default namespace) to `uri`. The pointers live in libxml2's dictionary.
struct MarkupBinding {
    let depth: Int
    let prefix: UnsafePointer<xmlChar>?
    let uri: UnsafePointer<xmlChar>
}

/// Writing captured child elements back as markup: XHTML content of Atom entries, and the
/// "naked" HTML some RSS feeds put unescaped into `description`.
///
/// The markup is written for an HTML context: XHTML elements, and elements in the namespace of
/// the captured element (the feed's own, inherited), lose their prefix (`xhtml:p` is `p`), SVG and MathML elements are written unprefixed with a default `xmlns` where their
/// subtree starts (the form HTML parsers understand), and elements and attributes of any other
/// namespace keep the prefix they were written with, declared (`xmlns:xlink` for `xlink:href`)
/// on the first element that needs it. Text is escaped again (`&`, `<`, `>`; in attribute values
/// `&`, `<`, `"`), comments and processing instructions are left out, an empty foreign element
/// is written as one empty-element tag (`<circle r="1"/>`), HTML void elements without an end
/// tag (`<br>`), other empty HTML elements with one (`<p></p>`). Relative URLs in URL attributes
/// (`HTMLLinkResolver.isURLAttribute`, and `xlink:href`) are resolved against the base in effect.
extension FeedCollector {
    /// HTML elements that never have content or an end tag.
    private static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
        "track", "wbr",
    ]

    private static let xhtmlURI: StaticString = "http://www.w3.org/1999/xhtml"
    private static let xlinkURI: StaticString = "http://www.w3.org/1999/xlink"
    /// The literals as libxml2 strings (Swift string literals are NUL-terminated).
    private static var xhtmlURIPointer: UnsafePointer<xmlChar> { xhtmlURI.utf8Start }
    private static var emptyURI: UnsafePointer<xmlChar> { ("" as StaticString).utf8Start }

    func startElementInCapture(
        localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, uri: UnsafePointer<xmlChar>?,
        attributes: AttributeList
    ) {
        guard var capture else { return }
        if capture.mode == .plainText {
            text.append(UInt8(ascii: " "))
            return
        }
        if !capture.wrapperDecided {
            capture.wrapperDecided = true
            // Atom: xhtml content is "a single XHTML div element" whose contents are the value.
            if namespace(of: uri) == .xhtml, CString.equals(localName, "div"), text.allSatisfy(\.isASCIIWhitespace) {
                capture.wrapperDepth = capture.depth + 1
                text.removeAll(keepingCapacity: true)
            }
            self.capture = capture
            if capture.wrapperDepth != nil { return }
        }
        let depth = self.depth
        let sourceURI = uri
        let uri = markupNamespace(uri)
        text.append(UInt8(ascii: "<"))
        let writtenPrefix = uri == nil && sourceURI != nil ? nil : Self.writtenPrefix(prefix, uri: uri)
        appendName(writtenPrefix, localName)
        if let uri {
            // The element's own namespace, unless the markup around it already has it in scope.
            let inScope = boundURI(of: writtenPrefix)
            if !Self.sameURI(inScope, uri) { declare(writtenPrefix, uri, depth: depth) }
        } else if writtenPrefix == nil, !markupBindings.isEmpty, let inScope = boundURI(of: nil),
            !CString.equals(inScope, Self.xhtmlURI)
        {
            // An element in no namespace inside a foreign default namespace.
            text.append(contentsOf: Array(#" xmlns="""#.utf8))
            markupBindings.append(MarkupBinding(depth: depth, prefix: nil, uri: Self.emptyURI))
        }
        for index in 0..<attributes.count {
            guard let attributeName = attributes.localName(at: index) else { continue }
            let attributePrefix = attributes.prefix(at: index)
            if let attributePrefix, let attributeURI = attributes.uri(at: index),
                !CString.equals(attributePrefix, "xml"), !Self.sameURI(boundURI(of: attributePrefix), attributeURI)
            {
                declare(attributePrefix, attributeURI, depth: depth)
            }
            text.append(0x20)
            appendName(attributePrefix, attributeName)
            text.append(contentsOf: [UInt8(ascii: "="), UInt8(ascii: "\"")])
            var value = AttributeList.decodingAmpersands(attributes.rawValue(at: index))
            if isURLAttribute(attributeName, prefix: attributePrefix, uri: attributes.uri(at: index)) {
                value = Array(LinkResolver.resolve(String(decoding: value, as: UTF8.self), against: currentBase).utf8)
            }
            value.withUnsafeBufferPointer { appendEscaped($0, inAttribute: true) }
            text.append(UInt8(ascii: "\""))
        }
        text.append(UInt8(ascii: ">"))
        lastStartTagEnd = text.count
    }

    func appendEndTag(localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, uri: UnsafePointer<xmlChar>?) {
        let depth = self.depth
        defer {
            while let binding = markupBindings.last, binding.depth >= depth { markupBindings.removeLast() }
        }
        let sourceURI = uri
        let uri = markupNamespace(uri)
        let isEmpty = text.count == lastStartTagEnd
        let isHTML = uri == nil || namespace(of: uri) == .xhtml
        if isHTML, Self.voidElements.contains(String(cString: localName)) { return }
        if isEmpty, !isHTML {
            text.insert(UInt8(ascii: "/"), at: text.count - 1)
            lastStartTagEnd = -1
            return
        }
        text.append(contentsOf: [UInt8(ascii: "<"), UInt8(ascii: "/")])
        appendName(uri == nil && sourceURI != nil ? nil : Self.writtenPrefix(prefix, uri: uri), localName)
        text.append(UInt8(ascii: ">"))
    }

    /// Appends text, escaping what would otherwise read as markup.
    func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, inAttribute: Bool) {
        var runStart = 0
        for (index, byte) in bytes.enumerated() {
            let replacement: StaticString
            switch byte {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">") where !inAttribute: replacement = "&gt;"
            case UInt8(ascii: "\"") where inAttribute: replacement = "&quot;"
            default: continue
            }
            text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            text.append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
            runStart = index + 1
        }
        text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }

    /// Appends resolved entity text to the capture, escaped when the capture is markup.
    func appendEntityText(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let capture else { return }
        if case .markup = capture.mode {
            appendEscaped(bytes, inAttribute: false)
        } else {
            text.append(contentsOf: bytes)
        }
    }

    // MARK: - Names and namespaces

    /// The namespace an element of the markup is written in: none (HTML) for the captured
    /// element's own namespace, which unprefixed markup in a feed inherits
    /// (`<title type="html"><p>…</p></title>` in an RSS 1.0 or Atom 0.3 document).
    private func markupNamespace(_ uri: UnsafePointer<xmlChar>?) -> UnsafePointer<xmlChar>? {
        guard let uri, let captureNamespace else { return uri }
        return Self.sameURI(uri, captureNamespace) ? nil : uri
    }

    /// The prefix an element is written with: none for XHTML, SVG and MathML (see above).
    private static func writtenPrefix(
        _ prefix: UnsafePointer<xmlChar>?, uri: UnsafePointer<xmlChar>?
    ) -> UnsafePointer<xmlChar>? {
        guard let prefix, let uri else { return prefix }
        if CString.equals(uri, xhtmlURI) || CString.equals(uri, "http://www.w3.org/2000/svg")
            || CString.equals(uri, "http://www.w3.org/1998/Math/MathML")
        {
            return nil
        }
        return prefix
    }

    /// The namespace `prefix` is bound to in the markup written so far; the markup's own
    /// context is HTML, whose default namespace is XHTML.
    private func boundURI(of prefix: UnsafePointer<xmlChar>?) -> UnsafePointer<xmlChar>? {
        for binding in markupBindings.reversed() where Self.samePrefix(binding.prefix, prefix) {
            return binding.uri
        }
        return prefix == nil ? Self.xhtmlURIPointer : nil
    }

    private func declare(_ prefix: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>, depth: Int) {
        text.append(contentsOf: Array(" xmlns".utf8))
        if let prefix {
            text.append(UInt8(ascii: ":"))
            text.append(contentsOf: CString.bytes(prefix))
        }
        text.append(contentsOf: [UInt8(ascii: "="), UInt8(ascii: "\"")])
        appendEscaped(CString.bytes(uri), inAttribute: true)
        text.append(UInt8(ascii: "\""))
        markupBindings.append(MarkupBinding(depth: depth, prefix: prefix, uri: uri))
    }

    /// Whether the attribute holds a URL to resolve: the HTML URL attributes (no namespace) and
    /// `xlink:href`.
    private func isURLAttribute(
        _ name: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, uri: UnsafePointer<xmlChar>?
    ) -> Bool {
        guard prefix != nil else { return HTMLLinkResolver.isURLAttribute(CString.bytes(name)) }
        guard let uri else { return false }
        return CString.equals(uri, Self.xlinkURI) && CString.equals(name, "href")
    }

    private static func sameURI(_ lhs: UnsafePointer<xmlChar>?, _ rhs: UnsafePointer<xmlChar>) -> Bool {
        guard let lhs else { return false }
        return lhs == rhs || strcmp(UnsafeRawPointer(lhs).assumingMemoryBound(to: CChar.self),
            UnsafeRawPointer(rhs).assumingMemoryBound(to: CChar.self)) == 0
    }

    private static func samePrefix(_ lhs: UnsafePointer<xmlChar>?, _ rhs: UnsafePointer<xmlChar>?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): return true
        case let (lhs?, rhs?): return sameURI(lhs, rhs)
        default: return false
        }
    }

    private func appendName(_ prefix: UnsafePointer<xmlChar>?, _ localName: UnsafePointer<xmlChar>) {
        if let prefix {
            text.append(contentsOf: CString.bytes(prefix))
            text.append(UInt8(ascii: ":"))
        }
        text.append(contentsOf: CString.bytes(localName))
    }
}
