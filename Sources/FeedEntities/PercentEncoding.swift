/// RFC 3986 percent-encoding, for every writer and reader of URLs and forms: a form's fields,
/// the userinfo of a feed URL, a link handed to a browser.
public enum PercentEncoding {
    /// RFC 3986's unreserved characters: letters, digits, `-._~`.
    public static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// What may stand in a URL as it is: the unreserved characters and the delimiters
    /// `:/?#[]@!$&'()*+,;=`.
    public static func isAllowedInURL(_ byte: UInt8) -> Bool {
        isUnreserved(byte) || "-._~:/?#[]@!$&'()*+,;=".utf8.contains(byte)
    }

    /// `text` with every byte `keep` refuses as `%XX` (uppercase hex). With `keepingEscapes`, a
    /// `%` that starts an escape (two hex digits after it) stays as it is.
    public static func encoded(
        _ text: String, keepingEscapes: Bool = false, keep: (UInt8) -> Bool = isUnreserved
    ) -> String {
        let bytes = Array(text.utf8)
        var result = ""
        result.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated() {
            if keep(byte) || (keepingEscapes && byte == UInt8(ascii: "%") && index + 2 < bytes.count
                && hexValue(bytes[index + 1]) != nil && hexValue(bytes[index + 2]) != nil)
            {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return result
    }

    /// `%XX` sequences decoded as UTF-8; `nil` for a malformed one or bytes that are not UTF-8.
    public static func decoded(_ text: some StringProtocol) -> String? {
        let utf8 = Array(text.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = 0
        while index < utf8.count {
            guard utf8[index] == UInt8(ascii: "%") else {
                bytes.append(utf8[index])
                index += 1
                continue
            }
            guard index + 2 < utf8.count, let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2]) else {
                return nil
            }
            bytes.append(high << 4 | low)
            index += 3
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
