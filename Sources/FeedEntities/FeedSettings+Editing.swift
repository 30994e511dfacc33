extension FeedSettings {
    /// The most extra headers a feed may have: enough for any real need, and a bound on what
    /// one request to the daemon can make every fetch of the feed send.
    public static let maximumHeaders = 32

    /// Sets each `key=value` of `assignments`, in order (a key given twice keeps the later
    /// value). `header=Name: value` adds a header, or replaces the one of that name (names
    /// compare case-insensitively), as `secret_header=Name: value`, `header_command=Name:
    /// PROGRAM ARGS` and `header_file=Name: PATH` do in their forms. `auth_password_command` and
    /// `auth_password_file` are one setting, as are the two of the proxy and `cookie`,
    /// `cookie_command` and `cookie_file`: setting one replaces the other.
    ///
    /// All or nothing: when one assignment is refused, nothing is changed.
    /// - Throws: `FeedSettingsError` naming the first assignment refused and what its key expects
    ///   (docs/cli.md, "tidings feed", lists the keys and their bounds).
    public mutating func apply(_ assignments: [String]) throws(FeedSettingsError) {
        var settings = self
        for assignment in assignments {
            let (key, value) = try Self.split(assignment)
            try settings.set(key, value)
        }
        self = settings
    }

    /// Clears each of `keys`: a setting not set stays unset. `header` clears every header (of
    /// any form), `header=Name` the one of that name (as do `secret_header=Name`,
    /// `header_command=Name`, `header_file=Name`), and `secret_header`, `header_command` and
    /// `header_file` the headers of their form; `auth_password_command` and
    /// `auth_password_file` both clear the password (the proxy's and the cookie's likewise).
    ///
    /// All or nothing: when one key is refused, nothing is changed.
    /// - Throws: `FeedSettingsError` for an unknown key, or a value given to another key than
    ///   `header`.
    public mutating func unset(_ keys: [String]) throws(FeedSettingsError) {
        var settings = self
        for text in keys {
            let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = try Self.key(named: String(parts[0]))
            if parts.count == 2 {
                guard key.isHeader else {
                    throw FeedSettingsError(
                        key: key, description: "`unset` takes a key without a value: `\(key.rawValue)`, not `\(key.rawValue)=…`")
                }
                settings.removeHeader(named: try Self.headerName(String(parts[1])))
            } else {
                settings.clear(key)
            }
        }
        self = settings
    }

    // MARK: - One setting

    private mutating func set(_ key: FeedSettingKey, _ value: String) throws(FeedSettingsError) {
        try Self.checkText(key, value)
        switch key {
        case .interval:
            interval = try Self.duration(key, value, in: 60...(30 * 86400), expected: "a duration such as 30m, 2h or 1d")
        case .userAgent:
            userAgent = value
        case .header:
            let (name, text) = try Self.headerLine(key, value)
            try put("\(name): \(text)", in: \.headers)
        case .secretHeader:
            let (name, text) = try Self.headerLine(key, value)
            try put("\(name): \(text)", in: \.secretHeaders)
        case .headerCommand:
            let (name, text) = try Self.headerLine(key, value)
            let source = try Self.command(key, text)
            try makeRoom(forHeader: name)
            headerSources.append(HeaderSource(name: name, source: source))
        case .headerFile:
            let (name, text) = try Self.headerLine(key, value)
            let source = PasswordSource.file(try Self.path(key, text, allowingHome: true))
            try makeRoom(forHeader: name)
            headerSources.append(HeaderSource(name: name, source: source))
        case .cookie:
            cookie = value
            cookieSource = nil
        case .cookieCommand:
            cookieSource = try Self.command(key, value)
            cookie = nil
        case .cookieFile:
            cookieSource = .file(try Self.path(key, value, allowingHome: true))
            cookie = nil
        case .authUser:
            authUser = try Self.userName(key, value)
        case .authPassword:
            authPassword = .value(value)
        case .authPasswordCommand:
            authPassword = try Self.command(key, value)
        case .authPasswordFile:
            authPassword = .file(try Self.path(key, value, allowingHome: true))
        case .authMethod:
            guard let method = AuthMethod(rawValue: value.lowercased()) else {
                throw FeedSettingsError.badValue(key, value, expected: "basic, digest or any")
            }
            authMethod = method
        case .proxy:
            proxy = try Self.proxyURL(value)
        case .proxyUser:
            proxyUser = try Self.userName(key, value)
        case .proxyPasswordCommand:
            proxyPassword = try Self.command(key, value)
        case .proxyPasswordFile:
            proxyPassword = .file(try Self.path(key, value, allowingHome: true))
        case .timeout:
            timeout = try Self.duration(key, value, in: 1...600, expected: "a duration from 1s to 10m, such as 30s or 2m")
        case .maxSize:
            maxSize = try Self.size(key, value)
        case .keepPerFeed:
            keepPerFeed = try Self.count(key, value)
        case .keepDays:
            keepDays = try Self.days(key, value)
        case .caFile:
            caFile = try Self.path(key, value, allowingHome: false)
        case .fullText:
            guard let policy = FullTextPolicy(rawValue: value.lowercased()) else {
                throw FeedSettingsError.badValue(key, value, expected: "always or never")
            }
            fullText = policy
        }
    }

    private mutating func clear(_ key: FeedSettingKey) {
        switch key {
        case .interval: interval = nil
        case .userAgent: userAgent = nil
        case .header:
            headers = []
            secretHeaders = []
            headerSources = []
        case .secretHeader: secretHeaders = []
        case .headerCommand: headerSources.removeAll { if case .command = $0.source { true } else { false } }
        case .headerFile: headerSources.removeAll { if case .file = $0.source { true } else { false } }
        case .cookie, .cookieCommand, .cookieFile:
            cookie = nil
            cookieSource = nil
        case .authUser: authUser = nil
        case .authPassword, .authPasswordCommand, .authPasswordFile: authPassword = nil
        case .authMethod: authMethod = nil
        case .proxy: proxy = nil
        case .proxyUser: proxyUser = nil
        case .proxyPasswordCommand, .proxyPasswordFile: proxyPassword = nil
        case .timeout: timeout = nil
        case .maxSize: maxSize = nil
        case .keepPerFeed: keepPerFeed = nil
        case .keepDays: keepDays = nil
        case .caFile: caFile = nil
        case .fullText: fullText = nil
        }
    }

    /// The name and the rest of `Name: rest` (a value, a command or a path, by `key`).
    private static func headerLine(_ key: FeedSettingKey, _ line: String) throws(FeedSettingsError) -> (name: String, rest: String) {
        let form = switch key {
        case .headerCommand: "Name: PROGRAM ARGUMENTS"
        case .headerFile: "Name: PATH"
        default: "Name: value"
        }
        guard let colon = line.firstIndex(of: ":") else {
            throw FeedSettingsError.badValue(key, reason: "expected `\(form)`")
        }
        let name = try Self.headerName(String(line[..<colon]), key: key)
        // HTTP's optional white space: spaces and tabs.
        let rest = line[line.index(after: colon)...].trimming { $0 == " " || $0 == "\t" }
        guard !rest.isEmpty else {
            let missing = key == .header || key == .secretHeader ? "has no value" : "has nothing after its name"
            throw FeedSettingsError.badValue(key, reason: "the header `\(name)` \(missing) (expected `\(form)`)")
        }
        return (name, String(rest))
    }

    /// Puts `line` in `list` (`headers` or `secretHeaders`): in the place of the one of its
    /// name there, else at the end once `makeRoom` removed its other forms.
    private mutating func put(_ line: String, in list: WritableKeyPath<FeedSettings, [String]>) throws(FeedSettingsError) {
        let name = Self.headerName(of: line).lowercased()
        if let index = self[keyPath: list].firstIndex(where: { Self.headerName(of: $0).lowercased() == name }) {
            self[keyPath: list][index] = line
            return
        }
        try makeRoom(forHeader: name)
        self[keyPath: list].append(line)
    }

    /// Removes any header called `name`, in any form, and refuses a new one past
    /// `maximumHeaders`: a header set again takes the place of the old one, whatever its form.
    private mutating func makeRoom(forHeader name: String) throws(FeedSettingsError) {
        removeHeader(named: name)
        guard headerNames.count < Self.maximumHeaders else {
            throw FeedSettingsError.badValue(.header, reason: "a feed may have at most \(Self.maximumHeaders) headers")
        }
    }

    /// Removes the header called `name` (any case), whatever its form.
    private mutating func removeHeader(named name: String) {
        let lowered = name.lowercased()
        headers.removeAll { Self.headerName(of: $0).lowercased() == lowered }
        secretHeaders.removeAll { Self.headerName(of: $0).lowercased() == lowered }
        headerSources.removeAll { $0.name.lowercased() == lowered }
    }

    // MARK: - Reading the input

    /// The key and the value of `key=value`.
    private static func split(_ assignment: String) throws(FeedSettingsError) -> (FeedSettingKey, String) {
        guard let equals = assignment.firstIndex(of: "=") else {
            // Only a key is named: a word without `=` may be part of a value the shell split
            // (`cookie=a b`), which may be a secret.
            let key = FeedSettingKey(rawValue: assignment)
            let named = key.map { "`\($0.rawValue)` has no `=`" } ?? "a word without `=` is no setting (quote a value with spaces)"
            throw FeedSettingsError(key: key, description: "expected key=value, such as interval=2h, but \(named)")
        }
        let key = try key(named: String(assignment[..<equals]))
        return (key, String(assignment[assignment.index(after: equals)...]))
    }

    /// The key called `name`.
    static func key(named name: String) throws(FeedSettingsError) -> FeedSettingKey {
        if let key = FeedSettingKey(rawValue: name) { return key }
        let named = mentionable(name).map { " `\($0)`" } ?? ""
        throw FeedSettingsError(key: nil, description: "unknown setting\(named) (settings: \(FeedSettingKey.list))")
    }

    /// `text` when a message may quote it: what a mistyped key looks like, at most 32 lowercase
    /// letters, digits and `_`. Anything else may be a value typed in the wrong place
    /// (`Authorization: Bearer …` without `header=`, the part of a value after a space), so it is
    /// not repeated.
    private static func mentionable(_ text: String) -> String? {
        let isKeyLike = text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
        return isKeyLike && !text.isEmpty && text.count <= 32 ? text : nil
    }
}
