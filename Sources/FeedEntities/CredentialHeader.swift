/// Which request headers carry a credential, by their name: shown as `(hidden)` wherever a
/// feed's settings are shown, sent, logged or quoted, and sent only to the origin they were
/// set for (a redirect to another scheme, host or port goes there without them).
///
/// The rule is by words in the name, not a list of known headers: services invent their own
/// (`X-Auth-Token` for miniflux, `Private-Token` for GitLab, `X-Api-Key`, `X-Session-Id`,
/// `X-CSRF-Token`), and hiding a header that is no secret costs nothing, while showing or
/// forwarding one that is gives it away.
public enum CredentialHeader {
    /// Parts of a header name (compared in lower case) that mark it a credential.
    public static let markers = [
        "auth", "token", "key", "secret", "session", "cookie", "passw", "passphrase", "credential", "signature",
        "csrf", "xsrf", "jwt", "bearer", "ticket", "api-id", "apiid", "sid",
    ]

    /// Whether a header called `name` (any case) carries a credential.
    public static func isCredential(_ name: some StringProtocol) -> Bool {
        let lowered = name.lowercased()
        return markers.contains { marker in
            // `sid` only as a word of its own (`X-SID`, `sid`), not inside one (`X-Inside`).
            marker == "sid" ? lowered.split(separator: "-").contains("sid") : lowered.contains(marker)
        }
    }
}
