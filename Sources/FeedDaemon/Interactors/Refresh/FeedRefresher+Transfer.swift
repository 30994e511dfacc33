import FeedEntities
import FeedFetching

extension FeedRefresher {
    /// What a feed's settings ask of each of its transfers; passwords, and the headers and
    /// cookie kept in a program or file, are read now, for this transfer only, and kept nowhere.
    /// Secret headers and those read so go to the feed's origin only (`secretHeaders`).
    /// - Throws: `PasswordReadError` when a secret's command or file fails (the refresh fails
    ///   with that error, which names the program or file and never the secret).
    func transferSettings(_ settings: FeedSettings) async throws -> TransferSettings {
        try await Self.transferSettings(settings, passwords: passwords)
    }

    /// `transferSettings(_:)` with the secrets read by `passwords`: for the article fetcher too.
    static func transferSettings(_ settings: FeedSettings, passwords: any PasswordReader) async throws -> TransferSettings {
        var transfer = TransferSettings()
        transfer.userAgent = settings.userAgent
        transfer.headers = settings.headers
        transfer.secretHeaders = settings.secretHeaders
        for header in settings.headerSources {
            transfer.secretHeaders.append("\(header.name): \(try await passwords.password(from: header.source))")
        }
        transfer.cookie = settings.cookie
        if let source = settings.cookieSource { transfer.cookie = try await passwords.password(from: source) }
        if let user = settings.authUser {
            transfer.credentials = .init(
                user: user, password: try await password(settings.authPassword, passwords), method: settings.authMethod ?? .basic)
        }
        transfer.proxy = settings.proxy
        if let user = settings.proxyUser {
            transfer.proxyCredentials = .init(user: user, password: try await password(settings.proxyPassword, passwords))
        }
        transfer.caFile = settings.caFile
        transfer.transferTimeout = settings.timeout.map { .seconds($0) }
        transfer.maximumBodySize = settings.maxSize
        return transfer
    }

    /// The password `source` holds; none (an empty password) without a source.
    private static func password(_ source: PasswordSource?, _ passwords: any PasswordReader) async throws -> String {
        guard let source else { return "" }
        return try await passwords.password(from: source)
    }
}
