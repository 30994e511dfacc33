#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Repairs the most common XML error in feeds: an `&` that starts no reference, as in
/// `<title>Q&A</title>` or `href="/search?q=1&page=2"`.
///
/// libxml2 recovers from it by dropping the `&` and the name after it ("Q&A" becomes "Q",
/// "?q=1&page=2" becomes "?q=1=2"). Escaping such ampersands as `&amp;` before parsing keeps
/// the text as written. CDATA sections and comments are copied untouched; everything else —
/// text, attribute values, the DTD — may only contain `&` as the start of a reference.
///
/// The check costs one `memchr` pass over the document; only documents that do contain a bare
/// ampersand are copied.
enum BareAmpersands {
    /// The document with its bare ampersands escaped, or `nil` when it has none.
    /// - Parameter document: bytes in an ASCII-compatible encoding (UTF-8, ISO-8859-x,
    ///   windows-125x, …), where `&`, `<`, `;` and name characters are single ASCII bytes.
    static func escaped(_ document: UnsafeRawBufferPointer) -> [UInt8]? {
        let bytes = document.bindMemory(to: UInt8.self)
        guard firstBareAmpersand(in: bytes) != nil else { return nil }
        return escapingBareAmpersands(bytes)
    }

    private static func firstBareAmpersand(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var position = 0
        while position < bytes.count,
            let found = memchr(base + position, Int32(UInt8(ascii: "&")), bytes.count - position)
        {
            let index = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            if !isReference(bytes, at: index) { return index }
            position = index + 1
        }
        return nil
    }

    private static func escapingBareAmpersands(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 32 + 16)
        var index = 0
        var runStart = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                // Sections where `&` is plain text: copy them whole.
                let end: Int? =
                    if hasPrefix(bytes, at: index, "<![CDATA[") {
                        find(bytes, "]]>", from: index + 9).map { $0 + 3 } ?? bytes.count
                    } else if hasPrefix(bytes, at: index, "<!--") {
                        find(bytes, "-->", from: index + 4).map { $0 + 3 } ?? bytes.count
                    } else {
                        nil
                    }
                index = end ?? index + 1
            } else if byte == UInt8(ascii: "&"), !isReference(bytes, at: index) {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                output.append(contentsOf: "&amp;".utf8)
                index += 1
                runStart = index
            } else {
                index += 1
            }
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        return output
    }

    /// Whether the `&` at `index` starts `&name;`, `&#123;` or `&#x1F;`.
    static func isReference(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        var position = index + 1
        guard position < bytes.count else { return false }
        if bytes[position] == UInt8(ascii: "#") {
            position += 1
            let hex = position < bytes.count && (bytes[position] | 0x20) == UInt8(ascii: "x")
            if hex { position += 1 }
            let start = position
            while position < bytes.count, position - start <= 8,
                bytes[position].isASCIIDigit || (hex && isHexLetter(bytes[position]))
            {
                position += 1
            }
            return position > start && position < bytes.count && bytes[position] == UInt8(ascii: ";")
        }
        guard isNameStart(bytes[position]) else { return false }
        position += 1
        while position < bytes.count, position - index <= 64, isNameCharacter(bytes[position]) { position += 1 }
        return position < bytes.count && bytes[position] == UInt8(ascii: ";")
    }

    private static func isHexLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f")
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        byte.isASCIILetter || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    private static func isNameCharacter(_ byte: UInt8) -> Bool {
        isNameStart(byte) || byte.isASCIIDigit || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    private static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        return memcmp(bytes.baseAddress! + index, prefix.utf8Start, count) == 0
    }

    private static func find(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: StaticString, from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var index = start
        while index < bytes.count,
            let found = memchr(base + index, Int32(needle.utf8Start[0]), bytes.count - index)
        {
            index = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            if hasPrefix(bytes, at: index, needle) { return index }
            index += 1
        }
        return nil
    }
}
