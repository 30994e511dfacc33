#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `WireReader`'s byte level: white space, literals, numbers and strings with their escapes.
extension WireReader {
    // MARK: - Bytes

    var unexpected: Unexpected { Unexpected(offset: index) }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func expect(_ byte: UInt8) throws(Unexpected) {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { throw unexpected }
        index += 1
    }

    mutating func literal(_ word: StaticString) -> Bool {
        skipWhitespace()
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += count
        return true
    }

    /// Appends the UTF-8 of the escape after a backslash.
    mutating func unescape(into output: inout [UInt8]) throws(Unexpected) {
        guard index < bytes.count else { throw unexpected }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(byte)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var value = try hexQuad()
            if (0xD800..<0xDC00).contains(value) {
                // A high surrogate must be followed by an escaped low one.
                guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw unexpected }
                index += 2
                let low = try hexQuad()
                guard (0xDC00..<0xE000).contains(low) else { throw unexpected }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(value) else { throw unexpected }
            output.append(contentsOf: UTF8.encode(scalar)!)
        default:
            throw unexpected
        }
    }

    mutating func hexQuad() throws(Unexpected) -> UInt32 {
        guard bytes.count - index >= 4 else { throw unexpected }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw unexpected
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
