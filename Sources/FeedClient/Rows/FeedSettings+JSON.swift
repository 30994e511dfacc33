import FeedEntities
import FeedIPC

extension FeedSettings {
    /// The settings as `--json` writes them in a feed (docs/json.md): only those set, in the
    /// order of `tidings feed show`, the cookie and credential headers `(hidden)` whatever the
    /// daemon sent, every string sanitized.
    var jsonValue: JSONValue {
        var members: [(String, JSONValue)] = []
        func number(_ key: String, _ value: Int?) {
            if let value { members.append((key, .int(Int64(value)))) }
        }
        func string(_ key: String, _ value: String?) {
            if let value { members.append((key, .string(TerminalText.sanitize(value)))) }
        }
        func source(_ key: String, _ source: PasswordSource?) {
            switch source {
            case .command(let argv):
                members.append((key, .object([("command", .array(argv.map { .string(TerminalText.sanitize($0)) }))])))
            case .file(let path):
                members.append((key, .object([("file", .string(TerminalText.sanitize(path)))])))
            case nil:
                break
            }
        }
        number("interval", interval)
        string("userAgent", userAgent)
        if !headers.isEmpty { members.append(("headers", .array(shownHeaders.map { .string(TerminalText.sanitize($0)) }))) }
        string("cookie", shownCookie)
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
        return .object(members)
    }
}
