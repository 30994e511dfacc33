/// Finds the first start tag with more attributes than libxml2 can afford, in an XML document
/// that arrives in chunks, before libxml2 sees the bytes.
///
/// libxml2's XML parser (2.9) checks each attribute of a start tag against all the attributes
/// before it (duplicates, namespaces), so one tag with n attributes costs n²/2 comparisons:
/// 50,000 attributes take a second, a 32 MiB tag hours. The parse is therefore cut where a
/// start tag passes `maximumAttributesPerTag`; real feeds stay far below.
///
/// The scan counts every quote that opens a value inside a start tag. libxml2 only keeps
/// attributes with a quoted value, and ends a tag at `>` outside quotes or at a `<` anywhere
/// (an unescaped `<` in a value ends the value and the tag), so the count is never lower than
/// libxml2's. Comments, CDATA sections and processing instructions are skipped as libxml2
/// skips them; the DTD is read like text, which can only count more. The state survives chunk
/// boundaries, so the result does not depend on how the document is cut. It reads bytes of an
/// ASCII-compatible encoding, or the code units of UTF-16 and UTF-32 (see `init(wideHead:)`),
/// where only ASCII characters matter too.
struct XMLTagScanner {
    static let maximumAttributesPerTag = 256

    private enum State {
        /// Character data; also the DTD and end tags.
        case text
        /// After `<`.
        case open
        /// After `<!`.
        case bang
        /// After `<!-`.
        case bangDash
        /// After `<![` and the first `matched` bytes of `CDATA[`.
        case cdataOpener(matched: Int)
        /// Inside a comment, after `dashes` consecutive `-` (at most 2).
        case comment(dashes: Int)
        /// Inside a CDATA section, after `brackets` consecutive `]` (at most 2).
        case cdata(brackets: Int)
        /// Inside a processing instruction or XML declaration, just after a `?` or not.
        case instruction(afterQuestionMark: Bool)
        /// Inside a start tag, having seen `values` quoted values, inside the quote `quote` (0 when none).
        case startTag(values: Int, quote: UInt8)
    }

    private let limit: Int
    private var state = State.text
    /// Bytes per code unit: 1, or 2 and 4 for UTF-16 and UTF-32.
    private let unitWidth: Int
    private let bigEndian: Bool
    /// The first bytes of a code unit that the previous chunk cut.
    private var partialUnit: [UInt8] = []

    /// A scanner for an ASCII-compatible encoding.
    init(limit: Int = maximumAttributesPerTag) {
        self.limit = limit
        unitWidth = 1
        bigEndian = false
    }

    /// A scanner for the UTF-16 or UTF-32 document that starts with `head`, its code unit size
    /// and byte order told by the byte order mark or the zero bytes of `<`; `nil` when `head`
    /// starts like neither.
    init?(wideHead head: UnsafeRawBufferPointer, limit: Int = maximumAttributesPerTag) {
        let start = Array(head.prefix(4)) + [1, 1, 1, 1]
        switch (start[0], start[1], start[2], start[3]) {
        case (0x00, 0x00, 0xFE, 0xFF), (0x00, 0x00, 0x00, _): (unitWidth, bigEndian) = (4, true)
        case (0xFF, 0xFE, 0x00, 0x00), (_, 0x00, 0x00, 0x00): (unitWidth, bigEndian) = (4, false)
        case (0xFE, 0xFF, _, _), (0x00, _, _, _): (unitWidth, bigEndian) = (2, true)
        case (0xFF, 0xFE, _, _), (_, 0x00, _, _): (unitWidth, bigEndian) = (2, false)
        default: return nil
        }
        self.limit = limit
    }

