/// Finds the first start tag with more attributes than libxml2 can afford, before libxml2 sees it.
///
/// libxml2's HTML parser (2.9) checks each attribute of a tag against all the attributes before
/// it, so one tag with n attributes costs n²/2 comparisons: 50,000 attributes (440 KB) take
/// seconds, an 8 MiB tag half an hour. A document is therefore only parsed up to the first tag
/// with more than `maximumAttributesPerTag`; real markup stays far below. The scan reads a start
/// tag the way libxml2 does (names, quoted and unquoted values, bogus attributes) and skips what
/// libxml2 reads as raw text (`<script>`, `<style>`); wherever it is simpler than libxml2, it
/// counts more attributes, never fewer. It reads bytes, so it needs an ASCII-compatible encoding.
///
/// On the way it notes what the extractor never reads and libxml2 reads a character at a time
/// (bench/RESULTS.md): the content of each `<script>` and `<style>` (but JSON-LD's), most of
/// the parse on script-heavy pages, and all but the first byte of each run of blanks between
/// tags outside `<pre>` (a quarter of a typical page's markup is indentation), which HTML
/// shows as one space anyway. Comments are followed so that a `<script>` or `</pre>` inside
/// one is not taken for one; after a construct the scan does not follow (`<?`, `<!` other
/// than a comment or doctype, an unclosed comment or script) it notes no more.
enum HTMLTagScanner {
    static let maximumAttributesPerTag = 128
    /// The most ranges a scan notes as omitted (4 MiB of them).
    static let maximumOmitted = 1 << 18

    /// What one pass over a document finds.
    struct Scan {
        /// The length of the longest prefix without an oversized start tag: the offset of the
        /// `<` of the first such tag, or the whole length.
        var safeLength: Int
        /// What the extractor may leave out of the safe prefix, in order: the contents of
        /// `<script>` and `<style>` elements (not JSON-LD scripts), as libxml2 would read their
        /// raw text, and blanks that only repeat the blank before them.
        var omitted: [Range<Int>]
    }

    static func scan(_ document: UnsafeRawBufferPointer, limit: Int = maximumAttributesPerTag) -> Scan {
        var scanner = Scanner(bytes: document)
        while let tagStart = scanner.nextMarkup() {
            guard let attributes = scanner.startTag() else { continue }
            if attributes > limit {
                return Scan(safeLength: tagStart, omitted: scanner.omitted.filter { $0.upperBound <= tagStart })
            }
        }
        return Scan(safeLength: document.count, omitted: scanner.omitted)
    }

    /// The length of the longest prefix of `document` without an oversized start tag: the
    /// offset of the `<` of the first such tag, or the whole length.
    static func safeLength(of document: UnsafeRawBufferPointer, limit: Int = maximumAttributesPerTag) -> Int {
        scan(document, limit: limit).safeLength
    }

    /// The scan's state and reading, shared with HTMLTagScanner+Omissions.swift.
    struct Scanner {
        let bytes: UnsafeRawBufferPointer
        var index = 0
        /// The raw-text element whose end tag the scanner looks for next.
        var rawTextEnd: [UInt8]?
        /// Where that element's content starts, when it is to be noted.
        var rawTextStart: Int?
        var omitted: [Range<Int>] = []
        /// `<pre>` start tags seen and not yet ended: blanks inside are the text's own.
        var preDepth = 0
        /// Whether runs of blanks are still noted: not once a `<pre>` holds an element whose
        /// end tag libxml2 would not let `</pre>` close (`div`, table parts…), so that where
        /// the `<pre>` ends is no longer plain.
        var collapses = true
        /// The end of the last comment seen (just past its `-->`).
        var commentEnd = 0
        /// Whether the scan still reads the document as libxml2 does, so that what it notes
        /// can be left out.
        var follows = true

        init(bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
        }

        func byte(at offset: Int) -> UInt8 {
            offset < bytes.count ? bytes[offset] : 0
        }

