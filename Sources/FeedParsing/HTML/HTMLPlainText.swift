/// The words of an HTML fragment, for the search index: tags dropped, entities decoded,
/// `<script>`/`<style>` bodies and comments skipped, whitespace collapsed to single spaces.
///
/// A byte scanner rather than libxml2's parser: the index is filled for every stored item, and
/// this only has to find words, not lay out text (`HTMLTextRenderer` does that for `show`).
/// Block tags separate words; inline ones (`<b>`, `<a>`, ...) do not, so `un<em>real</em>` is
/// one word.
public enum HTMLPlainText {
    /// Names what `text(ofHTML:limit:)` gives: raise it with any change that gives other text
    /// for some HTML, and the store rebuilds its search index (`HTMLText.wordsVersion`), whose
    /// way of forgetting an item's words depends on reading the same words again.
    public static let version = 1

    /// The text of `html`, cut (at a character boundary) after about `limit` bytes.
    public static func text(ofHTML html: String, limit: Int = 65_536) -> String {
        var html = html
        return html.withUTF8 { bytes in
            var scanner = Scanner(bytes: bytes, limit: max(0, limit))
            scanner.run()
            return String(decoding: scanner.output, as: UTF8.self)
        }
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        let limit: Int
        var index = 0
        var output: [UInt8] = []
        var pendingSpace = false

        init(bytes: UnsafeBufferPointer<UInt8>, limit: Int) {
            self.bytes = bytes
            self.limit = limit
            output.reserveCapacity(min(bytes.count, limit))
        }

        mutating func run() {
            while index < bytes.count, output.count < limit {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "<"): markup()
                case UInt8(ascii: "&"): entity()
                case _ where byte.isASCIIWhitespace:
                    pendingSpace = true
                    index += 1
                default:
                    append(byte)
                    index += 1
                }
            }
            if output.count > limit { output.removeLast(output.count - limit) }
            dropIncompleteCharacter()
        }

        /// A cut may end inside a UTF-8 sequence: drop its bytes, if any.
        private mutating func dropIncompleteCharacter() {
            var continuation = 0
            while continuation < 3, continuation < output.count, output[output.count - 1 - continuation] & 0xC0 == 0x80 {
                continuation += 1
            }
            guard continuation < output.count else { return }
            let lead = output[output.count - 1 - continuation]
            let expected = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC0 ? 1 : 0
            if expected != continuation { output.removeLast(continuation + (lead >= 0xC0 ? 1 : 0)) }
        }

        private mutating func append(_ byte: UInt8) {
            if pendingSpace, !output.isEmpty { output.append(UInt8(ascii: " ")) }
            pendingSpace = false
            output.append(byte)
        }

        private mutating func append(_ scalar: Unicode.Scalar) {
            if scalar.properties.isWhitespace {
                pendingSpace = true
                return
            }
            guard scalar.value >= 0x20, !(0x7F...0x9F).contains(scalar.value) else { return }
            for byte in String(scalar).utf8 { append(byte) }
        }

        private func starts(with text: StaticString, at offset: Int) -> Bool {
            let count = text.utf8CodeUnitCount
            guard offset + count <= bytes.count else { return false }
            return (0..<count).allSatisfy { lowercased(bytes[offset + $0]) == text.utf8Start[$0] }
        }

        private func lowercased(_ byte: UInt8) -> UInt8 {
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
        }

        /// Index of the first occurrence of `text` (ASCII, lowercase) at or after `offset`, or the end.
        private func find(_ text: StaticString, from offset: Int) -> Int {
            var position = offset
            while position < bytes.count {
                if starts(with: text, at: position) { return position }
                position += 1
            }
            return bytes.count
        }

        /// At a `<`: a comment, a tag (skipped, a word break unless inline) or a lone `<`.
        private mutating func markup() {
            if starts(with: "<!--", at: index) {
                index = min(bytes.count, find("-->", from: index + 4) + 3)
                pendingSpace = true
                return
            }
            var position = index + 1
            let closing = position < bytes.count && bytes[position] == UInt8(ascii: "/")
            if closing { position += 1 }
            let nameStart = position
            while position < bytes.count, isNameByte(bytes[position]) { position += 1 }
            guard position > nameStart || (!closing && position < bytes.count && bytes[position] == UInt8(ascii: "!"))
            else {
                append(UInt8(ascii: "<"))
                index += 1
                return
            }
            let name = String(decoding: bytes[nameStart..<position].map(lowercased), as: UTF8.self)
            // The end of the tag, skipping quoted attribute values.
            var quote: UInt8?
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: ">") {
                    break
                }
            }
            index = position
            if !closing, name == "script" || name == "style" {
                index = min(bytes.count, find(name == "script" ? "</script" : "</style", from: index))
            }
            if !Self.inline.contains(name) { pendingSpace = true }
        }

        private func isNameByte(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }

        /// At a `&`: a character reference when it is one, else a literal `&`.
        private mutating func entity() {
            var end = index + 1
            while end < bytes.count, end - index <= 32, bytes[end] != UInt8(ascii: ";"), !bytes[end].isASCIIWhitespace,
                  bytes[end] != UInt8(ascii: "&"), bytes[end] != UInt8(ascii: "<") {
                end += 1
            }
            guard end < bytes.count, bytes[end] == UInt8(ascii: ";"), end > index + 1 else {
                append(UInt8(ascii: "&"))
                index += 1
                return
            }
            let name = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
            var scalar: Unicode.Scalar?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
            } else if name.hasPrefix("#") {
                scalar = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init)
            } else {
                scalar = HTMLEntities.predefinedScalar(named: name) ?? HTMLEntities.scalar(named: name)
            }
            guard let scalar else {
                append(UInt8(ascii: "&"))
                index += 1
                return
            }
            append(scalar)
            index = end + 1
        }

        /// Elements inside a word: no break around them.
        private static let inline: Set<String> = [
            "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em", "font", "i", "kbd", "mark",
            "q", "s", "samp", "small", "span", "strike", "strong", "sub", "sup", "time", "tt", "u", "var",
        ]
    }
}
