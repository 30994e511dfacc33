/// Converts windows-1252 to UTF-8 before libxml2 sees the document.
///
/// Feeds labelled ISO-8859-1 (or not labelled at all) are, in practice, windows-1252: their
/// bytes 0x80–0x9F are curly quotes, dashes and the euro sign. libxml2's converter (iconv)
/// refuses the five bytes windows-1252 leaves undefined and then abandons the whole document;
/// this conversion maps them to the C1 code points, as browsers do, which the text sanitiser
/// later removes.
enum Windows1252 {
    /// The code points of 0x80–0x9F.
    private static let high: [UInt16] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]

    /// The character windows-1252 gives `byte` (0x80–0x9F), `nil` for the five it leaves undefined.
    static func definedScalar(_ byte: UInt8) -> UInt32? {
        guard (0x80...0x9F).contains(byte) else { return nil }
        let scalar = UInt32(high[Int(byte - 0x80)])
        return scalar == UInt32(byte) ? nil : scalar
    }

    static func utf8(from document: UnsafeRawBufferPointer) -> [UInt8] {
        let bytes = document.bindMemory(to: UInt8.self)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 8 + 16)
        var runStart = 0
        for index in 0..<bytes.count {
            let byte = bytes[index]
            guard byte >= 0x80 else { continue }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            runStart = index + 1
            let scalar = byte < 0xA0 ? UInt32(high[Int(byte - 0x80)]) : UInt32(byte)
            if scalar < 0x800 {
                output.append(UInt8(0xC0 | (scalar >> 6)))
                output.append(UInt8(0x80 | (scalar & 0x3F)))
            } else {
                output.append(UInt8(0xE0 | (scalar >> 12)))
                output.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
                output.append(UInt8(0x80 | (scalar & 0x3F)))
            }
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        return output
    }
}
