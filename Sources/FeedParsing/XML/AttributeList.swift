internal import CLibXML2

/// The attributes of one start tag, read in place from libxml2's SAX2 array (five pointers per
/// attribute: local name, prefix, namespace URI, value start, value end).
///
/// Only valid during the `startElementNs` callback that produced it. Values become `String`s only
/// when asked for, so elements nobody looks at cost nothing.
struct AttributeList {
    private let pointers: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    let count: Int

    init(_ pointers: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, count: Int) {
        self.pointers = pointers
        self.count = pointers == nil ? 0 : count
    }

    /// The local name of attribute `index`.
    func localName(at index: Int) -> UnsafePointer<xmlChar>? { pointers?[index * 5] }
    /// The namespace prefix of attribute `index`, `nil` when it has none.
    func prefix(at index: Int) -> UnsafePointer<xmlChar>? { pointers?[index * 5 + 1] }

    /// The namespace URI of attribute `index`, `nil` when it has none.
    func uri(at index: Int) -> UnsafePointer<xmlChar>? { pointers?[index * 5 + 2] }

    /// The raw value bytes of attribute `index`, as libxml2 reports them.
    func rawValue(at index: Int) -> UnsafeBufferPointer<UInt8> {
        guard let start = pointers?[index * 5 + 3], let end = pointers?[index * 5 + 4], end > start else {
            return UnsafeBufferPointer(start: nil, count: 0)
        }
        return UnsafeBufferPointer(start: start, count: end - start)
    }

    /// The value of the attribute without a namespace called `name`, cleaned as one line;
    /// `nil` when absent or blank.
    subscript(name: StaticString) -> String? {
        guard let index = index(of: name, prefix: nil) else { return nil }
        return value(at: index)
    }

    /// `xml:base` on this element, if any.
    var xmlBase: String? { index(of: "base", prefix: "xml").flatMap(value(at:)) }
    /// `xml:lang` on this element, if any.
    var xmlLang: String? { index(of: "lang", prefix: "xml").flatMap(value(at:)) }
    /// `rdf:about` on this element (the URI an RSS 1.0 item or channel stands for), if any.
    var rdfAbout: String? { index(of: "about", prefix: "rdf").flatMap(value(at:)) }

    /// The cleaned value of attribute `index`, `nil` when blank.
    func value(at index: Int) -> String? {
        let decoded = Self.decodingAmpersands(rawValue(at: index))
        let value = decoded.withUnsafeBufferPointer { TextSanitizer.clean(utf8: $0, layout: .singleLine) }
        return value.isEmpty ? nil : value
    }

    /// libxml2 keeps `&` in attribute values as `&#38;` when it does not substitute entities
    /// (it expects to re-parse the value when building a tree). Undo that.
    static func decodingAmpersands(_ raw: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            if raw[index] == UInt8(ascii: "&"), index + 4 < raw.count, raw[index + 1] == UInt8(ascii: "#"),
                raw[index + 2] == UInt8(ascii: "3"), raw[index + 3] == UInt8(ascii: "8"),
                raw[index + 4] == UInt8(ascii: ";")
            {
                result.append(UInt8(ascii: "&"))
                index += 5
            } else {
                result.append(raw[index])
                index += 1
            }
        }
        return result
    }

    private func index(of name: StaticString, prefix expectedPrefix: StaticString?) -> Int? {
        for index in 0..<count {
            guard let local = localName(at: index), CString.equals(local, name) else { continue }
            let prefix = prefix(at: index)
            if let expectedPrefix {
                if let prefix, CString.equals(prefix, expectedPrefix) { return index }
            } else if prefix == nil {
                return index
            }
        }
        return nil
    }
}
