#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Makes the relative URLs inside an HTML string absolute (`<a href="post.html">`,
/// `<img src="/i/a.png">`), the way feedparser does for escaped HTML content.
///
/// A feed's HTML loses its context once it leaves the document: `xml:base` and the feed's URL are
/// gone by the time a renderer or a browser sees `<img src="/images/x.png">`. Inline XHTML is
/// resolved as the collector writes it back; this does the same for HTML that arrives as text
/// (escaped or CDATA). It is a tokenizer, not a parser: it finds start tags, reads their
/// attributes and rewrites only the values of URL attributes that have no scheme, leaving every
/// other byte as it was. Comments and the raw text of `script` and `style` are skipped.
enum HTMLLinkResolver {
    /// Attributes whose value is one URL (HTML 4/5: a@href, img@src, q@cite, video@poster …),
    /// lowercase.
    private static let urlAttributes: [[UInt8]] =
        ["href", "src", "cite", "poster", "longdesc", "usemap", "background", "action", "data", "codebase",
            "profile"].map { Array($0.utf8) }

    /// Elements whose content is raw text, not markup.
    private static let rawTextElements = (script: Array("script".utf8), style: Array("style".utf8))

    /// Whether an attribute called `name` (no namespace, any letter case) holds one URL.
    static func isURLAttribute(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        urlAttributes.contains { matches(name[...], lowercase: $0) }
    }

    /// The HTML with relative URLs resolved against `base`; `nil` when nothing needed resolving.
    static func resolve(_ html: [UInt8], against base: IRI) -> [UInt8]? {
        html.withUnsafeBufferPointer { resolve($0, against: base) }
    }

    /// The HTML with relative URLs resolved against `base`; `nil` when nothing needed resolving.
    ///
    /// Runs over the content of every HTML field of every item, most of which has nothing to
    /// resolve: it jumps from `<` to `<` with `memchr` and compares names in place, allocating
    /// only when a value is rewritten.
    static func resolve(_ html: UnsafeBufferPointer<UInt8>, against base: IRI) -> [UInt8]? {
        var output: [UInt8] = []
        var copied = 0  // bytes of `html` already in `output`
        var index = 0
        let count = html.count
        while index + 1 < count {
            guard let found = html.firstIndex(of: UInt8(ascii: "<"), from: index) else { break }
            index = found
            guard index + 1 < count else { break }
            if html[index + 1] == UInt8(ascii: "!") {
                index = skipDeclaration(html, from: index)
                continue
            }
            guard html[index + 1].isASCIILetter else {
                index += 1
                continue
            }
            // Tag name.
            var cursor = index + 1
            while cursor < count, isNameByte(html[cursor]) { cursor += 1 }
            let name = (index + 1)..<cursor
            // Attributes, up to the end of the tag.
            while cursor < count, html[cursor] != UInt8(ascii: ">") {
                if html[cursor].isASCIIWhitespace || html[cursor] == UInt8(ascii: "/") {
                    cursor += 1
                    continue
                }
                let nameStart = cursor
                while cursor < count, !html[cursor].isASCIIWhitespace,
                    html[cursor] != UInt8(ascii: "="), html[cursor] != UInt8(ascii: ">")
                {
                    cursor += 1
                }
                let attribute = nameStart..<cursor
                while cursor < count, html[cursor].isASCIIWhitespace { cursor += 1 }
                guard cursor < count, html[cursor] == UInt8(ascii: "=") else { continue }
                cursor += 1
                while cursor < count, html[cursor].isASCIIWhitespace { cursor += 1 }
                guard cursor < count else { break }
                let quote = html[cursor] == UInt8(ascii: "\"") || html[cursor] == UInt8(ascii: "'") ? html[cursor] : nil
                let valueStart = quote == nil ? cursor : cursor + 1
                var valueEnd = valueStart
                if let quote {
                    while valueEnd < count, html[valueEnd] != quote { valueEnd += 1 }
                } else {
                    while valueEnd < count, !html[valueEnd].isASCIIWhitespace, html[valueEnd] != UInt8(ascii: ">") {
                        valueEnd += 1
                    }
                }
                guard quote == nil || valueEnd < count else { break }  // an unterminated value ends the markup
                cursor = quote == nil ? valueEnd : valueEnd + 1
                guard urlAttributes.contains(where: { matches(html[attribute], lowercase: $0) }),
                    let resolved = resolvedValue(html[valueStart..<valueEnd], against: base, quote: quote ?? UInt8(ascii: "\""))
                else { continue }
                output.append(contentsOf: html[copied..<valueStart])
                if quote == nil { output.append(UInt8(ascii: "\"")) }
                output.append(contentsOf: resolved)
                if quote == nil { output.append(UInt8(ascii: "\"")) }
                copied = valueEnd
            }
            index = cursor
            if matches(html[name], lowercase: rawTextElements.script) {
                index = endOfRawText(html, from: index, name: rawTextElements.script)
            } else if matches(html[name], lowercase: rawTextElements.style) {
                index = endOfRawText(html, from: index, name: rawTextElements.style)
            }
        }
        guard copied > 0 else { return nil }
        output.append(contentsOf: html[copied...])
        return output
    }

    /// Whether `bytes` spell `lowercase` in any case.
    private static func matches(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, lowercase: [UInt8]) -> Bool {
        bytes.count == lowercase.count && zip(bytes, lowercase).allSatisfy { lowercased($0) == $1 }
    }

    /// The value made absolute, or `nil` when it stays as written: empty, already absolute,
    /// a fragment within the content itself, or one that would need its `quote` escaped.
    private static func resolvedValue(_ value: Slice<UnsafeBufferPointer<UInt8>>, against base: IRI, quote: UInt8) -> [UInt8]? {
        let text = String(decoding: value, as: UTF8.self).trimmingASCIIWhitespace()
        guard !text.isEmpty, !text.hasPrefix("#"), !LinkResolver.hasScheme(text) else { return nil }
        let resolved = LinkResolver.resolve(text, against: base)
        guard resolved != text, !resolved.utf8.contains(quote) else { return nil }
        return Array(resolved.utf8)
    }

    /// Past a comment (`<!-- … -->`) or another `<!…>` declaration.
    private static func skipDeclaration(_ html: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let comment: [UInt8] = Array("<!--".utf8)
        if html[start...].starts(with: comment) {
            var index = start + comment.count
            while index + 2 < html.count {
                if html[index] == UInt8(ascii: "-"), html[index + 1] == UInt8(ascii: "-"), html[index + 2] == UInt8(ascii: ">") {
                    return index + 3
                }
                index += 1
            }
            return html.count
        }
        return (html[start...].firstIndex(of: UInt8(ascii: ">")) ?? html.count - 1) + 1
    }

    /// Past the end tag of a raw-text element (`</script>`), matched without regard to case.
    private static func endOfRawText(_ html: UnsafeBufferPointer<UInt8>, from start: Int, name: [UInt8]) -> Int {
        var index = start
        while index + 2 + name.count <= html.count {
            if html[index] == UInt8(ascii: "<"), html[index + 1] == UInt8(ascii: "/"),
                matches(html[(index + 2)..<(index + 2 + name.count)], lowercase: name)
            {
                return index
            }
            index += 1
        }
        return html.count
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        byte.isASCIILetter || byte.isASCIIDigit || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":")
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
