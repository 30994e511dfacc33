import FeedEntities
import FeedFetching
import Foundation

extension SubscriptionInteractor {
    /// What the user typed, when it is an address without a scheme: no `://`, and any colon
    /// before the first `/` followed by a port number (`localhost:8080/feed`), so that another
    /// scheme's URL (`mailto:me@example.org`, `javascript:…`) stays an unsupported scheme.
    /// `nil` for anything else.
    static func schemelessAddress(_ raw: String) -> String? {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let first = text.first, first != "/", !text.contains("://") else { return nil }
        let authority = text.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        // An IPv6 literal's colons are inside its brackets: look after them.
        let hostEnd = first == "[" ? authority.firstIndex(of: "]").map(authority.index(after:)) : authority.startIndex
        guard let hostEnd else { return nil }
        if let colon = authority[hostEnd...].firstIndex(of: ":") {
            let port = authority[authority.index(after: colon)...]
            guard !port.isEmpty, port.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        }
        return text
    }

    /// Whether the fetch never reached an HTTP answer: the server could not be found, reached
    /// or spoken to (TLS), or did not answer in time.
    static func isUnreachable(_ error: FetchError) -> Bool {
        switch error {
        case .dnsFailure, .connectionFailed, .timedOut, .tls, .other: true
        case .invalidURL, .unsupportedScheme, .httpStatus, .retryLater, .tooLarge, .tooManyRedirects, .crossOriginRedirect,
            .unconditionalNotModified, .cancelled:
            false
        }
    }

    /// The URL as it will be stored: trimmed, absolute, `http` or `https` with a host, within
    /// `TextLimit` (checked before anything is fetched; the store would refuse it after).
    static func validatedURL(_ raw: String) throws(SubscriptionError) -> String {
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard TextLimit.fits(trimmed) else { throw .tooLong(trimmed) }
        guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased() else {
            throw .invalidURL(raw)
        }
        guard scheme == "http" || scheme == "https" else { throw .unsupportedScheme(scheme) }
        guard let host = components.host, !host.isEmpty else { throw .invalidURL(raw) }
        return trimmed
    }
}
