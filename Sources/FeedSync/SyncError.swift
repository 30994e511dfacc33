import FeedFetching

/// Why a call to the service failed; `description` is one line for the log, `tidings status` and
/// `--json`, and never holds a secret.
public enum SyncError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The service refused the credentials (401, 403, a failed login).
    case unauthorized(String)
    /// The service could not be reached, or the exchange failed (network, TLS, timeout, size).
    case unreachable(FetchError)
    /// The service asked to be left alone for a while (429 or 503 with `Retry-After`).
    case retryLater(seconds: Int)
    /// The service would not do what was asked, with its reason (a feed it cannot fetch).
    case refused(String)
    /// What was named does not exist on the service (any more).
    case notFound(String)
    /// The service answered with an error of its own (a 5xx, an API error code).
    case service(status: Int, message: String)
    /// The answer is not what the API documents (not JSON, missing fields).
    case malformedAnswer(String)
    /// The service's API cannot do this.
    case unsupported(String)
    case cancelled

    public var description: String {
        switch self {
        case .unauthorized(let reason): "the service refused the credentials: \(reason)"
        case .unreachable(.crossOriginRedirect(let from, let to)):
            "the service at \(from) redirected to another origin, \(to): not followed, so that the credentials do not go there; "
                + "if the service has moved, set the new address as sync url in the config"
        case .unreachable(let error): "cannot reach the service: \(error)"
        case .retryLater(let seconds): "the service asks to wait \(seconds) s"
        case .refused(let reason): "the service refused: \(reason)"
        case .notFound(let what): "not on the service: \(what)"
        case .service(let status, let message): "the service failed (\(status)): \(message)"
        case .malformedAnswer(let reason): "the service's answer is malformed: \(reason)"
        case .unsupported(let what): what
        case .cancelled: "cancelled"
        }
    }

    /// Whether trying again later may succeed (a network failure, a busy or failing service),
    /// rather than needing the user (credentials, a refusal, an API limit).
    public var isTransient: Bool {
        switch self {
        case .unreachable, .retryLater, .service, .malformedAnswer, .cancelled: true
        case .unauthorized, .refused, .notFound, .unsupported: false
        }
    }
}
