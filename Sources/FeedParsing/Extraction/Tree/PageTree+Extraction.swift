/// What the extractor asks of an element of the page beyond its tag and attributes.
extension PageTree {
    /// The element's `class` and `id`, lowercased ASCII, space-separated: what
    /// `ExtractionPatterns` matches.
    func classAndID(_ node: Int) -> [UInt8] {
        var text: [UInt8] = []
        for name in [PageAttribute.class, .id] {
            guard let range = attributeRange(name, of: node) else { continue }
            if !text.isEmpty { text.append(0x20) }
            for index in range {
                let byte = bytes[index]
                text.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
            }
        }
        return text
    }

    /// Hidden from readers: the `hidden` attribute, `aria-hidden="true"`, or an inline style
    /// of `display: none` or `visibility: hidden` (what a page hides is not its article).
    func isHidden(_ node: Int) -> Bool {
        let entry = nodes[node]
        guard !entry.isText, entry.count > 0 else { return false }
        if has(.hidden, node) || attribute(.ariaHidden, of: node, equalsIgnoringCase: "true") { return true }
        guard let range = attributeRange(.style, of: node),
            Self.containsIgnoringCase(bytes[range], "none") || Self.containsIgnoringCase(bytes[range], "hidden")
        else { return false }
        var compact: [UInt8] = []
        compact.reserveCapacity(range.count)
        for index in range {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C { continue }
            compact.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
        }
        return Self.contains(compact, "display:none") || Self.contains(compact, "visibility:hidden")
    }

    /// Whether the element's ARIA `role` names page furniture (`ExtractionPatterns.unlikelyRoles`).
    func hasUnlikelyRole(_ node: Int) -> Bool {
        guard let range = attributeRange(.role, of: node), range.count <= 16 else { return false }
        let role = String(decoding: bytes[range].map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
        return ExtractionPatterns.unlikelyRoles.contains(role)
    }

    /// Whether `literal` (lowercase ASCII) occurs in `text`, its ASCII letters without case.
    private static func containsIgnoringCase(_ text: ArraySlice<UInt8>, _ literal: StaticString) -> Bool {
        let word = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        guard text.count >= word.count else { return false }
        var start = text.startIndex
        while start + word.count <= text.endIndex {
            var offset = 0
            while offset < word.count, text[start + offset] | 0x20 == word[offset] { offset += 1 }
            if offset == word.count { return true }
            start += 1
        }
        return false
    }

    private static func contains(_ text: [UInt8], _ literal: StaticString) -> Bool {
        let word = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        guard text.count >= word.count else { return false }
        for start in 0...(text.count - word.count) where text[start] == word[0] {
            var offset = 1
            while offset < word.count, text[start + offset] == word[offset] { offset += 1 }
            if offset == word.count { return true }
        }
        return false
    }
}
