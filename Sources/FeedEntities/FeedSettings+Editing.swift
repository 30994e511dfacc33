extension FeedSettings {
    /// The most extra headers a feed may have: enough for any real need, and a bound on what
    /// one request to the daemon can make every fetch of the feed send.
    public static let maximumHeaders = 32

    /// Sets each `key=value` of `assignments`, in order (a key given twice keeps the later
    /// value). `header=Name: value` adds a header, or replaces the one of that name (names
    /// compare case-insensitively). `auth_password_command` and `auth_password_file` are one
    /// setting, as are the two of the proxy: setting one replaces the other.
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

    /// Clears each of `keys`: a setting not set stays unset. `header` clears every header,
    /// `header=Name` the one of that name; `auth_password_command` and `auth_password_file`
    /// both clear the password (the proxy's likewise).
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
                guard key == .header else {
                    throw FeedSettingsError(
                        key: key, description: "`unset` takes a key without a value: `\(key.rawValue)`, not `\(key.rawValue)=…`")
                }
                let name = try Self.headerName(String(parts[1]))
                settings.headers.removeAll { Self.headerName(of: $0).lowercased() == name.lowercased() }
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
            try addHeader(value)
        case .cookie:
            cookie = value
        case .authUser:
            authUser = try Self.userName(key, value)
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
        }
    }

    private mutating func clear(_ key: FeedSettingKey) {
        switch key {
        case .interval: interval = nil
        case .userAgent: userAgent = nil
        case .header: headers = []
        case .cookie: cookie = nil
        case .authUser: authUser = nil
        case .authPasswordCommand, .authPasswordFile: authPassword = nil
        case .authMethod: authMethod = nil
        case .proxy: proxy = nil
        case .proxyUser: proxyUser = nil
        case .proxyPasswordCommand, .proxyPasswordFile: proxyPassword = nil
        case .timeout: timeout = nil
        case .maxSize: maxSize = nil
        case .keepPerFeed: keepPerFeed = nil
        case .keepDays: keepDays = nil
        case .caFile: caFile = nil
        }
    }

    /// Adds `Name: value`, in the place of a header of that name if there is one.
    private mutating func addHeader(_ line: String) throws(FeedSettingsError) {
        guard let colon = line.firstIndex(of: ":") else {
            throw FeedSettingsError.badValue(.header, reason: "expected `Name: value`")
        }
        let name = try Self.headerName(String(line[..<colon]))
        // HTTP's optional white space: spaces and tabs.
        let value = line[line.index(after: colon)...].trimming { $0 == " " || $0 == "\t" }
        guard !value.isEmpty else {
            throw FeedSettingsError.badValue(.header, reason: "the header `\(name)` has no value (expected `Name: value`)")
        }
        let header = "\(name): \(value)"
        if let index = headers.firstIndex(where: { Self.headerName(of: $0).lowercased() == name.lowercased() }) {
            headers[index] = header
        } else {
            guard headers.count < Self.maximumHeaders else {
                throw FeedSettingsError.badValue(.header, reason: "a feed may have at most \(Self.maximumHeaders) headers")
            }
            headers.append(header)
        }
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
