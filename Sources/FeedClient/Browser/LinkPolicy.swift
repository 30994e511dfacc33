import FeedEntities

/// Which links the client hands to a browser: absolute `http`/`https` URLs with a host and
/// nothing invisible in them.
///
/// A feed decides what an item's link is. `javascript:`, `file:`, `data:` or a custom scheme
/// handler could run code or read local files when a browser (or `xdg-open`) opens them, and a
/// link with spaces, controls or bidi characters can look like something it is not.
public enum LinkPolicy {
    /// Why `link` must not be opened, or `nil` when it may be.
    public static func refusal(for link: String) -> String? {
        guard let colon = link.firstIndex(of: ":") else {
            return "only http and https links are opened"
        }
        let scheme = link[..<colon].lowercased()
        guard scheme == "http" || scheme == "https" else {
            return "only http and https links are opened"
        }
        for scalar in link.unicodeScalars where isForbidden(scalar) {
            return "links with spaces or control characters are not opened"
        }
        let rest = link[link.index(after: colon)...]
        guard rest.hasPrefix("//") else { return "the link has no host" }
        let authority = rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let hostAndPort = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
        let host: Substring
        if hostAndPort.hasPrefix("[") {
            host = hostAndPort.prefix { $0 != "]" }.dropFirst()
        } else {
            host = hostAndPort.prefix { $0 != ":" }
        }
        guard !host.isEmpty else { return "the link has no host" }
        return nil
    }

    /// `link` as it goes to a browser: every character that may not appear in a URL (RFC 3986:
    /// anything but letters, digits, `-._~`, the delimiters `:/?#[]@!$&'()*+,;=` and a `%`
    /// that starts an escape) percent-encoded as UTF-8. Such characters (`"`, `<`, `>`, `\`,
    /// `^`, `` ` ``, `{`, `|`, `}`, a letter of another script) mean the same encoded, while a
    /// browser wrapper that splits or quotes its argument, a terminal browser's own command
    /// line, or a handler registered for the link could read them otherwise. The host is
    /// encoded too: browsers decode it before IDNA.
    public static func browserForm(of link: String) -> String {
        PercentEncoding.encoded(link, keepingEscapes: true, keep: PercentEncoding.isAllowedInURL)
    }

    private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value <= 0x20 || (0x7F...0xA0).contains(value) || scalar.properties.isWhitespace
            || TerminalText.isInvisibleFormat(value)
    }
}
