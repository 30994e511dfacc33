/// Reading the prologue of a document that is still arriving.
extension DocumentPrologue {
    /// Whether `head`, the start of a document that goes on, already shows everything the
    /// prologue reads from a document's start: the byte order mark, what the first markup is
    /// (`{`, `<html`, `<!doctype html`, `<?xml`) and the XML declaration up to its end. The
    /// prologue of such a head is then the prologue of the whole document, but for what needs
    /// more bytes: the encoding of an undeclared document (`utf8CheckWindow`) and `description`
    /// (`window`).
    static func isSettled(by head: UnsafeRawBufferPointer) -> Bool {
        if head.count > window { return true }
        let bytes = head.bindMemory(to: UInt8.self)
        // Enough for any byte order mark and for the zero bytes of UTF-16/32.
        guard bytes.count >= 4 else { return false }
        if DocumentPrologue(head).hasUnicodeSignature { return true }
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, bytes[start].isASCIIWhitespace { start += 1 }
        let rest = UnsafeBufferPointer(rebasing: bytes[start...])
        guard !rest.isEmpty else { return false }  // blank so far
        for pattern: StaticString in ["<!doctype html", "<html", "<?xml"]
        where rest.count < pattern.utf8CodeUnitCount && startsCaseInsensitively(rest, with: pattern) {
            return false  // may still turn out to be this
        }
        if startsCaseInsensitively(rest, with: "<?xml") { return rest.contains(UInt8(ascii: ">")) }
        return true
    }

    /// Whether `bytes` start with `pattern` (lowercase ASCII) in any letter case, as far as they go.
    private static func startsCaseInsensitively(
        _ bytes: UnsafeBufferPointer<UInt8>, with pattern: StaticString
    ) -> Bool {
        for offset in 0..<min(bytes.count, pattern.utf8CodeUnitCount) {
            let byte = bytes[offset]
            let lowered = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            if lowered != pattern.utf8Start[offset] { return false }
        }
        return true
    }
}
