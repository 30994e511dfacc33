import Foundation

/// A `tidings` command written in a document, where it was found and how it should end.
struct DocExample: Equatable, CustomStringConvertible {
    /// The document, relative to the source tree (`docs/cli.md`).
    var file: String
    /// 1-based line of the document.
    var line: Int
    /// The command as a shell reads it: without a leading `$ ` and without a trailing `# …` comment.
    var command: String
    /// The exit status the document implies.
    var status: Int32

    var description: String { "\(file):\(line): \(command)" }

    /// The subcommand (`list`, `watch`), or `""` for `tidings --version` and the like.
    var subcommand: String {
        let words = command.split(separator: " ")
        return words.count > 1 && !words[1].hasPrefix("-") ? String(words[1]) : ""
    }
}

/// Finds the command examples of a Markdown document by the rule docs/cli.md states for writers:
///
/// - In a fenced code block, a line starting with `tidings ` or `$ tidings ` is an example.
/// - In running text, a code span `` `tidings …` `` with at least one argument is an example.
/// - A line holding a placeholder (an unquoted word in capitals such as `FEED`, `NUMBER` or `T`,
///   possibly as `+TAG`, `FILE|-` or `TITLE...`; `-R` is an option) or an optional part in
///   `[brackets]` is a synopsis, not an example.
/// - An example exits with 0 unless the document says otherwise: a trailing comment
///   `# exit N` means N; else, after a `$ tidings` line, an output line starting with
///   `tidings: ` (an error) means 1, or 2 when the output also points to the help
///   (`see 'tidings …'`: a usage error).
/// - A line holding a key to press (`<Tab>`) is not run.
enum DocExamples {
    struct Found {
        var examples: [DocExample] = []
        /// The synopsis lines of code blocks (code spans with placeholders are left out).
        var synopses: [DocExample] = []
    }

    static func extract(from markdown: String, file: String) -> Found {
        var found = Found()
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var inBlock = false
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                inBlock.toggle()
                continue
            }
            if inBlock {
                let prompted = trimmed.hasPrefix("$ ")
                let text = prompted ? String(trimmed.dropFirst(2)) : trimmed
                guard text == "tidings" || text.hasPrefix("tidings ") else { continue }
                let (command, comment) = splitComment(text)
                var status: Int32 = 0
                if prompted {
                    let output = output(after: index, in: lines)
                    if output.contains(where: { $0.hasPrefix("tidings: ") }) {
                        status = output.contains(where: { $0.hasPrefix("see 'tidings") }) ? 2 : 1
                    }
                }
                if let explicit = exitStatus(in: comment) { status = explicit }
                add(DocExample(file: file, line: index + 1, command: command, status: status), to: &found)
            } else {
                for span in codeSpans(in: line) where span.hasPrefix("tidings ") && words(of: span).count >= 3 {
                    if !isSynopsis(span) { found.examples.append(DocExample(file: file, line: index + 1, command: span, status: 0)) }
                }
            }
        }
        return found
    }

    private static func add(_ example: DocExample, to found: inout Found) {
        if isSynopsis(example.command) {
            found.synopses.append(example)
        } else {
            found.examples.append(example)
        }
    }

    /// The lines a `$ ` example printed: up to the next prompt or the end of the block.
    private static func output(after index: Int, in lines: [String]) -> [String] {
        var output: [String] = []
        for line in lines[(index + 1)...] {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("$ ") { break }
            output.append(trimmed)
        }
        return output
    }

    /// `# exit 1` (and `# exit 1: why`) at the start of a comment.
    private static func exitStatus(in comment: String?) -> Int32? {
        guard let comment, comment.hasPrefix("exit ") else { return nil }
        return Int32(comment.dropFirst(5).prefix { $0.isNumber })
    }

    /// The command and its trailing comment: `#` after a blank, outside quotes, as a shell reads it.
    static func splitComment(_ text: String) -> (command: String, comment: String?) {
        var quote: Character?
        var previous: Character = " "
        for index in text.indices {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "#", previous.isWhitespace {
                let comment = text[text.index(after: index)...].trimmingCharacters(in: .whitespaces)
                return (text[..<index].trimmingCharacters(in: .whitespaces), comment)
            }
            previous = character
        }
        return (text, nil)
    }

    /// The words of a command, each with whether any of it was quoted.
    static func words(of command: String) -> [(text: String, quoted: Bool)] {
        var words: [(text: String, quoted: Bool)] = []
        var current = ""
        var quoted = false
        var inWord = false
        var quote: Character?
        for character in command {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                quoted = true
                inWord = true
            } else if character.isWhitespace {
                if inWord { words.append((current, quoted)) }
                current = ""
                quoted = false
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append((current, quoted)) }
        return words
    }

    /// Whether the command holds a placeholder or an optional part.
    static func isSynopsis(_ command: String) -> Bool {
        for word in words(of: command) where !word.quoted {
            if word.text.contains("[") || word.text.contains("...") || word.text.contains("…") { return true }
            // A key to press, such as `<Tab>`: nothing to run.
            if word.text.range(of: "<[A-Za-z-]+>", options: .regularExpression) != nil { return true }
            // After a sign, one capital is an option (`less -R`), two or more a placeholder (`-TAG`).
            let bare = word.text.drop { $0 == "+" || $0 == "-" }
            let shortest = bare.count < word.text.count ? 2 : 1
            let pieces = bare.split(whereSeparator: { $0 == "|" || $0 == "," })
            if pieces.contains(where: { $0.count >= shortest && isPlaceholder($0) }) { return true }
        }
        return false
    }

    /// `FEED`, `T`, `SOCKET_PATH`: capitals, digits and underscores, starting with a capital.
    private static func isPlaceholder(_ piece: Substring) -> Bool {
        guard let first = piece.first, first.isASCII, first.isUppercase else { return false }
        return piece.allSatisfy { ($0.isASCII && ($0.isUppercase || $0.isNumber)) || $0 == "_" }
    }

    /// The contents of single-backtick code spans.
    private static func codeSpans(in line: String) -> [String] {
        let parts = line.split(separator: "`", omittingEmptySubsequences: false)
        return stride(from: 1, to: parts.count - 1, by: 2).map { String(parts[$0]) }
    }
}
