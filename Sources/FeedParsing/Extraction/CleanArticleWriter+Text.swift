/// The text of `CleanArticleWriter`: text nodes written with whitespace collapsed, the line
/// breaks between blocks, the paragraphs that loose text gets, and the bytes appended to both
/// outputs within `capacity`.
extension CleanArticleWriter {
    /// Writes a text node: runs of plain bytes copied whole, whitespace collapsed to one
    /// pending space (kept as it is inside `<pre>`), `&`, `<`, `>` escaped in the HTML.
    mutating func writeText(_ bytes: UnsafeBufferPointer<UInt8>) {
        if preformatted > 0 {
            guard !bytes.isEmpty else { return }
            resolveBreak()
            var index = 0
            while index < bytes.count, !isTruncated {
                var end = index
                while end < bytes.count, !Self.isEscaped(bytes[end]) { end += 1 }
                let run = UnsafeBufferPointer(rebasing: bytes[index..<end])
                if !run.isEmpty {
                    appendRun(run)
                    for byte in run where byte & 0xC0 != 0x80 && byte != 0x0A && byte != 0x20 { content += 1 }
                }
                guard end < bytes.count, !isTruncated else { break }
                appendEscaped(bytes[end])
                text.append(bytes[end])
                content += 1
                index = end + 1
            }
            return
        }
        var index = 0
        while index < bytes.count, !isTruncated {
            let byte = bytes[index]
            if Self.isSpace(byte) {
                pendingSpace = true
                index += 1
                continue
            }
            // Control characters (other than the spaces above) never reach the output.
            if byte < 0x20 || byte == 0x7F {
                index += 1
                continue
            }
            openImplicitParagraphIfNeeded()
            flushSpace()
            if Self.isEscaped(byte) {
                appendEscaped(byte)
                text.append(byte)
                content += 1
                index += 1
                continue
            }
            // A run goes on over single spaces between words, which collapse to themselves;
            // its characters (lead bytes) are counted on the way.
            var end = index + 1
            var characters = byte & 0xC0 != 0x80 ? 1 : 0
            Self.byteKinds.withUnsafeBufferPointer { kinds in
                while end < bytes.count {
                    let next = bytes[end]
                    let kind = kinds[Int(next)]
                    if kind != 0 {
                        characters += Int(kind & 1)
                        end += 1
                    } else if next == 0x20, end + 1 < bytes.count, kinds[Int(bytes[end + 1])] != 0 {
                        end += 1
                    } else {
                        break
                    }
                }
            }
            appendRun(UnsafeBufferPointer(rebasing: bytes[index..<end]))
            content += characters
            index = end
        }
    }

    /// Bytes written as they are to the HTML and the text, the HTML stopping one byte past
    /// `capacity` (where a byte at a time would have stopped).
    mutating func appendRun(_ run: UnsafeBufferPointer<UInt8>) {
        let room = max(0, capacity - html.count + 1)
        let kept = run.count <= room ? run : UnsafeBufferPointer(rebasing: run[..<room])
        html.append(contentsOf: kept)
        text.append(contentsOf: kept)
        if html.count > capacity { isTruncated = true }
    }

    mutating func flushSpace() {
        resolveBreak()
        if pendingSpace, let last = text.last, last != 0x0A, last != 0x20 {
            html.append(0x20)
            text.append(0x20)
        }
        pendingSpace = false
    }

    mutating func textBreak(_ lines: Int) {
        pendingBreak = max(pendingBreak, lines)
    }

    mutating func resolveBreak() {
        guard pendingBreak > 0 else { return }
        if !text.isEmpty {
            while text.last == 0x20 { text.removeLast() }
            var trailing = 0
            for byte in text.reversed() { if byte == 0x0A { trailing += 1 } else { break } }
            for _ in trailing..<max(trailing, pendingBreak) { text.append(0x0A) }
        }
        pendingBreak = 0
        pendingSpace = false
    }

    mutating func openImplicitParagraphIfNeeded() {
        guard textBlocks == 0, !implicitParagraph, inlineDepth == 0 else { return }
        textBreak(2)
        resolveBreak()
        append("<p>")
        implicitParagraph = true
    }

    mutating func closeImplicitParagraph() {
        guard implicitParagraph else { return }
        append("</p>")
        implicitParagraph = false
        textBreak(2)
    }

    // Output

    mutating func append(_ string: String) {
        html.append(contentsOf: string.utf8)
        if html.count > capacity { isTruncated = true }
    }

    mutating func appendEscaped(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "&"): html.append(contentsOf: "&amp;".utf8)
        case UInt8(ascii: "<"): html.append(contentsOf: "&lt;".utf8)
        case UInt8(ascii: ">"): html.append(contentsOf: "&gt;".utf8)
        default: html.append(byte)
        }
        if html.count > capacity { isTruncated = true }
    }
}
