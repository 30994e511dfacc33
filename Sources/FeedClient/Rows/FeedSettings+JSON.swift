import FeedEntities
import FeedIPC

extension FeedSettings {
    /// The settings as `--json` writes them in a feed (docs/json.md): only those set, in the
    /// order of `tidings feed show`, the cookie, credential and secret headers `(hidden)`
    /// whatever the daemon sent, every string sanitized.
    var jsonValue: JSONValue {
        var members: [(String, JSONValue)] = []
        func number(_ key: String, _ value: Int?) {
            if let value { members.append((key, .int(Int64(value)))) }
        }
        func string(_ key: String, _ value: String?) {
            if let value { members.append((key, .string(TerminalText.sanitize(value)))) }
        }
        func sourceValue(_ source: PasswordSource) -> JSONValue {
            switch source {
            case .command(let argv): .object([("command", .array(argv.map { .string(TerminalText.sanitize($0)) }))])
            case .file(let path): .object([("file", .string(TerminalText.sanitize(path)))])
            case .value: .object([("value", .string(Self.hidden))])
            }
        }
        func source(_ key: String, _ source: PasswordSource?) {
            if let source { members.append((key, sourceValue(source))) }
        }
        number("interval", interval)
        string("userAgent", userAgent)
        if !headers.isEmpty { members.append(("headers", .array(shownHeaders.map { .string(TerminalText.sanitize($0)) }))) }
        if !secretHeaders.isEmpty {
            members.append(("secretHeaders", .array(shownSecretHeaders.map { .string(TerminalText.sanitize($0)) })))
        }
        if !headerSources.isEmpty {
            members.append(("headerSources", .array(headerSources.map { header in
                .object([("name", .string(TerminalText.sanitize(header.name))), ("source", sourceValue(header.source))])
            })))
        }
        string("cookie", shownCookie)
        source("cookieSource", cookieSource)
        string("authUser", authUser)
        source("authPassword", authPassword)
        string("authMethod", authMethod?.rawValue)
        string("proxy", proxy)
        string("proxyUser", proxyUser)
        source("proxyPassword", proxyPassword)
        number("timeout", timeout)
        number("maxSize", maxSize)
        number("keepPerFeed", keepPerFeed)
        number("keepDays", keepDays)
        string("caFile", caFile)
        string("fullText", fullText?.rawValue)
        return .object(members)
    }
}
