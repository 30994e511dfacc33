import FeedEntities
import FeedFetching
import FeedSync
import Synchronization

/// Makes the `SyncService` adapter for the configured service, with its secret read from
/// where the user keeps it.
public protocol SyncServiceSource: Sendable {
    /// The adapter for `configuration`: the same one (and its session) while the
    /// configuration stays the same and `forget()` is not called; the secret is read only when
    /// a new one is made.
    /// - Throws: `PasswordReadError` when the secret cannot be read.
    func service(for configuration: SyncConfiguration) async throws -> any SyncService

    /// Forgets the adapter, so that the next `service(for:)` reads the secret again: after the
    /// service refused it (the password may have changed).
    func forget()
}

/// `SyncServiceSource` over libcurl, with secrets from `PasswordReader`.
public final class ConfiguredSyncServices: SyncServiceSource {
    private struct Made: Sendable {
        var configuration: SyncConfiguration
        var service: any SyncService
    }

    private let fetcher: any RemoteDataManager
    private let passwords: any PasswordReader
    private let userAgent: @Sendable () -> String
    private let made = Mutex<Made?>(nil)

    /// - Parameter userAgent: the daemon's user agent now; tt-rss binds its session to it.
    public init(fetcher: any RemoteDataManager, passwords: any PasswordReader, userAgent: @escaping @Sendable () -> String) {
        self.fetcher = fetcher
        self.passwords = passwords
        self.userAgent = userAgent
    }

    public func service(for configuration: SyncConfiguration) async throws -> any SyncService {
        // The secret is read when the adapter is made, not at every sync or push: a password
        // command runs once, and again only after `forget()`.
        if let current = made.withLock({ $0 }), current.configuration == configuration {
            return current.service
        }
        let credentials: SyncCredentials
        if let token = configuration.token {
            credentials = .token(try await passwords.password(from: token))
        } else if let password = configuration.password {
            credentials = .password(user: configuration.user ?? "", password: try await passwords.password(from: password))
        } else {
            credentials = .password(user: configuration.user ?? "", password: "")
        }
        let settings = TransferSettings(userAgent: userAgent(), transferTimeout: .seconds(configuration.timeout))
        let service: any SyncService
        switch (configuration.service, credentials) {
        case (.miniflux, _):
            service = MinifluxService(fetcher: fetcher, url: configuration.url, credentials: credentials, settings: settings)
        case (.greader, .password(let user, let password)):
            service = GoogleReaderService(fetcher: fetcher, url: configuration.url, user: user, password: password, settings: settings)
        case (.ttrss, .password(let user, let password)):
            service = TinyTinyRSSService(fetcher: fetcher, url: configuration.url, user: user, password: password, settings: settings)
        case (.greader, .token), (.ttrss, .token):
            throw SyncError.unauthorized("\(configuration.service.rawValue) signs in with a user and password, not a token")
        }
        made.withLock { $0 = Made(configuration: configuration, service: service) }
        return service
    }

    public func forget() {
        made.withLock { $0 = nil }
    }
}
