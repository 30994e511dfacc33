/// Where the daemon gets a password when it needs one: the standard output of a command, or
/// the contents of a file, read at the time of use so that the password itself is never stored.
///
/// Neither is a secret (a command line, a path), so both are shown as they are.
public enum PasswordSource: Sendable, Hashable, Codable {
    /// A program and its arguments, run without a shell.
    case command([String])
    /// An absolute path (or `~/…`, the daemon's home).
    case file(String)
}
