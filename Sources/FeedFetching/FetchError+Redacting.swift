extension FetchError {
    /// A refused `TransferSettings` value: `invalid transfer settings: <problem>`. An `.other`
    /// error, so that every place that tells fetch errors apart keeps working; `problem` names
    /// the field and never repeats its value (which may be a secret).
    public static func invalidSettings(_ problem: String) -> FetchError {
        .other("invalid transfer settings: \(problem)")
    }

    /// The same error with every occurrence of each of `secrets` replaced by `***`.
    ///
    /// libcurl's messages may quote a URL, and a URL may carry credentials; whatever they quote,
    /// no password or cookie of the fetch reaches a user, a log or a client this way.
    func redacting(_ secrets: [String]) -> FetchError {
        guard !secrets.isEmpty else { return self }
        func scrub(_ text: String) -> String {
            var text = text
            // Longest first, so that a secret containing another one is replaced whole.
            for secret in secrets.sorted(by: { $0.count > $1.count }) where !secret.isEmpty {
                text = text.replacing(secret, with: "***")
            }
            return text
        }
        switch self {
        case .invalidURL(let url): return .invalidURL(scrub(url))
        case .unsupportedScheme(let scheme): return .unsupportedScheme(scrub(scheme))
        case .dnsFailure(let host): return .dnsFailure(host: scrub(host))
        case .connectionFailed(let reason): return .connectionFailed(scrub(reason))
        case .tls(let reason): return .tls(scrub(reason))
        case .other(let reason): return .other(scrub(reason))
        case .crossOriginRedirect(let from, let to): return .crossOriginRedirect(from: scrub(from), to: scrub(to))
        case .timedOut, .httpStatus, .retryLater, .tooLarge, .tooManyRedirects, .unconditionalNotModified, .cancelled:
            return self
        }
    }
}
