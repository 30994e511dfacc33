/// Where the daemon reads a secret it needs for a feed (an HTTP or proxy password, a secret
/// header or cookie): a program or a private file, so that the secret itself is not written in
/// the config or the database; or, for a password the user handed over otherwise (in a feed's
/// URL, or `auth_password=-` from standard input), the value itself, kept like the cookie.
public enum PasswordSource: Sendable, Hashable, Codable {
    /// A program and its arguments (an argv, never a shell command), e.g.
    /// `["pass", "show", "feeds/example"]`: its stdout, less one trailing newline, is the secret.
    case command([String])
    /// An absolute path to a file of the daemon's user, readable by nobody else (0600 or 0400),
    /// holding the secret (a trailing newline is not part of it).
    case file(String)
    /// The secret itself: stored in the database (as a cookie is), shown as `(hidden)`.
    case value(String)
}
