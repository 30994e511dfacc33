/// A command line as newsboat's `urls` file writes one (`exec:~/bin/feed --flag 'two words'`),
/// split into words the way the POSIX shell newsboat hands it to would split it, so that
/// Tidings can run the program itself with an argv, without a shell.
///
/// Read as the shell reads it: blanks separate words; `'…'` keeps everything inside as it is;
/// `"…"` keeps everything but `\"`, `\\`, `\$` and `` \` ``, whose backslash goes; a backslash
/// outside quotes keeps the next character as it is. An unquoted `~/` (or a word that is just
/// `~`) at the start of a word is the user's home directory, as the shell expands it; that is
/// kept as a mark (`Word.isHomeRelative`), and the home is filled in when the program runs.
///
/// Whatever the shell would do more than split words is refused with an error that names it,
/// rather than passed on as a literal that would mean something else: unquoted `;`, `&`, `|`,
/// `<`, `>`, `(`, `)`, `$` and `` ` ``, and `$` or `` ` `` inside double quotes (no command
/// ever runs, no variable is ever expanded), `~name`, a leading `VAR=value` and a word starting
/// with `#`. Glob characters (`*`, `?`, `[`) stay literal, as the shell leaves a pattern that
/// matches no file. Control characters are refused.
public struct CommandWords: Sendable, Hashable {
    /// One word of the command.
    public struct Word: Sendable, Hashable {
        /// The word; for a home-relative word, what follows `~/` (empty for `~` alone).
        public var text: String
        /// The word began with an unquoted `~/` or was an unquoted `~`.
        public var isHomeRelative: Bool

        public init(_ text: String, isHomeRelative: Bool = false) {
            self.text = text
            self.isHomeRelative = isHomeRelative
        }

        /// The word as the program receives it, `home` standing for `~`.
        public func argument(home: String) -> String {
            guard isHomeRelative else { return text }
            let base = home.hasSuffix("/") && home.count > 1 ? String(home.dropLast()) : home
            return text.isEmpty ? base : (base == "/" ? "/" : base + "/") + text
        }

        /// The word as written for a shell (and for the user): `~/` unquoted, the rest as it is
        /// where that is safe, else in single quotes.
        public var written: String {
            guard isHomeRelative else { return Self.quoted(text) }
            return text.isEmpty ? "~" : "~/" + Self.quoted(text)
        }

        /// `text` unchanged when the shell reads it so (letters, digits and `-_./:=+@%,`, not
        /// an assignment's `=` or a `#` at the start), else in single quotes (`'` as `'\''`).
        static func quoted(_ text: String) -> String {
            let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                    || "-_./:+@%,".unicodeScalars.contains(scalar)
            }
            return plain ? text : "'" + text.replacing("'", with: #"'\''"#) + "'"
        }
    }

    /// The words, the program first; never empty.
    public var words: [Word]

    /// The longest command read, in UTF-8 bytes: the bound on anything stored as a feed's URL.
    public static let maximumBytes = TextLimit.maximumBytes
    /// The most words a command may have.
    public static let maximumWords = 256

    /// Splits `line` into words.
    /// - Throws: `CommandWordsError` naming what cannot be read without a shell.
    public init(parsing line: String) throws(CommandWordsError) {
        guard line.utf8.count <= Self.maximumBytes else { throw .tooLong(bytes: line.utf8.count) }
        var reader = CommandWordsReader()
        for scalar in line.unicodeScalars {
            try reader.read(scalar)
        }
        words = try reader.finish()
    }

    /// The words as given, each already split: for tests and for callers that hold an argv.
    public init(words: [Word]) {
        precondition(!words.isEmpty, "a command has a program")
        self.words = words
    }

    /// The program as written (`~/bin/feed`, `myfeed`): what messages name, never the
    /// arguments, which may hold secrets.
    public var program: String { words[0].written }

    /// The words as a command line that a POSIX shell (newsboat's) splits back into them, and
    /// that `init(parsing:)` reads back into the same words: one space between words.
    public var written: String { words.map(\.written).joined(separator: " ") }

    /// The argv to run, `home` standing for `~`.
    public func arguments(home: String) -> [String] { words.map { $0.argument(home: home) } }
}

/// Why a command cannot be split into words without a shell.
public enum CommandWordsError: Error, Sendable, Hashable, CustomStringConvertible {
    case empty
    case tooLong(bytes: Int)
    case tooManyWords
    case unclosedQuote(Character)
    case trailingBackslash
    /// A character that means something to the shell: `;`, `|`, `$`, …
    case shellSyntax(Character)
    /// `$` or `` ` `` inside double quotes, where the shell would expand it.
    case expansionInDoubleQuotes(Character)
    case userHome(String)
    case assignment(String)
    case comment
    case controlCharacter(UInt32)

