/// Repairs the most common XML error in feeds, an `&` that starts no reference
/// (`<title>Q&A</title>`, `href="/search?q=1&page=2"`), while the document streams through.
///
/// libxml2 recovers from a bare `&` by dropping it and the name after it ("Q&A" becomes "Q",
/// "?q=1&page=2" becomes "?q=1=2"). Escaping it as `&amp;` before parsing keeps the text as
/// written. CDATA sections and comments pass untouched; everywhere else — text, attribute
/// values, the DTD — `&` may only start a reference.
///
/// Two kinds of character reference are rewritten on the way, the way HTML reads them
/// (`repairedCharacterReference`): `&#X41;`, which XML refuses (libxml2 drops it), and
/// references to 0x80–0x9F, which feeds mean as windows-1252 (`&#146;` is ’).
///
/// The document arrives in chunks of any size, so a chunk can end in the middle of a reference
/// (`&am`), of a section opener (`<![CD`) or closer (`]]`). Those few bytes are held back and
/// decided together with the next chunk, so the output does not depend on where the chunks are
/// cut. In the common case a chunk costs two `memchr` passes (for `&` and `!`) and is passed on
/// as it is, without a copy.
struct BareAmpersandEscaper {
    private enum Section {
        /// Markup and text, where a bare `&` is escaped.
        case markup
        /// Inside `<![CDATA[ … ]]>`.
        case cdata
        /// Inside `<!-- … -->`.
        case comment
    }

    private var section = Section.markup
    /// The end of the previous chunk, not decided yet (at most a reference's length).
    private var pending: [UInt8] = []
    /// Whether any `&` was escaped (or `&#X` repaired): the document was not well-formed.
    private(set) var escapedAny = false

    private static let cdataOpener: StaticString = "<![CDATA["
    private static let commentOpener: StaticString = "<!--"
    private static let cdataCloser: StaticString = "]]>"
    private static let commentCloser: StaticString = "-->"
    private static let escapedAmpersand: StaticString = "&amp;"

    /// Passes the next bytes of the document on, repaired, to `emit` (in one or more pieces,
    /// valid only during the call).
    /// - Parameters:
    ///   - bytes: the next bytes, in an ASCII-compatible encoding (UTF-8, ISO-8859-x,
    ///     windows-125x, …) where `&`, `<`, `!`, `;` and name characters are single ASCII bytes.
    ///   - isFinal: nothing follows; whatever is held back is decided and passed on now.
    mutating func process(
        _ bytes: UnsafeRawBufferPointer, isFinal: Bool, emit: (UnsafeRawBufferPointer) -> Void
    ) {
        if pending.isEmpty {
            scan(bytes.bindMemory(to: UInt8.self), isFinal: isFinal, emit: emit)
        } else {
            var combined = pending
            combined.append(contentsOf: bytes)
            pending.removeAll()
            combined.withUnsafeBufferPointer { scan($0, isFinal: isFinal, emit: emit) }
        }
    }

    // MARK: - Scanning

