/// A command line the user typed or wrote in the config, read into an argument vector as a
/// shell reads words, without a shell: words split at blanks, `'…'` taken as it is, `"…"`
/// with `\"` and `\\` inside, `\` outside quotes taking the next character as it is. Nothing
/// else is special: no variables, globs, pipes or `;`, and nothing is ever run through `sh`.
///
/// For the user's own commands (`browser`, `pipe_to`, `bookmark_cmd`), which a word such as `|`
/// or `$HOME` may reach as it is; a command feed's line, which comes from a shared file, is read
/// by FeedEntities' stricter `CommandWords`, which refuses what only a shell could do.
public enum CommandLineWords {
    /// Why a line is not a command.
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case unclosedQuote
        case empty

        public var description: String {
            switch self {
            case .unclosedQuote: "a quote is not closed"
            case .empty: "no command"
            }
        }
    }

    /// The words of `line`.
    /// - Throws: `Problem` for an unclosed quote (or a `\\` at the end) or a line of blanks only.
    public static func split(_ line: String) throws(Problem) -> [String] {
        let (words, complete) = read(line)
        if !complete { throw .unclosedQuote }
        if words.isEmpty { throw .empty }
        return words
    }

    /// The words of `line`, leniently: an unclosed quote runs to the end, a `\\` at the end
    /// stays; `complete` says whether neither happened.
    static func read(_ line: String) -> (words: [String], complete: Bool) {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
                continue
            }
            switch (quote, character) {
            case ("'", "'"), ("\"", "\""):
                quote = nil
            case ("'", _):
                current.append(character)
            case (_, "\\"):
                escaped = true
                inWord = true
            case (nil, "'"), (nil, "\""):
                quote = character
                inWord = true
            case (nil, _) where character.isWhitespace:
                if inWord { words.append(current) }
                current = ""
                inWord = false
            default:
                current.append(character)
                inWord = true
            }
        }
        if escaped { current.append("\\") }
        if inWord { words.append(current) }
        return (words, quote == nil && !escaped)
    }

    /// `words` as a line `split` reads back into the same words: a word with blanks, quotes or
    /// backslashes in single quotes.
    public static func join(_ words: [String]) -> String {
        words.map { word in
            guard word.isEmpty || word.contains(where: { " \t'\"\\".contains($0) }) else { return word }
            return "'" + word.replacingAll("'", with: "'\\''") + "'"
        }.joined(separator: " ")
    }
}

extension String {
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}
