/// What the first bytes of a document say before it is parsed: byte order mark, the encoding
/// its XML declaration names, and whether it is obviously not XML at all.
struct DocumentPrologue {
    /// How far into the document to look.
    static let window = 1024
    /// How many bytes `startsWithValidUTF8` looks at.
    static let utf8CheckWindow = 64 << 10

    /// A byte order mark or the zero bytes of UTF-16/32: libxml2 detects the encoding itself.
    private(set) var hasUnicodeSignature = false
    /// UTF-16 or UTF-32, where markup characters are not single bytes.
    private(set) var isWideEncoding = false
    /// The `encoding` of the XML declaration, as written.
    private(set) var declaredEncoding: String?
    /// Empty, or nothing but whitespace.
    private(set) var isBlank = false
    /// Starts with `<!DOCTYPE html` or `<html`, in any letter case.
    private(set) var startsLikeHTML = false
    /// Starts with `{` or `[`.
    private(set) var startsLikeJSON = false
    private let head: [UInt8]

    init(_ document: UnsafeRawBufferPointer) {
        head = Array(document.prefix(Self.window))
        if let first = head.first, first == 0 || first == 0xFE || first == 0xFF || (head.count > 1 && head[1] == 0) {
            hasUnicodeSignature = true  // UTF-16/32, with or without BOM
            isWideEncoding = true
            return
        }
        var start = 0
        if head.starts(with: [0xEF, 0xBB, 0xBF]) {
            hasUnicodeSignature = true
            start = 3
        }
        while start < head.count, head[start].isASCIIWhitespace { start += 1 }
        let rest = head[start...]
        isBlank = rest.isEmpty && document.count <= head.count
        startsLikeJSON = rest.first == UInt8(ascii: "{") || rest.first == UInt8(ascii: "[")
        startsLikeHTML = Self.hasPrefix(rest, "<!doctype html") || Self.hasPrefix(rest, "<html")
        if !hasUnicodeSignature, Self.hasPrefix(rest, "<?xml") {
            declaredEncoding = Self.encodingDeclaration(in: rest)
        }
    }

    /// How the document's bytes become characters.
    enum Encoding: Equatable {
        /// libxml2 decides: byte order mark, XML declaration, else UTF-8.
        case automatic
        /// libxml2's converter for this name, imposed with `XML_PARSE_IGNORE_ENC`.
        case converter(String)
        /// Converted from windows-1252 before parsing (see `Windows1252`). `guessed` when
        /// nothing declared an encoding and the bytes are not UTF-8.
        case windows1252(guessed: Bool)
    }

    /// Decides the encoding, in the order of RFC 7303 §3.2 (as feedparser does): a byte order
    /// mark, else the HTTP charset, else the XML declaration, else UTF-8 when the bytes are UTF-8
    /// and windows-1252 when they are not. Two HTTP charsets that the bytes prove wrong give way
    /// to the declaration, so a misconfigured server does not garble a correct feed: "UTF-8" on
    /// bytes that are not UTF-8, and a single-byte charset on a document that declares UTF-8 and
    /// whose non-ASCII bytes are valid UTF-8. ISO-8859-1 and US-ASCII are read as their superset
    /// windows-1252, as browsers do: the bytes 0x80–0x9F in such feeds are curly quotes and
    /// dashes, not C1 controls.
    func encoding(httpCharset: String?, document: UnsafeRawBufferPointer) -> Encoding {
        guard !hasUnicodeSignature else { return .automatic }
        let declared = declaredEncoding.map(Self.encoding(named:))
        if let httpCharset, !httpCharset.trimmingASCIIWhitespace().isEmpty {
            let http = Self.encoding(named: httpCharset)
            switch http {
            case .automatic where !Self.startsWithValidUTF8(document):
                break  // the header says UTF-8; the bytes say otherwise
            case .windows1252 where declared == .automatic && declaredEncoding != nil
                && Self.hasNonASCII(document) && Self.startsWithValidUTF8(document):
                break  // a legacy charset header on a document that is UTF-8 as it declares
            case .converter where declared == .automatic && declaredEncoding != nil
                && Self.hasNonASCII(document) && Self.startsWithValidUTF8(document):
                break
            default:
                return http
            }
        }
        if let declared { return declared }
        return Self.startsWithValidUTF8(document) ? .automatic : .windows1252(guessed: true)
    }