    public var description: String {
        let noShell = "Tidings runs the program itself, without a shell"
        switch self {
        case .empty: return "the command is empty: it needs a program"
        case .tooLong(let bytes): return "the command is \(bytes) bytes long: at most \(CommandWords.maximumBytes)"
        case .tooManyWords: return "the command has more than \(CommandWords.maximumWords) words"
        case .unclosedQuote(let quote): return "the command has an unbalanced \(quote): close it"
        case .trailingBackslash: return "the command ends with a backslash that escapes nothing"
        case .shellSyntax(let character):
            return "the command uses the shell's '\(character)', but \(noShell): quote it ('…') to pass it as it is, or put the pipeline in a script"
        case .expansionInDoubleQuotes(let character):
            return "the command has '\(character)' inside double quotes, which a shell would expand, but \(noShell): use single quotes"
        case .userHome(let word):
            return "the command uses '\(word)': only ~/ (your own home) is expanded; write the path in full"
        case .assignment(let word):
            return "the command starts with the variable assignment '\(word)', but \(noShell): set it in a script"
        case .comment: return "a word of the command starts with '#', which a shell would read as a comment: quote it"
        case .controlCharacter(let value):
            return "the command holds the control character U+\(String(value, radix: 16, uppercase: true)): write it in a script"
        }
    }
}

/// The state of splitting one command line, a scalar at a time.
private struct CommandWordsReader {
    enum Quote { case none, single, double }

    var words: [CommandWords.Word] = []
    var current = ""
    /// A word has begun (an empty `''` is a word).
    var started = false
    var quote = Quote.none
    var escaped = false
    /// The current word began with an unquoted `~`, not yet known to be `~/` or `~` alone.
    var tilde = false
    var homeRelative = false

    mutating func read(_ scalar: Unicode.Scalar) throws(CommandWordsError) {
        let character = Character(scalar)
        if scalar.value < 0x20 && scalar != "\t" || (0x7F...0x9F).contains(scalar.value) {
            throw .controlCharacter(scalar.value)
        }
        if escaped {
            escaped = false
            if quote == .double, !"\"\\$`".unicodeScalars.contains(scalar) { append("\\") }
            append(character)
            return
        }
        switch quote {
        case .single:
            if scalar == "'" { quote = .none } else { append(character) }
            return
        case .double:
            switch scalar {
            case "\"": quote = .none
            case "\\": escaped = true
            case "$", "`": throw .expansionInDoubleQuotes(character)
            default: append(character)
            }
            return
        case .none:
            break
        }
        switch scalar {
        case " ", "\t":
            try endWord()
        case "'":
            try beginQuote(.single)
        case "\"":
            try beginQuote(.double)
        case "\\":
            try resolveTilde(before: character)
            escaped = true
            started = true
        case ";", "&", "|", "<", ">", "(", ")", "$", "`":
            throw .shellSyntax(character)
        case "#" where !started:
            throw .comment
        case "~" where !started:
            tilde = true
            started = true
        case "/" where tilde:
            tilde = false
            homeRelative = true
        default:
            try resolveTilde(before: character)
            append(character)
        }
    }

    mutating func finish() throws(CommandWordsError) -> [CommandWords.Word] {
        if escaped { throw .trailingBackslash }
        switch quote {
        case .single: throw .unclosedQuote("'")
        case .double: throw .unclosedQuote("\"")
        case .none: break
        }
        try endWord()
        guard !words.isEmpty else { throw .empty }
        if let assignment = Self.assignment(words[0]) { throw .assignment(assignment) }
        return words
    }

    private mutating func beginQuote(_ kind: Quote) throws(CommandWordsError) {
        try resolveTilde(before: kind == .single ? "'" : "\"")
        quote = kind
        started = true
    }

    /// A `~` followed by anything but `/` or the word's end names another user's home.
    private func resolveTilde(before next: Character) throws(CommandWordsError) {
        guard tilde else { return }
        throw .userHome("~" + String(next))
    }

    private mutating func append(_ character: Character) {
        current.append(character)
        started = true
    }

    private mutating func endWord() throws(CommandWordsError) {
        guard started else { return }
        let isHome = homeRelative || tilde
        words.append(CommandWords.Word(current, isHomeRelative: isHome))
        guard words.count <= CommandWords.maximumWords else { throw .tooManyWords }
        current = ""
        started = false
        tilde = false
        homeRelative = false
    }

    /// `NAME=…` as the first word, which the shell reads as a variable for the command.
    private static func assignment(_ word: CommandWords.Word) -> String? {
        guard !word.isHomeRelative, let equals = word.text.firstIndex(of: "="), equals > word.text.startIndex else { return nil }
        let name = word.text[..<equals]
        let isName = name.unicodeScalars.allSatisfy { scalar in
            scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        }
        return isName && !name.first!.isNumber ? word.text : nil
    }
}