    private mutating func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, isFinal: Bool, emit: (UnsafeRawBufferPointer) -> Void
    ) {
        let count = bytes.count
        var index = 0
        /// Output before this index has been passed on.
        var emitted = 0
        /// Where the bytes held back for the next chunk start.
        var holdFrom = count
        // The next `!` at or after `index` (`count` when there is none) and the next `&` before
        // it (-1 when there is none), searched again only once `index` has passed them: a chunk
        // full of `&lt;` costs one pass, not one per `&`. The `&` is looked for only up to the
        // `!`, where a CDATA section or comment may begin: the text of those sections (most of
        // a feed full of CDATA descriptions) is then read once, for its end, not once more.
        var nextAmpersand = -1
        var nextBang = -1

        scanning: while index < count {
            switch section {
            case .cdata, .comment:
                let closer = section == .cdata ? Self.cdataCloser : Self.commentCloser
                if let end = Self.find(closer, in: bytes, from: index) {
                    index = end + closer.utf8CodeUnitCount
                    section = .markup
                    continue scanning
                }
                if !isFinal {
                    // The last one or two bytes may begin the closer.
                    let first = closer.utf8Start[0]
                    if count - index >= 2, bytes[count - 2] == first, bytes[count - 1] == closer.utf8Start[1] {
                        holdFrom = count - 2
                    } else if bytes[count - 1] == first {
                        holdFrom = count - 1
                    }
                }
                break scanning
            case .markup:
                // Only two bytes matter here: `&` (a reference or not) and `!` (after `<`, the
                // opener of a CDATA section or a comment).
                if nextBang < index { nextBang = bytes.firstIndex(of: UInt8(ascii: "!"), from: index) ?? count }
                if nextAmpersand < index {
                    nextAmpersand = bytes.firstIndex(of: UInt8(ascii: "&"), from: index, before: nextBang) ?? -1
                }
                if nextAmpersand < 0, nextBang < count {
                    let bang = nextBang
                    let start = bang - 1
                    guard start >= index, bytes[start] == UInt8(ascii: "<") else {
                        index = bang + 1
                        continue scanning
                    }
                    let cdata = Self.match(Self.cdataOpener, in: bytes, at: start)
                    let comment = Self.match(Self.commentOpener, in: bytes, at: start)
                    switch (cdata, comment) {
                    case (.full, _):
                        section = .cdata
                        index = start + Self.cdataOpener.utf8CodeUnitCount
                    case (_, .full):
                        section = .comment
                        index = start + Self.commentOpener.utf8CodeUnitCount
                    case (.prefix, _), (_, .prefix):
                        if isFinal {
                            index = bang + 1
                        } else {
                            holdFrom = start
                            break scanning
                        }
                    default:
                        index = bang + 1
                    }
                    continue scanning
                }
                let ampersand = nextAmpersand
                guard ampersand >= 0 else {
                    // A `<` at the very end may begin an opener.
                    if !isFinal, bytes[count - 1] == UInt8(ascii: "<") { holdFrom = count - 1 }
                    break scanning
                }
                switch Self.isReference(bytes, at: ampersand, isFinal: isFinal) {
                case true?:
                    index = ampersand + 1
                    if bytes[index] == UInt8(ascii: "#"), let repair = Self.repairedCharacterReference(bytes, at: ampersand) {
                        Self.emit(bytes, emitted..<ampersand, to: emit)
                        repair.replacement.withUnsafeBytes(emit)
                        if bytes[ampersand + 2] == UInt8(ascii: "X") { escapedAny = true }  // not XML
                        index = repair.end
                        emitted = index
                    }
                case false?:
                    Self.emit(bytes, emitted..<ampersand, to: emit)
                    let escaped = Self.escapedAmpersand
                    emit(UnsafeRawBufferPointer(start: escaped.utf8Start, count: escaped.utf8CodeUnitCount))
                    escapedAny = true
                    index = ampersand + 1
                    emitted = index
                case nil:
                    holdFrom = ampersand
                    break scanning
                }
            }
        }
        Self.emit(bytes, emitted..<holdFrom, to: emit)
        if holdFrom < count { pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[holdFrom..<count])) }
    }

    private static func emit(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to emit: (UnsafeRawBufferPointer) -> Void
    ) {
        guard !range.isEmpty, let base = bytes.baseAddress else { return }
        emit(UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count))
    }

    /// Whether the `&` at `index` starts `&name;`, `&#123;` or `&#x1F;`; `nil` when the bytes end
    /// before that is known (and more follow).
    static func isReference(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, isFinal: Bool) -> Bool? {
        // At the end of the document an unfinished reference is no reference.
        let undecided: Bool? = isFinal ? false : nil
        var position = index + 1
        guard position < bytes.count else { return undecided }
        if bytes[position] == UInt8(ascii: "#") {
            position += 1
            guard position < bytes.count else { return undecided }
            let hex = bytes[position] | 0x20 == UInt8(ascii: "x")
            if hex { position += 1 }
            let start = position
            while position - start <= 8 {
                guard position < bytes.count else { return undecided }
                guard bytes[position].isASCIIDigit || (hex && isHexLetter(bytes[position])) else { break }
                position += 1
            }
            guard position > start else { return false }
            guard position < bytes.count else { return undecided }
            return bytes[position] == UInt8(ascii: ";")
        }
        guard isNameStart(bytes[position]) else { return false }
        position += 1
        while position - index <= 64 {
            guard position < bytes.count else { return undecided }
            guard isNameCharacter(bytes[position]) else { break }
            position += 1
        }
        guard position < bytes.count else { return undecided }
        return bytes[position] == UInt8(ascii: ";")
    }

    /// A character reference XML does not accept as written but HTML and browsers read:
    /// `&#X41;` (XML allows only a lowercase `x`), and `&#146;` / `&#x92;`, which HTML reads as
    /// the windows-1252 character of that byte (’) rather than a C1 control. The reference
    /// rewritten (`&#x41;`, `&#8217;`) and the index past the original; `nil` for any other.
    /// - Precondition: `isReference` said yes, and the reference starts `&#`.
    static func repairedCharacterReference(
        _ bytes: UnsafeBufferPointer<UInt8>, at index: Int
    ) -> (replacement: [UInt8], end: Int)? {
        var position = index + 2
        let hex = bytes[position] | 0x20 == UInt8(ascii: "x")
        let uppercase = bytes[position] == UInt8(ascii: "X")
        if hex { position += 1 }
        var value: UInt32 = 0
        while bytes[position] != UInt8(ascii: ";") {
            let byte = bytes[position]
            let digit = byte.isASCIIDigit ? UInt32(byte - UInt8(ascii: "0")) : UInt32(byte | 0x20) - 0x61 + 10
            value = value &* (hex ? 16 : 10) &+ digit
            position += 1
        }
        let end = position + 1
        if (0x80...0x9F).contains(value), let mapped = Windows1252.definedScalar(UInt8(value)) {
            return (Array("&#\(mapped);".utf8), end)
        }
        guard uppercase else { return nil }
        var replacement = Array(bytes[index..<end])
        replacement[2] = UInt8(ascii: "x")
        return (replacement, end)
    }

    // MARK: - Byte helpers

    private enum Match {
        case full
        /// The bytes end while they still agree with the pattern.
        case prefix
        case none
    }

    private static func match(_ pattern: StaticString, in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Match {
        let length = pattern.utf8CodeUnitCount
        let available = min(length, bytes.count - index)
        for offset in 0..<available where bytes[index + offset] != pattern.utf8Start[offset] {
            return .none
        }
        return available == length ? .full : .prefix
    }

    private static func find(_ needle: StaticString, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while let candidate = bytes.firstIndex(of: needle.utf8Start[0], from: index) {
            if match(needle, in: bytes, at: candidate) == .full { return candidate }
            index = candidate + 1
        }
        return nil
    }

    private static func isHexLetter(_ byte: UInt8) -> Bool {
        byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f")
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        byte.isASCIILetter || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    private static func isNameCharacter(_ byte: UInt8) -> Bool {
        isNameStart(byte) || byte.isASCIIDigit || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
