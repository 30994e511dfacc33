/// Splits a command line into words as a POSIX shell would, without expanding anything:
/// white space separates words, `'…'` keeps everything literally, `"…"` keeps everything but a
/// backslash before `"` or `\`, and a backslash outside quotes keeps the next character.
public enum CommandWords {
    /// The words of `text`; none when it is blank.
    /// - Throws: `CommandWordsError` for a quote that is not closed or a backslash at the end.
    public static func split(_ text: String) throws(CommandWordsError) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in text {
            if escaped {
                // Inside double quotes a backslash keeps only `"` and `\`: before anything
                // else it is itself.
                if quote == "\"", character != "\"", character != "\\" { word.append("\\") }
                word.append(character)
                escaped = false
                continue
            }
            switch quote {
            case "'":
                if character == "'" { quote = nil } else { word.append(character) }
            case "\"":
                if character == "\"" {
                    quote = nil
                } else if character == "\\" {
                    escaped = true
                } else {
                    word.append(character)
                }
            default:
                if character == "'" || character == "\"" {
                    quote = character
                    inWord = true
                } else if character == "\\" {
                    escaped = true
                    inWord = true
                } else if character.isWhitespace {
                    if inWord { words.append(word) }
                    word = ""
                    inWord = false
                } else {
                    word.append(character)
                    inWord = true
                }
            }
        }
        if let quote { throw CommandWordsError(description: "the \(quote) quote is not closed") }
        if escaped { throw CommandWordsError(description: "a backslash ends the text") }
        if inWord { words.append(word) }
        return words
    }
}

/// Why a command line could not be split into words.
public struct CommandWordsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One line naming what is wrong.
    public var description: String

    public init(description: String) {
        self.description = description
    }
}
