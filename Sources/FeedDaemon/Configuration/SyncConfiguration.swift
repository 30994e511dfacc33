import FeedEntities

/// The `sync:` section: the one reading service the daemon syncs with, and how.
public struct SyncConfiguration: Sendable, Equatable {
    /// Which API the service speaks.
    public enum Service: String, Sendable, CaseIterable {
        case miniflux
        /// The Google Reader API (FreshRSS, Inoreader, The Old Reader, BazQux, miniflux).
        case greader
        /// Tiny Tiny RSS.
        case ttrss
    }

    public var service: Service
    /// The service's address: http or https.
    public var url: String
    public var user: String?
    /// Where the password is (with `user`).
    public var password: PasswordSource?
    /// Where miniflux's API token is (instead of `user` and `password`).
    public var token: PasswordSource?
    /// Seconds between two syncs the daemon makes by itself.
    public var interval: Int = 15 * 60
    /// Seconds one call to the service may take.
    public var timeout: Int = 60

    public init(service: Service, url: String, user: String? = nil, password: PasswordSource? = nil, token: PasswordSource? = nil) {
        self.service = service
        self.url = url
        self.user = user
        self.password = password
        self.token = token
    }

    /// The account, as the store records it: the remote ids it keeps are this account's.
    /// Changing the service, its address or the user is another account.
    public var account: String {
        "\(service.rawValue) \(url) \(user ?? "(token)")"
    }
}
