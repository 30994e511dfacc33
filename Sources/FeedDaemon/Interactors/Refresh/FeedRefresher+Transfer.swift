import FeedEntities
import FeedFetching

extension FeedRefresher {
    /// What a feed's settings ask of each of its transfers; passwords are read now, for this
    /// transfer only, and kept nowhere.
    /// - Throws: `PasswordReadError` when a password command or file fails (the refresh fails
    ///   with that error, which names the program or file and never the secret).
    func transferSettings(_ settings: FeedSettings) async throws -> TransferSettings {
        var transfer = TransferSettings()
        transfer.userAgent = settings.userAgent
        transfer.headers = settings.headers
        transfer.cookie = settings.cookie
        if let user = settings.authUser {
            transfer.credentials = .init(
                user: user, password: try await password(settings.authPassword), method: settings.authMethod ?? .basic)
        }
        transfer.proxy = settings.proxy
        if let user = settings.proxyUser {
            transfer.proxyCredentials = .init(user: user, password: try await password(settings.proxyPassword))
        }
        transfer.caFile = settings.caFile
        transfer.transferTimeout = settings.timeout.map { .seconds($0) }
        transfer.maximumBodySize = settings.maxSize
        return transfer
    }

    /// The password `source` holds; none (an empty password) without a source.
    private func password(_ source: PasswordSource?) async throws -> String {
        guard let source else { return "" }
        return try await passwords.password(from: source)
    }
}