    /// The encoding a charset name stands for.
    static func encoding(named name: String) -> Encoding {
        let normalized = name.trimmingASCIIWhitespace().lowercased().filter { $0 != "\"" && $0 != "'" }
        switch normalized {
        case "", "utf-8", "utf8":
            return .automatic
        case let wide where wide.hasPrefix("utf-16") || wide.hasPrefix("utf-32") || wide.hasPrefix("ucs"):
            return .automatic  // declared but not what the bytes are: let libxml2 complain
        case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1", "iso-ir-100", "cp819",
            "ibm819", "us-ascii", "ascii", "iso_8859-1:1987", "csisolatin1", "cp1252", "windows-1252",
            "x-cp1252":
            return .windows1252(guessed: false)
        default:
            return .converter(normalized)
        }
    }

    /// Whether the first 64 KiB hold any byte outside ASCII.
    static func hasNonASCII(_ document: UnsafeRawBufferPointer) -> Bool {
        document.prefix(utf8CheckWindow).contains { $0 >= 0x80 }
    }

    /// Whether the first 64 KiB are valid UTF-8 (a sequence cut at the end of the window counts
    /// as valid).
    static func startsWithValidUTF8(_ document: UnsafeRawBufferPointer) -> Bool {
        let bytes = document.bindMemory(to: UInt8.self)
        var end = min(bytes.count, utf8CheckWindow)
        if end < bytes.count {
            // Cut before the last lead byte so no sequence is split by the window.
            while end > 0, bytes[end - 1] & 0xC0 == 0x80 { end -= 1 }
            if end > 0, bytes[end - 1] >= 0xC0 { end -= 1 }
        }
        return String(validating: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self) != nil
    }

    /// Whether `<`, `&` and `;` are single ASCII bytes in the document, so its bytes can be
    /// scanned for markup before libxml2 decodes them.
    func isASCIICompatible(_ encoding: Encoding) -> Bool {
        guard !isWideEncoding else { return false }
        switch encoding {
        case .windows1252: return true
        case .automatic: return declaredEncoding.map(Self.isASCIICompatible(encodingNamed:)) ?? true
        case .converter(let name): return Self.isASCIICompatible(encodingNamed: name)
        }
    }

    private static func isASCIICompatible(encodingNamed name: String) -> Bool {
        let name = name.lowercased()
        let other = ["utf-16", "utf16", "utf-32", "utf32", "ucs", "iso-2022", "ibm0", "cp0"]
        return !other.contains { name.hasPrefix($0) } && !name.contains("ebcdic")
    }

    /// What the document is, for a "not a feed" message, when parsing found no root element.
    var description: String {
        if isBlank { return "empty document" }
        if startsLikeJSON { return "JSON document" }
        let lowered = head.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        if Self.contains(lowered, "<html") || Self.contains(lowered, "<!doctype html") { return "HTML page" }
        let controls = head.prefix(512).filter { $0 < 0x20 && !$0.isASCIIWhitespace }.count
        if controls > 0 { return "binary data, not XML" }
        let firstVisible = head.first { !$0.isASCIIWhitespace }
        if firstVisible != UInt8(ascii: "<") { return "plain text, not XML" }
        return "malformed XML without a root element"
    }

    // MARK: - Helpers

    private static func hasPrefix(_ bytes: ArraySlice<UInt8>, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard bytes.count >= count else { return false }
        var index = bytes.startIndex
        for offset in 0..<count {
            let byte = bytes[index]
            let lowered = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            if lowered != prefix.utf8Start[offset] { return false }
            index += 1
        }
        return true
    }

    private static func contains(_ bytes: [UInt8], _ needle: StaticString) -> Bool {
        let pattern = Array(UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount))
        guard bytes.count >= pattern.count else { return false }
        return (0...(bytes.count - pattern.count)).contains { bytes[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }

    /// The value of `encoding="…"` in the XML declaration at the start of `bytes`.
    private static func encodingDeclaration(in bytes: ArraySlice<UInt8>) -> String? {
        let declaration = Array(bytes.prefix { $0 != UInt8(ascii: ">") })
        let keyword = Array("encoding".utf8)
        guard declaration.count > keyword.count,
            let start = (0...(declaration.count - keyword.count)).first(where: {
                declaration[$0..<($0 + keyword.count)].elementsEqual(keyword)
            })
        else { return nil }
        var index = start + keyword.count
        while index < declaration.count, declaration[index].isASCIIWhitespace { index += 1 }
        guard index < declaration.count, declaration[index] == UInt8(ascii: "=") else { return nil }
        index += 1
        while index < declaration.count, declaration[index].isASCIIWhitespace { index += 1 }
        guard index < declaration.count else { return nil }
        let quote = declaration[index]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
        let value = declaration[(index + 1)...].prefix { $0 != quote }
        return value.isEmpty ? nil : String(decoding: value, as: UTF8.self)
    }
}
