#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The collected content of one element.
struct CapturedText {
    /// UTF-8, entities resolved, possibly with serialised markup.
    var bytes: [UInt8]
    /// The base URL in effect for the element.
    var base: IRI?

    /// The text as one line (titles, names, ids), `nil` when blank.
    var line: String? { clean(.singleLine) }

    /// The text with its line breaks (descriptions, content), `nil` when blank.
    var block: String? { clean(.multiline) }

    /// Whether the text is nothing but ASCII whitespace and controls: a field a later element
    /// of the same name may still fill. (Cheap, and never true of text that cleans to something.)
    var isBlank: Bool { bytes.withUnsafeBufferPointer(Self.isBlank) }

    static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        !bytes.contains { $0 > 0x20 && $0 != 0x7F }
    }

    /// The text as a date, `nil` when it is not one.
    var date: Date? { bytes.withUnsafeBufferPointer { DateParser.parse(utf8: $0) } }

    /// The text as a link, resolved against `base`.
    var link: String? { line.map { LinkResolver.resolve($0, against: base) } }

    /// The content with `encoding` undone: base64 first, then relative links in HTML resolved.
    func decoding(_ encoding: ContentEncoding) -> CapturedText {
        var text = self
        if encoding.contains(.base64) { text = text.decodingBase64() }
        if encoding.contains(.html), let base, let resolved = HTMLLinkResolver.resolve(text.bytes, against: base) {
            text.bytes = resolved
        }
        return text
    }

    /// The content decoded from base64 (Atom 0.3 `mode="base64"`, binary Atom media types);
    /// unchanged when it is not valid base64 or does not decode to text (a title that merely
    /// carries an odd `type` stays as written, and binary content is not turned into mojibake).
    func decodingBase64() -> CapturedText {
        let encoded = String(decoding: bytes, as: UTF8.self)
        guard let decoded = Data(base64Encoded: encoded, options: .ignoreUnknownCharacters),
            let text = String(validating: decoded, as: UTF8.self),
            !text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\n" && $0 != "\t" && $0 != "\r" })
        else { return self }
        return CapturedText(bytes: Array(text.utf8), base: base)
    }

    private func clean(_ layout: TextSanitizer.Layout) -> String? {
        let text = bytes.withUnsafeBufferPointer { TextSanitizer.clean(utf8: $0, layout: layout) }
        return text.isEmpty ? nil : text
    }
}

/// How captured content is encoded beyond XML, undone by `CapturedText.decoding(_:)`.
struct ContentEncoding: OptionSet, Sendable {
    let rawValue: UInt8

    /// Base64 (Atom 0.3 `mode="base64"`, Atom content of a binary media type).
    static let base64 = ContentEncoding(rawValue: 1)
    /// An HTML string whose relative links are resolved against the base URL in effect.
    static let html = ContentEncoding(rawValue: 2)
}

/// How a captured field is turned into a string.
enum TextKind {
    /// One line: titles, names, ids.
    case line
    /// Keeps line breaks: descriptions, content.
    case block
    /// One line, resolved against the base URL.
    case link

    func read(_ text: CapturedText) -> String? {
        switch self {
        case .line: text.line
        case .block: text.block
        case .link: text.link
        }
    }
}
