extension FeedSettings {
    /// The settings as `tidings feed show` lists them: `(key, value)` in the order of
    /// `FeedSettingKey`, a header per line, values written as `feed set` takes them (`30m`,
    /// `10MiB`, a command in shell quoting) and secrets hidden as in the wire form. Empty when
    /// nothing is set.
    public var lines: [(key: String, value: String)] {
        var lines: [(key: String, value: String)] = []
        func add(_ key: FeedSettingKey, _ value: String?) {
            if let value { lines.append((key.rawValue, value)) }
        }
        func addSource(_ source: PasswordSource?, command: FeedSettingKey, file: FeedSettingKey, value: FeedSettingKey? = nil) {
            switch source {
            case .command(let argv): add(command, argv.map(ShellWord.quoted).joined(separator: " "))
            case .file(let path): add(file, path)
            case .value: add(value ?? command, Self.hidden)
            case nil: break
            }
        }
        add(.interval, interval.map { Quantity.durationText(seconds: $0) })
        add(.userAgent, userAgent)
        for header in shownHeaders { add(.header, header) }
        for header in shownSecretHeaders { add(.secretHeader, header) }
        for header in headerSources {
            switch header.source {
            case .command(let argv): add(.headerCommand, header.name + ": " + argv.map(ShellWord.quoted).joined(separator: " "))
            case .file(let path): add(.headerFile, header.name + ": " + path)
            case .value: add(.secretHeader, header.name + ": " + Self.hidden)
            }
        }
        add(.cookie, shownCookie)
        addSource(cookieSource, command: .cookieCommand, file: .cookieFile, value: .cookie)
        add(.authUser, authUser)
        addSource(authPassword, command: .authPasswordCommand, file: .authPasswordFile, value: .authPassword)
        add(.authMethod, authMethod?.rawValue)
        add(.proxy, proxy)
        add(.proxyUser, proxyUser)
        addSource(proxyPassword, command: .proxyPasswordCommand, file: .proxyPasswordFile)
        add(.timeout, timeout.map { Quantity.durationText(seconds: $0) })
        add(.maxSize, maxSize.map { Quantity.sizeText(bytes: $0) })
        add(.keepPerFeed, keepPerFeed.map(String.init))
        add(.keepDays, keepDays.map(String.init))
        add(.caFile, caFile)
        add(.fullText, fullText?.rawValue)
        return lines
    }
}
