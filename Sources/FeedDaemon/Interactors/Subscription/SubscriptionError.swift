import FeedEntities
import FeedFetching
import FeedStorage

/// Why a URL cannot be subscribed to before anything is fetched.
public enum SubscriptionError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidURL(String)
    case unsupportedScheme(String)
    /// A web page that links to several feeds: the user picks one.
    case severalFeeds(page: String, [FeedCandidate])
    /// A URL longer than the store keeps (`TextLimit.maximumBytes`).
    case tooLong(String)
    /// An address given without a scheme that could be reached neither over https nor over
    /// http: each URL tried and why it failed.
    case unreachable([Attempt])

    /// One URL tried for an address given without a scheme, and why its fetch failed.
    public struct Attempt: Sendable, Equatable {
        public var url: String
        public var error: FetchError
    }

    public var description: String {
        switch self {
        case .invalidURL(let url): "'\(url)' is not an absolute http or https URL"
        case .unsupportedScheme(let scheme): "only http and https feeds can be subscribed to, not '\(scheme)'"
        case .tooLong(let url): FeedStoreError.unstorableURL(url).description
        case .unreachable(let attempts): attempts.map { "\($0.url): \($0.error)" }.joined(separator: "; ")
        case .severalFeeds(let page, let candidates):
            "\(page) is a web page offering \(candidates.count) feeds: "
                + candidates.map { candidate in
                    candidate.title.map { "\(candidate.url) (\($0))" } ?? candidate.url
                }.joined(separator: ", ") + "; subscribe to one of them"
        }
    }
}
