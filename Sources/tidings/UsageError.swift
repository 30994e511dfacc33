import FeedClient

/// A usage error as every other error reads: one `tidings: …` line, then one line saying where
/// the help is. Exit status 2.
struct UsageError: Error, Equatable {
    /// The reason, one line without the `tidings: ` prefix.
    var message: String
    /// The command whose help explains the usage; `nil` for `tidings --help`.
    var command: String?

    /// Both lines, sanitised: the message quotes what was typed, which may hold escape sequences.
    var text: String {
        "tidings: " + TerminalText.sanitize(message) + "\n"
            + "see 'tidings " + (command.map { TerminalText.sanitize($0) + " " } ?? "") + "--help'\n"
    }

    init(_ message: String, command: String?) {
        self.message = message
        self.command = command
    }

    /// The argument parser's message (`Unknown option '--limt'. Did you mean '--limit'?`) in the
    /// voice of the other errors: its first line (later ones are alternative readings, `or: …`),
    /// sentences joined by `;`, lower case first unless an acronym, no final full stop.
    init(parserMessage: String, command: String?) {
        let firstLine = parserMessage.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? ""
        self.init(Self.oneVoice(firstLine), command: command)
    }

    static func oneVoice(_ sentence: String) -> String {
        var characters = Array(sentence.drop(while: \.isWhitespace))
        while let last = characters.last, last.isWhitespace || last == "." { characters.removeLast() }
        // "... '--limt'. Did you mean ..." → "... '--limt'; did you mean ..."
        var text = ""
        var index = 0
        while index < characters.count {
            if characters[index] == ".", index + 2 < characters.count, characters[index + 1] == " ",
               characters[index + 2].isUppercase, !characters[index + 3..<min(index + 4, characters.count)].contains(where: \.isUppercase) {
                text += "; " + characters[index + 2].lowercased()
                index += 3
            } else {
                text.append(characters[index])
                index += 1
            }
        }
        return lowercasingFirst(text)
    }

    /// `Unknown option` → `unknown option`; `URL …`, `--limit …`, `'5x' …` stay as they are.
    private static func lowercasingFirst(_ text: String) -> String {
        guard let first = text.first, first.isUppercase else { return text }
        if let second = text.dropFirst().first, second.isUppercase { return text }
        return first.lowercased() + text.dropFirst()
    }
}
