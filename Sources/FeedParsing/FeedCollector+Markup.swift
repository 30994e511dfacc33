internal import CLibXML2

/// Writing captured child elements back as markup: XHTML content of Atom entries, and the
/// "naked" HTML some RSS feeds put unescaped into `description`.
extension FeedCollector {
    /// HTML elements that never have content or an end tag.
    private static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
        "track", "wbr",
    ]

    func startElementInCapture(
        localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, uri: UnsafePointer<xmlChar>?,
        attributes: AttributeList
    ) {
        guard var capture else { return }
        let isXHTML = namespace(of: uri) == .xhtml
        if !capture.wrapperDecided {
            capture.wrapperDecided = true
            // Atom: xhtml content is "a single XHTML div element" whose contents are the value.
            if isXHTML, CString.equals(localName, "div"), text.allSatisfy(\.isASCIIWhitespace) {
                capture.wrapperDepth = capture.depth + 1
                text.removeAll(keepingCapacity: true)
            }
            self.capture = capture
            if capture.wrapperDepth != nil { return }
        }
        text.append(UInt8(ascii: "<"))
        // XHTML elements are written without their prefix so the result reads as plain HTML.
        appendName(isXHTML ? nil : prefix, localName)
        for index in 0..<attributes.count {
            guard let attributeName = attributes.localName(at: index) else { continue }
            let attributePrefix = attributes.prefix(at: index)
            text.append(0x20)
            appendName(attributePrefix, attributeName)
            text.append(contentsOf: [UInt8(ascii: "="), UInt8(ascii: "\"")])
            var value = AttributeList.decodingAmpersands(attributes.rawValue(at: index))
            if attributePrefix == nil, CString.equals(attributeName, "href") || CString.equals(attributeName, "src") {
                value = Array(LinkResolver.resolve(String(decoding: value, as: UTF8.self), against: currentBase).utf8)
            }
            value.withUnsafeBufferPointer { appendEscaped($0, inAttribute: true) }
            text.append(UInt8(ascii: "\""))
        }
        text.append(UInt8(ascii: ">"))
    }

    func appendEndTag(localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, uri: UnsafePointer<xmlChar>?) {
        let isXHTML = namespace(of: uri) == .xhtml
        if isXHTML || uri == nil, Self.voidElements.contains(String(cString: localName)) { return }
        text.append(contentsOf: [UInt8(ascii: "<"), UInt8(ascii: "/")])
        appendName(isXHTML ? nil : prefix, localName)
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

    private func appendName(_ prefix: UnsafePointer<xmlChar>?, _ localName: UnsafePointer<xmlChar>) {
        if let prefix {
            text.append(contentsOf: CString.bytes(prefix))
            text.append(UInt8(ascii: ":"))
        }
        text.append(contentsOf: CString.bytes(localName))
    }
}
