import FeedEntities
import Yams

/// Reads `sync:`, a mapping:
///
/// ```yaml
/// sync:
///   service: miniflux            # miniflux, greader or ttrss
///   url: https://rss.example.org
///   user: alice
///   password_command: [pass, show, rss.example.org]   # or password_file: ~/.config/tidings/rss.pw
///   # miniflux only, instead of user and password: token_command / token_file
///   interval: 15m
///   timeout: 60s
/// ```
///
/// Errors name the key (`sync.url`). Secrets are never in the file: only where to read them.
struct SyncConfigurationParser {
    let file: String

    /// The section; `nil` for an empty one.
    /// - Throws: `ConfigurationError` naming the key and what is wrong with it.
    func sync(_ node: Node) throws(ConfigurationError) -> SyncConfiguration? {
        if let scalar = node.scalar?.string {
            guard scalar.isEmpty || scalar == "~" || scalar == "null" else {
                throw ConfigurationError(file: file, key: "sync", message: "expected a mapping with service, url and credentials")
            }
            return nil
        }
        guard let mapping = node.mapping else {
            throw ConfigurationError(file: file, key: "sync", message: "expected a mapping with service, url and credentials")
        }
        var service: SyncConfiguration.Service?
        var url: String?
        var user: String?
        var password: PasswordSource?, token: PasswordSource?
        var interval: Int?, timeout: Int?
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            let field = ConfigurationField(file: file, key: "sync.\(key)", node: value)
            do throws(ConfigurationError) {
                switch key {
                case "service":
                    let name = try field.optionalString() ?? ""
                    guard let known = SyncConfiguration.Service(rawValue: name) else {
                        throw field.fail("expected miniflux, greader or ttrss, got '\(name)'")
                    }
                    service = known
                case "url": url = try serviceURL(field)
                case "user":
                    guard let name = try field.optionalString(), !name.contains(":"), !name.contains(where: \.isNewline) else {
                        throw field.fail("expected a user name (without `:`)")
                    }
                    user = name
                case "password_command": password = try command(field, value)
                case "password_file": password = try secretFile(field)
                case "token_command": token = try command(field, value)
                case "token_file": token = try secretFile(field)
                case "interval": interval = try field.duration(minimum: 60)
                case "timeout": timeout = try field.duration(minimum: 1)
                default:
                    throw ConfigurationError(
                        file: file, key: "sync", message: "unknown key '\(key)' (expected service, url, user, password_command, "
                            + "password_file, token_command, token_file, interval and timeout)")
                }
            } catch {
                var located = error
                located.line = located.line ?? keyNode.mark?.line
                throw located
            }
        }
        guard let service else { throw ConfigurationError(file: file, key: "sync", message: "missing 'service' (miniflux, greader or ttrss)") }
        guard let url else { throw ConfigurationError(file: file, key: "sync", message: "missing 'url': the service's address") }
        var configuration = SyncConfiguration(service: service, url: url, user: user, password: password, token: token)
        if let interval { configuration.interval = interval }
        if let timeout { configuration.timeout = timeout }
        try check(configuration)
        return configuration
    }

    /// What each service needs to sign in.
    private func check(_ configuration: SyncConfiguration) throws(ConfigurationError) {
        switch configuration.service {
        case .miniflux:
            if configuration.token != nil {
                guard configuration.password == nil else {
                    throw ConfigurationError(file: file, key: "sync", message: "a token or a password, not both")
                }
                return
            }
            guard configuration.user != nil, configuration.password != nil else {
                throw ConfigurationError(
                    file: file, key: "sync",
                    message: "miniflux needs token_command (or token_file), or user with password_command (or password_file)")
            }
        case .greader, .ttrss:
            guard configuration.token == nil else {
                throw ConfigurationError(
                    file: file, key: "sync", message: "\(configuration.service.rawValue) signs in with user and password, not a token")
            }
            guard configuration.user != nil, configuration.password != nil else {
                throw ConfigurationError(
                    file: file, key: "sync",
                    message: "\(configuration.service.rawValue) needs user and password_command (or password_file)")
            }
        }
    }

    /// An http or https address with a host and no credentials (they belong in the password
    /// keys, never in the file).
    private func serviceURL(_ field: ConfigurationField) throws(ConfigurationError) -> String {
        guard let text = try field.optionalString() else { throw field.fail("expected the service's http or https address") }
        let lower = text.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
            throw field.fail("expected an http or https address, got '\(text)'")
        }
        let rest = text.drop { $0 != ":" }.dropFirst(3)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.isEmpty else { throw field.fail("the address names no host") }
        guard !authority.contains("@") else {
            throw field.fail("the address may not hold credentials: use user and password_command")
        }
        guard !text.contains(where: { $0.isWhitespace || $0.unicodeScalars.contains { $0.value < 0x20 } }) else {
            throw field.fail("the address holds spaces or control characters")
        }
        return text
    }

    /// An argv list, as hooks are written (`[pass, show, rss]`), or one line split as the
    /// shell would without running one.
    private func command(_ field: ConfigurationField, _ node: Node) throws(ConfigurationError) -> PasswordSource {
        var words: [String] = []
        if let sequence = node.sequence {
            for element in sequence {
                guard let word = element.scalar?.string else { throw field.fail("every argument must be a string") }
                words.append(word)
            }
        } else if let line = try field.optionalString() {
            do {
                words = try CommandWords(parsing: line).arguments(home: "~")
            } catch {
                throw field.fail("expected a command and its arguments: \(error.description)")
            }
        }
        guard let program = words.first, !program.isEmpty else { throw field.fail("the command is empty") }
        guard program.hasPrefix("/") || program.hasPrefix("~/") || !program.contains("/") else {
            throw field.fail("the program must be an absolute path or a name found on PATH, got '\(program)'")
        }
        return .command(words)
    }

    private func secretFile(_ field: ConfigurationField) throws(ConfigurationError) -> PasswordSource {
        guard let path = try field.optionalString(), path.hasPrefix("/") || path.hasPrefix("~/") else {
            throw field.fail("expected an absolute path or ~/…")
        }
        return .file(path)
    }
}
