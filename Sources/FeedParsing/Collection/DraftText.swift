#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A text field of an item draft, kept as captured in the batch's `TextArena` until the item is
/// built (`ItemAssembler`), possibly on another thread. Reading it needs that arena.
struct DraftText: Sendable {
    private let range: Range<Int>
    private let base: IRI?
    /// What is still to undo (`CapturedText.decoding(_:)`).
    private let encoding: ContentEncoding
    /// Whether a later element of the same name may replace this one (`CapturedText.isBlank`).
    let isBlank: Bool

    init(_ text: CapturedText, encoding: ContentEncoding = [], in arena: inout TextArena) {
        (range, isBlank) = text.bytes.withUnsafeBufferPointer { bytes in
            (arena.append(bytes), CapturedText.isBlank(bytes))
        }
        base = text.base
        self.encoding = encoding
    }

    /// A value already read (an attribute), kept the same way as captured text.
    init(_ value: String, in arena: inout TextArena) {
        self.init(CapturedText(bytes: Array(value.utf8), base: nil), in: &arena)
    }

    /// The text as one line, `nil` when blank (`CapturedText.line`).
    func line(in arena: TextArena) -> String? { text(.singleLine, in: arena) }

    /// The text with its line breaks, `nil` when blank (`CapturedText.block`).
    func block(in arena: TextArena) -> String? { text(.multiline, in: arena) }

    /// The text as a link, resolved against the base URL in effect where it was written.
    func link(in arena: TextArena) -> String? { line(in: arena).map { LinkResolver.resolve($0, against: base) } }

    /// The text as a date, `nil` when it is not one (`CapturedText.date`).
    func date(in arena: TextArena) -> Date? {
        arena.withBytes(in: range) { DateParser.parse(utf8: $0) }
    }

    /// The text cleaned for `layout`, `nil` when blank.
    func text(_ layout: TextSanitizer.Layout, in arena: TextArena) -> String? {
        let clean = { (bytes: UnsafeBufferPointer<UInt8>) -> String? in
            let text = TextSanitizer.clean(utf8: bytes, layout: layout)
            return text.isEmpty ? nil : text
        }
        if encoding.contains(.base64) {
            let captured = decoded(in: arena)
            return layout == .singleLine ? captured.line : captured.block
        }
        if let resolved = resolvedHTML(in: arena) { return resolved.withUnsafeBufferPointer(clean) }
        return arena.withBytes(in: range, clean)
    }

    /// Writes the text cleaned for `layout` as a JSON string, the same as `text(_:in:)` would
    /// read, without making a `String` of it; writes nothing and returns `false` when blank.
    func write(_ layout: TextSanitizer.Layout, in arena: TextArena, to writer: inout ContractWriter) -> Bool {
        if encoding.contains(.base64) {
            return decoded(in: arena).bytes.withUnsafeBufferPointer { writer.cleanedString($0, layout: layout) }
        }
        if let resolved = resolvedHTML(in: arena) {
            return resolved.withUnsafeBufferPointer { writer.cleanedString($0, layout: layout) }
        }
        return arena.withBytes(in: range) { writer.cleanedString($0, layout: layout) }
    }

    /// HTML with a base URL is scanned in place: most of it has no relative link, and is then
    /// cleaned straight from the arena like any other text. The rewritten bytes when links were
    /// resolved, `nil` otherwise. (Base64 is decoded first, by `decoded(in:)`.)
    private func resolvedHTML(in arena: TextArena) -> [UInt8]? {
        guard encoding.contains(.html), let base else { return nil }
        return arena.withBytes(in: range) { HTMLLinkResolver.resolve($0, against: base) }
    }

    private func decoded(in arena: TextArena) -> CapturedText {
        CapturedText(bytes: arena.withBytes(in: range) { Array($0) }, base: base).decoding(encoding)
    }
}