        /// Moves to the next `<` followed by a letter, which libxml2 reads as a start tag, and
        /// returns its offset. Comments, declarations and processing instructions are not
        /// skipped: a tag inside one is counted anyway, which can only make the count safer.
        mutating func nextMarkup() -> Int? {
            if let end = rawTextEnd {
                rawTextEnd = nil
                let start = rawTextStart
                rawTextStart = nil
                skip(toCaseInsensitive: end)
                if index < bytes.count {
                    if let start, follows, start < index { omit(start..<index) }
                } else {
                    follows = false
                }
            }
            while let open = next(UInt8(ascii: "<"), from: index) {
                noteBlanks(before: open)
                index = open
                let following = byte(at: index + 1)
                if following.isASCIILetter { return index }
                if following == UInt8(ascii: "!") || following == UInt8(ascii: "?") { declaration() }
                if following == UInt8(ascii: "/"), preDepth > 0, index >= commentEnd, isEndTag("pre") { preDepth -= 1 }
                index += 1
            }
            noteBlanks(before: bytes.count)
            index = bytes.count
            return nil
        }

        /// The offset of the next `byte` at or after `start`, found with `memchr`.
        func next(_ byte: UInt8, from start: Int) -> Int? {
            UnsafeBufferPointer(start: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), count: bytes.count)
                .firstIndex(of: byte, from: start)
        }

        /// Reads the start tag at `index` and returns how many attributes it has.
        mutating func startTag() -> Int? {
            index += 1
            let nameStart = index
            while index < bytes.count, isNameCharacter(bytes[index]) { index += 1 }
            let name = nameStart..<index
            // libxml2 reads names 100 bytes at a time: the rest of a longer one is read as
            // further attribute names.
            var attributes = (name.count - 1) / Self.nameChunk
            while index < bytes.count {
                skipBlanks()
                let current = byte(at: index)
                if current == 0 || current == UInt8(ascii: ">") { break }
                if current == UInt8(ascii: "/"), byte(at: index + 1) == UInt8(ascii: ">") { break }
                if isNameStart(current) {
                    let attributeStart = index
                    while index < bytes.count, isNameCharacter(bytes[index]) { index += 1 }
                    attributes += (index - attributeStart + Self.nameChunk - 1) / Self.nameChunk
                    skipBlanks()
                    if byte(at: index) == UInt8(ascii: "=") {
                        index += 1
                        skipBlanks()
                        skipValue()
                    }
                } else {
                    // libxml2 drops a bogus attribute up to the next blank or the tag's end.
                    while index < bytes.count, !isBlank(bytes[index]), bytes[index] != UInt8(ascii: ">"),
                        !(bytes[index] == UInt8(ascii: "/") && byte(at: index + 1) == UInt8(ascii: ">"))
                    {
                        index += 1
                    }
                }
            }
            // libxml2 reads the content of <script> and <style> (not of <script/>) as raw text up
            // to the matching end tag.
            if nameStart >= commentEnd { notePre(name) }
            // A <script> inside a comment is none: libxml2 reads on after the comment.
            if byte(at: index) == UInt8(ascii: ">"), name.count == 5 || name.count == 6, nameStart >= commentEnd {
                let lowered = bytes[name].lazy.map { $0 | 0x20 }
                if lowered.elementsEqual("script".utf8) {
                    rawTextEnd = Array("</script".utf8)
                    // JSON-LD is read (PageMetadata): its content stays.
                    if !Self.contains(bytes[nameStart..<index], "ld+json") { rawTextStart = index + 1 }
                } else if lowered.elementsEqual("style".utf8) {
                    rawTextEnd = Array("</style".utf8)
                    rawTextStart = index + 1
                }
            }
            return attributes
        }

        private mutating func skipValue() {
            let quote = byte(at: index)
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                index = (next(quote, from: index + 1) ?? bytes.count) + 1
            } else {
                while index < bytes.count, !isBlank(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
            }
        }

        private mutating func skipBlanks() {
            while index < bytes.count, isBlank(bytes[index]) { index += 1 }
        }

        private mutating func skip(toCaseInsensitive terminator: [UInt8]) {
            while let open = next(UInt8(ascii: "<"), from: index) {
                index = open
                if bytes.count - index >= terminator.count,
                    bytes[index..<(index + terminator.count)].lazy.map({ $0 | 0x20 }).elementsEqual(terminator)
                {
                    return
                }
                index += 1
            }
            index = bytes.count
        }

        func isBlank(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }

        private func isNameStart(_ byte: UInt8) -> Bool {
            byte.isASCIILetter || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
        }

        /// libxml2's HTML_PARSER_BUFFER_SIZE: the longest name it reads in one go.
        private static let nameChunk = 100

        func isNameCharacter(_ byte: UInt8) -> Bool {
            byte.isASCIILetter || byte.isASCIIDigit || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
    }
}
