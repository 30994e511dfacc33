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
    var base: URL?

    /// The text as one line (titles, names, ids), `nil` when blank.
    var line: String? { clean(.singleLine) }

    /// The text with its line breaks (descriptions, content), `nil` when blank.
    var block: String? { clean(.multiline) }

    /// The text as a date, `nil` when it is not one.
    var date: Date? { bytes.withUnsafeBufferPointer { DateParser.parse(utf8: $0) } }

    /// The text as a link, resolved against `base`.
    var link: String? { line.map { LinkResolver.resolve($0, against: base) } }

    /// The content decoded from base64 (Atom 0.3 `mode="base64"`, binary Atom content types);
    /// unchanged when it is not valid base64.
    func decodingBase64() -> CapturedText {
        let encoded = String(decoding: bytes, as: UTF8.self)
        guard let decoded = Data(base64Encoded: encoded, options: .ignoreUnknownCharacters) else { return self }
        return CapturedText(bytes: [UInt8](decoded), base: base)
    }

    private func clean(_ layout: TextSanitizer.Layout) -> String? {
        let text = bytes.withUnsafeBufferPointer { TextSanitizer.clean(utf8: $0, layout: layout) }
        return text.isEmpty ? nil : text
    }
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
