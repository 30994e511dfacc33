/// A browser command line such as `firefox --new-tab %s`, split into an argument vector.
///
/// Commands come from the daemon's `browser` setting or `$BROWSER`. They are never given to a
/// shell: the string is split on whitespace here (single quotes, double quotes and backslash
/// escapes group words), and the URL becomes one argument of its own.
public struct BrowserCommand: Equatable, Sendable {
    /// The argument vector, `%s` placeholders included; never empty.
    public let template: [String]

    /// `nil` when `command` holds no words.
    public init?(parsing command: String) {
        let words = Self.split(command)
        guard !words.isEmpty else { return nil }
        template = words
    }

    /// The program name, for messages.
    public var program: String { template[0] }

    /// Whether the program is a browser that runs in the terminal (w3m, lynx…), which the
    /// reader must hand its screen to until it exits. Any other program is taken for a
    /// graphical browser (or `xdg-open`), which leaves the terminal alone.
    public var runsInTerminal: Bool {
        let name = program.split(separator: "/").last.map(String.init) ?? program
        return Self.terminalBrowsers.contains(name)
    }

    /// Text-mode browsers Debian packages, and the names its alternatives give them.
    static let terminalBrowsers: Set<String> = [
        "w3m", "lynx", "links", "links2", "elinks", "browsh", "carbonyl", "cha", "www-browser", "amfora",
        "edbrowse", "netrik", "retawq",
    ]

    /// The argv for `url`: each `%s` replaced by the URL (`%%` is a literal `%`); when no
    /// argument holds `%s`, the URL is appended as the last argument.
    public func arguments(for url: String) -> [String] {
        var substituted = false
        var arguments = template.map { word -> String in
            guard word.contains("%") else { return word }
            var result = ""
            var characters = word.makeIterator()
            while let character = characters.next() {
                guard character == "%" else {
                    result.append(character)
                    continue
                }
                switch characters.next() {
                case "s":
                    result += url
                    substituted = true
                case "%":
                    result.append("%")
                case let other?:
                    result.append("%")
                    result.append(other)
                case nil:
                    result.append("%")
                }
            }
            return result
        }
        if !substituted { arguments.append(url) }
        return arguments
    }

    /// The commands to try, in order: the daemon's `browser` setting when it is set, else each
    /// entry of the colon-separated `$BROWSER`, else `xdg-open`.
    public static func candidates(configured: String?, environment: [String: String]) -> [BrowserCommand] {
        if let configured, let command = BrowserCommand(parsing: configured) {
            return [command]
        }
        let fromEnvironment = (environment["BROWSER"] ?? "")
            .split(separator: ":")
            .compactMap { BrowserCommand(parsing: String($0)) }
        if !fromEnvironment.isEmpty { return fromEnvironment }
        return [BrowserCommand(parsing: "xdg-open")!]
    }

    /// Splits on unquoted whitespace; `'…'` is literal, `"…"` and bare words honour `\`.
    /// An unterminated quote runs to the end of the string.
    static func split(_ command: String) -> [String] {
        CommandLineWords.read(command).words
    }
}