    /// Reads the next bytes of the document.
    /// - Returns: the offset in `bytes` of the first byte libxml2 must not see (the quote that
    ///   opens one value too many), or `nil` when all of them are safe. After a non-`nil` result
    ///   the document is over: further calls are not meaningful.
    mutating func scan(_ bytes: UnsafeRawBufferPointer) -> Int? {
        if unitWidth > 1 { return scanUnits(bytes) }
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        let count = bytes.count
        let buffer = UnsafeBufferPointer(start: base, count: count)
        var index = 0
        while index < count {
            switch state {
            case .text:
                // Most of a document: one memchr to the next `<`.
                guard let found = buffer.firstIndex(of: UInt8(ascii: "<"), from: index) else { return nil }
                index = found + 1
                state = .open
                continue
            case .comment(let dashes):
                if dashes == 0 {
                    guard let found = buffer.firstIndex(of: UInt8(ascii: "-"), from: index) else { return nil }
                    index = found
                }
            case .cdata(let brackets):
                if brackets == 0 {
                    guard let found = buffer.firstIndex(of: UInt8(ascii: "]"), from: index) else { return nil }
                    index = found
                }
            case .startTag:
                // Names, blanks and value text: only quotes and angle brackets change anything.
                while index < count {
                    let byte = base[index]
                    if byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"")
                        || byte == UInt8(ascii: "'")
                    {
                        break
                    }
                    index += 1
                }
                guard index < count else { return nil }
            default:
                break
            }
            if let cut = step(base[index], at: index) { return cut }
            index += 1
        }
        return nil
    }

    /// `scan(_:)` for UTF-16 and UTF-32: each code unit is read as its ASCII character, or as
    /// 0x80 when it is none (which can only be text or part of a name).
    private mutating func scanUnits(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var offset = -partialUnit.count
        var unit = partialUnit
        partialUnit = []
        for byte in bytes {
            unit.append(byte)
            guard unit.count == unitWidth else { continue }
            let value = (bigEndian ? unit : unit.reversed()).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            if step(value < 0x80 ? UInt8(value) : 0x80, at: max(offset, 0)) != nil { return max(offset, 0) }
            offset += unitWidth
            unit.removeAll(keepingCapacity: true)
        }
        partialUnit = unit
        return nil
    }

    /// Moves the state on by one byte; returns `offset` when that byte must not be parsed.
    @inline(__always)
    private mutating func step(_ byte: UInt8, at offset: Int) -> Int? {
        switch state {
        case .text:
            if byte == UInt8(ascii: "<") { state = .open }
        case .open:
            switch byte {
            case UInt8(ascii: "!"): state = .bang
            case UInt8(ascii: "?"): state = .instruction(afterQuestionMark: false)
            case UInt8(ascii: "<"): state = .open
            case _ where Self.isNameStart(byte): state = .startTag(values: 0, quote: 0)
            default: state = .text  // an end tag, or a stray `<`
            }
        case .bang:
            switch byte {
            case UInt8(ascii: "-"): state = .bangDash
            case UInt8(ascii: "["): state = .cdataOpener(matched: 0)
            case UInt8(ascii: "<"): state = .open
            default: state = .text  // a declaration (DOCTYPE, ENTITY …): read as text
            }
        case .bangDash:
            state = byte == UInt8(ascii: "-") ? .comment(dashes: 0) : byte == UInt8(ascii: "<") ? .open : .text
        case .cdataOpener(let matched):
            let opener: StaticString = "CDATA["
            if byte == opener.utf8Start[matched] {
                state = matched + 1 == opener.utf8CodeUnitCount ? .cdata(brackets: 0) : .cdataOpener(matched: matched + 1)
            } else {
                state = byte == UInt8(ascii: "<") ? .open : .text
            }
        case .comment(let dashes):
            if byte == UInt8(ascii: "-") {
                state = .comment(dashes: min(dashes + 1, 2))
            } else {
                state = byte == UInt8(ascii: ">") && dashes == 2 ? .text : .comment(dashes: 0)
            }
        case .cdata(let brackets):
            if byte == UInt8(ascii: "]") {
                state = .cdata(brackets: min(brackets + 1, 2))
            } else {
                state = byte == UInt8(ascii: ">") && brackets == 2 ? .text : .cdata(brackets: 0)
            }
        case .instruction(let afterQuestionMark):
            state =
                byte == UInt8(ascii: ">") && afterQuestionMark
                ? .text : .instruction(afterQuestionMark: byte == UInt8(ascii: "?"))
        case .startTag(let values, let quote):
            if byte == UInt8(ascii: "<") {
                state = .open  // ends an unterminated value and the tag, as in libxml2
            } else if quote != 0 {
                if byte == quote { state = .startTag(values: values, quote: 0) }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                guard values < limit else { return offset }
                state = .startTag(values: values + 1, quote: byte)
            } else if byte == UInt8(ascii: ">") {
                state = .text
            }
        }
        return nil
    }

    /// Whether libxml2 may read `byte` as the start of an element name (any non-ASCII byte may
    /// begin a name character).
    private static func isNameStart(_ byte: UInt8) -> Bool {
        byte.isASCIILetter || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
    }
}
