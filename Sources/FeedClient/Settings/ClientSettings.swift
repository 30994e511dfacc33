/// The settings the client takes from the config file itself rather than from the daemon.
///
/// What the client runs must never come from the socket: whoever answers there is only
/// trusted to serve data. So the browser command is read here, from the user's own file.
public protocol ClientSettings {
    /// The `browser` command line of the config; `nil` when the file or the key is missing,
    /// or the value is empty or null.
    ///
    /// Blocks the calling thread for a small file read.
    /// - Throws: `ClientSettingsError` when the file cannot be trusted or its `browser` value
    ///   cannot be read without a YAML parser.
    func browser() throws -> String?

    /// The reader's settings: its keys (`keys:`) and behaviour (`reader:`); the defaults when
    /// the file or the sections are missing or null.
    ///
    /// Blocks the calling thread for a small file read.
    /// - Throws: `ClientSettingsError.unreadableMapping` when a section is not written as one
    ///   level of `name: value` or `name: [value, value]` lines; `.invalidSetting` for a name
    ///   or value the reader cannot use, naming the file, the line and what is valid there.
    func reader() throws -> ReaderSettings
}

/// Why a setting of the config file was not used.
public enum ClientSettingsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file belongs to another user or others may write to it: a command in it could be
    /// someone else's.
    case untrustedFile(path: String, reason: String)
    /// The value is written in a form the client does not read (a block scalar, a flow
    /// collection, an anchor, a value continued on the next line, an unclosed quote).
    case unreadableValue(path: String, key: String, line: Int)
    /// A mapping (`keys:`) is written in a form the client does not read: a deeper level, an
    /// empty value, an unquoted indicator character, a name given twice.
    case unreadableMapping(path: String, key: String, line: Int)
    /// A setting of the reader names an action, key or setting it does not have, or a value
    /// it does not take; `message` says what would be valid.
    case invalidSetting(path: String, line: Int, section: String, message: String)

    public var description: String {
        switch self {
        case .untrustedFile(let path, let reason):
            "not using the config file \(path): \(reason)"
        case .unreadableValue(let path, let key, let line):
            "cannot read '\(key)' in \(path) line \(line): write it on one line, plain or in quotes"
        case .unreadableMapping(let path, let key, let line):
            "cannot read '\(key)' in \(path) line \(line): write one "
                + (key == "keys" ? "'action: key' or 'action: [key, key]'" : "'name: value' or 'name: [value, value]'")
                + " per line, indented under it, with characters such as * ? & # , [ in quotes"
        case .invalidSetting(let path, let line, let section, let message):
            "\(path) line \(line): \(section): \(message)"
        }
    }
}
