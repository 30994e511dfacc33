/// The running text of one block (a paragraph, a list item's line, a table row) before it is
/// wrapped, with HTML's whitespace rules applied as it grows.
///
/// Runs of spaces, tabs and line breaks become one space; no space opens the block, follows a
/// `<br>` or ends the text. A space is only owed until the next word arrives, so generated text
/// such as a link number can still attach to the word before it (`word[1]`) while the space
/// after that word is kept for the next one. Text is kept as UTF-8 bytes so the common case —
/// appending the bytes of a text node — neither decodes nor allocates per character. A cap on
/// its size keeps a hostile document from building one enormous paragraph.
struct InlineText {
    private(set) var bytes: [UInt8] = []
    /// A space is due before the next word.
    private var spaceOwed = false
    /// Line breaks at the end, so runs of `<br>` stop at one blank line.
    private var trailingBreaks = 0
    /// The last word opens something (an inline code's backtick): the next word attaches to
    /// it, whatever space comes between.
    private var opened = false
    /// Bytes of text appended so far, ever (`take()` does not reset it): callers compare two
    /// readings to learn whether an element produced any text.
    private(set) var written = 0
    /// Set once text was dropped because the buffer was full.
    private(set) var overflowed = false
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Whether nothing but spaces, line breaks and no-break spaces (`<p>&nbsp;</p>`) was written.
    var isBlank: Bool {
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A: index += 1
            case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0xA0: index += 2
            default: return false
            }
        }
        return true
    }

    /// Appends text from the document, collapsing its whitespace.
    mutating func appendCollapsing(_ text: UnsafeBufferPointer<UInt8>) {
        guard !overflowed else { return }
        var text = text
        if bytes.count + text.count > capacity {
            // Keep what fits: one long text node may be the whole document.
            overflowed = true
            text = text.utf8Prefix(maxLength: capacity - bytes.count)
        }
        var runStart = 0
        var index = 0
        while index < text.count {
            let byte = text[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C {
                if index > runStart { appendWord(UnsafeBufferPointer(rebasing: text[runStart..<index])) }
                appendSpace()
                index += 1
                runStart = index
            } else {
                index += 1
            }
        }
        if index > runStart { appendWord(UnsafeBufferPointer(rebasing: text[runStart..<index])) }
    }

    /// Appends generated text (`[image: …]`) as a word, after the space owed if any.
    mutating func append(_ text: String) {
        guard !text.isEmpty, reserve(text.utf8.count + 1) else { return }
        var text = text
        text.withUTF8 { appendWord($0) }
    }

    /// Appends generated text as a word that the next word attaches to (an opening backtick).
    mutating func appendOpening(_ text: String) {
        append(text)
        opened = true
    }

    /// Appends generated text right after the last word (`[1]`), keeping any space owed for
    /// the word after it.
    mutating func appendAttached(_ text: String) {
        guard !text.isEmpty, reserve(text.utf8.count) else { return }
        bytes.append(contentsOf: text.utf8)
        written += text.utf8.count
        trailingBreaks = 0
        opened = false
    }

    /// Owes a space to the next word, unless the block or its current line has not started.
    mutating func appendSpace() {
        if let last = bytes.last, last != 0x0A, !opened { spaceOwed = true }
    }

    /// Ends the current line of this block (`<br>`). More than two in a row are ignored: a run
    /// of `<br>`s becomes at most one blank line.
    mutating func appendLineBreak() {
        guard trailingBreaks < 2, reserve(1) else { return }
        bytes.append(0x0A)
        spaceOwed = false
        trailingBreaks += 1
    }

    /// The text so far, leaving the buffer empty for the next block.
    mutating func take() -> String {
        defer {
            bytes.removeAll(keepingCapacity: true)
            spaceOwed = false
            trailingBreaks = 0
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private mutating func appendWord(_ word: UnsafeBufferPointer<UInt8>) {
        if spaceOwed {
            bytes.append(0x20)
            spaceOwed = false
        }
        bytes.append(contentsOf: word)
        written += word.count
        trailingBreaks = 0
        opened = false
    }

    private mutating func reserve(_ count: Int) -> Bool {
        if bytes.count + count > capacity { overflowed = true }
        return !overflowed
    }
}
