/// Where a feed comes from, read from the address a user types or a feed's stored `url`:
/// a web URL, or one of newsboat's command feeds.
///
/// - `exec:COMMAND`: the program's stdout is the feed.
/// - `filter:COMMAND:URL`: the document at URL goes to the program's stdin, and its stdout is
///   the feed. As in newsboat, the command ends at the first `:` after `filter:` (so it holds
///   none) and the URL is the rest.
///
/// COMMAND is split into words as newsboat's shell would (`CommandWords`); Tidings runs the
/// program with that argv and no shell. A command feed's `text` is its canonical form, the
/// words written back one space apart and quoted where a shell needs it: it is what the store
/// keeps as the feed's `url`, so the same command typed with other spacing or quoting is the
/// same feed, and it is what a newsboat `urls` file or OPML export writes.
public enum FeedAddress: Sendable, Hashable {
    /// Anything that is not a command feed, left as given: the fetcher and the subscription
    /// check judge it as a URL.
    case web(String)
    case exec(CommandWords, text: String)
    case filter(CommandWords, url: String, text: String)

    public static let execPrefix = "exec:"
    public static let filterPrefix = "filter:"

    /// Reads `address` (surrounding blanks ignored).
    /// - Throws: `FeedAddressError` for an `exec:` or `filter:` address that cannot be read;
    ///   anything else is `.web` and never throws.
    public init(_ address: String) throws(FeedAddressError) {
        let trimmed = address.trimmingASCIIBlanks()
        if Self.hasPrefix(trimmed, Self.execPrefix) {
            let command = try Self.command(String(trimmed.dropFirst(Self.execPrefix.count)), kind: "exec")
            self = .exec(command, text: Self.execPrefix + command.written)
        } else if Self.hasPrefix(trimmed, Self.filterPrefix) {
            let rest = trimmed.dropFirst(Self.filterPrefix.count)
            guard let colon = rest.firstIndex(of: ":") else { throw .filterWithoutURL }
            let command = try Self.command(String(rest[..<colon]), kind: "filter")
            let url = String(rest[rest.index(after: colon)...]).trimmingASCIIBlanks()
            guard Self.isWebURL(url) else { throw .filterURL(url) }
            self = .filter(command, url: url, text: Self.filterPrefix + command.written + ":" + url)
        } else {
            self = .web(trimmed)
        }
    }

    /// Whether `address` claims to be a command feed (`exec:` or `filter:`, in any case), even
    /// one that cannot be read.
    public static func isCommand(_ address: String) -> Bool {
        let trimmed = address.trimmingASCIIBlanks()
        return hasPrefix(trimmed, execPrefix) || hasPrefix(trimmed, filterPrefix)
    }

    /// The address as stored and shown: the canonical form of a command feed, else the URL.
    public var text: String {
        switch self {
        case .web(let url): url
        case .exec(_, let text), .filter(_, _, let text): text
        }
    }

    /// The command of a command feed, `nil` for the web.
    public var command: CommandWords? {
        switch self {
        case .web: nil
        case .exec(let command, _), .filter(let command, _, _): command
        }
    }

    /// How messages name a command feed without its arguments (which may hold secrets):
    /// `exec:~/bin/feed`, `filter:clean`; the URL for the web.
    public var shortName: String {
        switch self {
        case .web(let url): url
        case .exec(let command, _): Self.execPrefix + command.program
        case .filter(let command, _, _): Self.filterPrefix + command.program
        }
    }

    /// The command of an address, whose program is an absolute path, `~/…` or a bare name (for
    /// the daemon's `PATH`): a relative path would depend on the directory it runs in.
    private static func command(_ line: String, kind: String) throws(FeedAddressError) -> CommandWords {
        let command: CommandWords
        do {
            command = try CommandWords(parsing: line)
        } catch {
            throw .command(kind: kind, error)
        }
        let program = command.words[0]
        guard program.isHomeRelative || program.text.hasPrefix("/") || (!program.text.isEmpty && !program.text.contains("/"))
        else { throw .relativeProgram(kind: kind, program.written) }
        return command
    }

    /// newsboat matches its prefixes exactly; any case is accepted here, since `EXEC:` can
    /// mean nothing else.
    private static func hasPrefix(_ text: String, _ prefix: String) -> Bool {
        text.utf8.count >= prefix.utf8.count && text.prefix(prefix.count).lowercased() == prefix
    }

    /// `http://` or `https://` (any case) with something after it, no blanks or control
    /// characters: what may be a feed's web address, and never a command.
    public static func isWebURL(_ url: String) -> Bool {
        let lowered = url.lowercased()
        let scheme = lowered.hasPrefix("https://") ? 8 : lowered.hasPrefix("http://") ? 7 : 0
        return scheme > 0 && url.utf8.count > scheme
            && !url.unicodeScalars.contains { $0.properties.isWhitespace || $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }
}

/// Why an `exec:` or `filter:` address cannot be read.
public enum FeedAddressError: Error, Sendable, Hashable, CustomStringConvertible {
    case command(kind: String, CommandWordsError)
    /// A program given by a relative path (`bin/feed`, `./feed`) or empty.
    case relativeProgram(kind: String, String)
    /// `filter:` without the `:URL` that ends it.
    case filterWithoutURL
    /// The URL of a `filter:` is not an http or https URL.
    case filterURL(String)

    public var description: String {
        switch self {
        case .command(let kind, let error): "\(kind): \(error)"
        case .relativeProgram(let kind, let program):
            "\(kind): the program '\(program)' must be an absolute path, ~/… or a name found on PATH"
        case .filterWithoutURL: "filter: needs a program and a URL: filter:PROGRAM ARGUMENTS:https://…"
        case .filterURL(let url):
            "filter: the URL after the program's ':' must be an http or https URL, not '\(TextLimit.shortened(url, maximumCharacters: 80))'"
        }
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line breaks.
    fileprivate func trimmingASCIIBlanks() -> String {
        String(trimming { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
    }
}
