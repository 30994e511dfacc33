/// What `HTMLTagScanner.scan` notes for the extractor to leave out, and the comments and
/// `<pre>` elements it follows to know where that is safe.
extension HTMLTagScanner.Scanner {
    /// Notes `range` as omitted, up to `maximumOmitted` ranges: a page built of millions of
    /// two-byte blanks or empty scripts costs 16 bytes a range, so past that many the scan
    /// notes nothing more (the rest is parsed as it is).
    mutating func omit(_ range: Range<Int>) {
        guard omitted.count < HTMLTagScanner.maximumOmitted else {
            follows = false
            return
        }
        omitted.append(range)
    }

    /// Notes the runs of blanks (space, tab, CR, LF: libxml2's) between `index` and `end`
    /// past their first byte, outside `<pre>` and while the scan follows the document.
    mutating func noteBlanks(before end: Int) {
        guard collapses, follows, preDepth == 0, index < end else { return }
        var position = index
        while position < end {
            let byte = bytes[position]
            // Most bytes of text are no control character, let alone a blank.
            guard byte <= 0x20, isBlank(byte) else {
                position += 1
                continue
            }
            let runStart = position + 1
            position = runStart
            while position < end, isBlank(bytes[position]) { position += 1 }
            if position > runStart { omit(runStart..<position) }
        }
    }

    /// Whether `</name` at `index` ends element `name` (lowercase): the name whole, any case.
    func isEndTag(_ name: StaticString) -> Bool {
        let word = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        for offset in 0..<word.count where byte(at: index + 2 + offset) | 0x20 != word[offset] { return false }
        return !isNameCharacter(byte(at: index + 2 + word.count))
    }

    /// Notes the comment that starts at `index` (libxml2 ends it at the first `-->`); any
    /// other `<!` or `<?` but a doctype ends what the scan follows.
    mutating func declaration() {
        if byte(at: index + 1) == UInt8(ascii: "!"), byte(at: index + 2) == UInt8(ascii: "-"),
            byte(at: index + 3) == UInt8(ascii: "-")
        {
            var from = index + 4
            while let dash = next(UInt8(ascii: "-"), from: from) {
                if byte(at: dash + 1) == UInt8(ascii: "-"), byte(at: dash + 2) == UInt8(ascii: ">") {
                    commentEnd = dash + 3
                    return
                }
                from = dash + 1
            }
            follows = false
            return
        }
        let doctype = "doctype".utf8
        if byte(at: index + 1) == UInt8(ascii: "!"), bytes.count - index - 2 >= doctype.count,
            bytes[(index + 2)..<(index + 2 + doctype.count)].lazy.map({ $0 | 0x20 }).elementsEqual(doctype)
        {
            return
        }
        follows = false
    }

    /// Follows `<pre>` for `noteBlanks`: a start tag that ends with `>` opens one; inside one,
    /// an element of a higher end priority in libxml2 (`htmlGetEndPriority`) stops the notes.
    mutating func notePre(_ name: Range<Int>) {
        guard collapses, name.count <= 5 else { return }
        let lowered = bytes[name].lazy.map { $0 | 0x20 }
        if lowered.elementsEqual("pre".utf8) {
            if byte(at: index) == UInt8(ascii: ">") { preDepth += 1 }
        } else if preDepth > 0, Self.closesPreFirst.contains(where: { lowered.elementsEqual($0.utf8) }) {
            collapses = false
        }
    }

    static let closesPreFirst: [String] = ["div", "td", "th", "tr", "thead", "tbody", "tfoot", "table", "head", "body", "html"]

    /// Whether `literal` (lowercase) occurs in `bytes`, ASCII letters compared without case.
    static func contains(_ bytes: Slice<UnsafeRawBufferPointer>, _ literal: StaticString) -> Bool {
        let word = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        guard bytes.count >= word.count else { return false }
        var start = bytes.startIndex
        while start + word.count <= bytes.endIndex {
            var offset = 0
            while offset < word.count, bytes[start + offset] | 0x20 == word[offset] | 0x20 { offset += 1 }
            if offset == word.count { return true }
            start += 1
        }
        return false
    }
}
