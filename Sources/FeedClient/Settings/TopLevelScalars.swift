/// Reads top-level `key: value` lines of a YAML file without a YAML parser (the client links
/// none: start-up time).
///
/// It understands the one-line forms a setting is written in: a plain scalar (with a
/// `# comment` after it), a single-quoted one (`''` is a quote) and a double-quoted one (with
/// YAML's escapes). Anything else for the key asked for — a block scalar (`|`, `>`), a flow
/// collection, an anchor, alias or tag, an unclosed quote, a value continued on indented lines
/// — is reported as unreadable rather than guessed at. Indented lines belong to other keys and
/// are skipped (`TopLevelScalars+Mapping` reads one level of them under a key). The daemon's loader reads the same file with a real parser and refuses what is
/// not YAML.
struct TopLevelScalars {
    /// The value could not be read; `line` counts from 1.
    struct Unreadable: Error, Equatable {
        var line: Int
    }

    let lines: [Substring]

    init(_ text: String) {
        lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    }

    /// The value of the last top-level `key:`; `nil` when there is none or it is empty,
    /// `~` or `null`.
    /// - Throws: `Unreadable` when the value is written in a form this reader does not take.
    func value(of key: String) throws(Unreadable) -> String? {
        var found: String?
        for (index, rest) in occurrences(of: key) {
            let value = try Self.scalar(rest, line: index + 1)
            if value.plain, continues(after: index) { throw Unreadable(line: index + 1) }
            found = value.text.flatMap { value.plain && ($0 == "~" || $0 == "null") ? nil : $0 }
        }
        return found
    }

    /// The lines (indexes from 0) that are a top-level `key:`, each with what follows the colon,
    /// blanks dropped.
    func occurrences(of key: String) -> [(index: Int, rest: Substring)] {
        lines.enumerated().compactMap { index, line in
            guard line.hasPrefix(key) else { return nil }
            var rest = line.dropFirst(key.count).drop(while: Self.isBlank)
            guard rest.first == ":" else { return nil }
            rest = rest.dropFirst()
            guard rest.isEmpty || rest.first.map(Self.isBlank) == true else { return nil }
            return (index, rest.drop(while: Self.isBlank))
        }
    }

    /// Whether the line after `index` continues a plain value (it is indented and not blank
    /// or a comment).
    private func continues(after index: Int) -> Bool {
        guard index + 1 < lines.count else { return false }
        let next = lines[index + 1]
        guard let first = next.first, Self.isBlank(first) else { return false }
        let content = next.drop(while: Self.isBlank)
        return !content.isEmpty && content.first != "#"
    }

    /// The scalar at the start of `text`: `text` is `nil` for an empty value; `plain` when it
    /// was not quoted.
    static func scalar(_ text: Substring, line: Int) throws(Unreadable) -> (text: String?, plain: Bool) {
        guard let first = text.first else { return (nil, true) }
        switch first {
        case "#":
            return (nil, true)
        case "'":
            return (try singleQuoted(text.dropFirst(), line: line), false)
        case "\"":
            return (try doubleQuoted(text.dropFirst(), line: line), false)
        case "|", ">", "[", "{", "&", "*", "!", "%", "@", "`":
            throw Unreadable(line: line)
        default:
            // A plain scalar ends at a blank followed by '#'.
            var end = text.endIndex
            var previous: Character = " "
            for index in text.indices {
                if text[index] == "#", isBlank(previous) {
                    end = index
                    break
                }
                previous = text[index]
            }
            let value = withoutTrailingBlanks(text[..<end])
            return (value.isEmpty ? nil : value, true)
        }
    }

    private static func singleQuoted(_ text: Substring, line: Int) throws(Unreadable) -> String {
        let (value, rest) = try singleQuotedPrefix(text, line: line)
        try expectEnd(rest, line: line)
        return value
    }

    /// A single-quoted scalar whose opening quote is already read, and what follows its closing quote.
    static func singleQuotedPrefix(_ text: Substring, line: Int) throws(Unreadable) -> (String, Substring) {
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            guard character == "'" else {
                result.append(character)
                continue
            }
            if index < text.endIndex, text[index] == "'" {
                result.append("'")
                index = text.index(after: index)
                continue
            }
            return (result, text[index...])
        }
        throw Unreadable(line: line)
    }

    private static func doubleQuoted(_ text: Substring, line: Int) throws(Unreadable) -> String {
        let (value, rest) = try doubleQuotedPrefix(text, line: line)
        try expectEnd(rest, line: line)
        return value
    }

    /// A double-quoted scalar whose opening quote is already read, and what follows its closing quote.
    static func doubleQuotedPrefix(_ text: Substring, line: Int) throws(Unreadable) -> (String, Substring) {
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            switch character {
            case "\"":
                return (result, text[index...])
            case "\\":
                guard index < text.endIndex else { throw Unreadable(line: line) }
                let escape = text[index]
                index = text.index(after: index)
                switch escape {
                case "\\", "\"", "/", " ": result.append(escape)
                case "t", "\t": result.append("\t")
                case "n": result.append("\n")
                case "r": result.append("\r")
                case "0": result.append("\0")
                case "x", "u", "U":
                    let digits = escape == "x" ? 2 : escape == "u" ? 4 : 8
                    guard let end = text.index(index, offsetBy: digits, limitedBy: text.endIndex),
                          let code = UInt32(text[index..<end], radix: 16), let scalar = Unicode.Scalar(code)
                    else { throw Unreadable(line: line) }
                    result.unicodeScalars.append(scalar)
                    index = end
                default:
                    throw Unreadable(line: line)
                }
            default:
                result.append(character)
            }
        }
        throw Unreadable(line: line)
    }

    /// After a closing quote only blanks and a comment may follow.
    static func expectEnd(_ rest: Substring, line: Int) throws(Unreadable) {
        let remainder = rest.drop(while: isBlank)
        guard remainder.isEmpty || (remainder.first == "#" && rest.first.map(isBlank) == true) else {
            throw Unreadable(line: line)
        }
    }

    static func isBlank(_ character: Character) -> Bool {
        character == " " || character == "\t"
    }

    static func withoutTrailingBlanks(_ text: Substring) -> String {
        var end = text.endIndex
        while end > text.startIndex, isBlank(text[text.index(before: end)]) { end = text.index(before: end) }
        return String(text[..<end])
    }
}
