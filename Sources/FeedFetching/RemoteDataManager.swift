#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// Fetches documents over HTTP(S).
///
/// Implementations refuse every scheme but `http` and `https`, for the first request and for
/// every redirect, and bound the size and duration of each transfer.
public protocol RemoteDataManager: Sendable {
    /// Fetches one URL, following redirects.
    /// - Returns: the response; a `304 Not Modified` (after a conditional request) is a
    ///   response with an empty body, not an error.
    /// - Throws: `FetchError` for anything else than a 2xx or 304 answer. Safe to call
    ///   concurrently; cancelling the calling task aborts the transfer with `FetchError.cancelled`.
    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse

    /// Fetches one URL like `fetch(_:)`, handing the body of a 2xx answer to `sink` as it
    /// arrives; the returned response's `body` is then empty. The size limit still applies.
    func fetch(_ request: FetchRequest, bodySink sink: any FetchBodySink) async throws(FetchError) -> FetchResponse
}

extension RemoteDataManager {
    /// Fetches the whole body, then hands it to `sink` in one piece: for implementations that
    /// cannot stream (test doubles).
    public func fetch(_ request: FetchRequest, bodySink sink: any FetchBodySink) async throws(FetchError) -> FetchResponse {
        var response = try await fetch(request)
        guard (200..<300).contains(response.status) else { return response }
        let body = response.body
        response.body = Data()
        let accepted = sink.begin(finalURL: response.finalURL, contentType: response.contentType)
            && body.withUnsafeBytes { sink.receive($0) }
        guard accepted else { throw .cancelled }
        return response
    }
}

/// What to fetch, with the validators of the last successful fetch and how this fetch differs
/// from the fetcher's defaults. A feed is a `GET`; a call to a service's API may send a method
/// and a body of its own and read the service's error answers (`errorResponses`).
public struct FetchRequest: Sendable, Hashable {
    /// The request method: `GET` unless a service's API asks for another.
    public enum Method: String, Sendable, Hashable {
        case get = "GET", post = "POST", put = "PUT", delete = "DELETE"
    }

    /// What a `POST` or `PUT` sends, with its `Content-Type`.
    public struct Body: Sendable, Hashable {
        public var data: Data
        public var contentType: String

        public init(data: Data, contentType: String) {
            self.data = data
            self.contentType = contentType
        }

        /// A JSON document (`application/json`).
        public static func json(_ data: Data) -> Body { Body(data: data, contentType: "application/json") }

        /// An HTML form (`application/x-www-form-urlencoded`): names and values percent-encoded,
        /// in the given order (a name may repeat).
        public static func form(_ fields: [(String, String)]) -> Body {
            let text = fields.map { "\(formEncoded($0.0))=\(formEncoded($0.1))" }.joined(separator: "&")
            return Body(data: Data(text.utf8), contentType: "application/x-www-form-urlencoded")
        }

        /// RFC 3986 unreserved characters stay; every other byte is `%XX`.
        public static func formEncoded(_ text: String) -> String {
            PercentEncoding.encoded(text)
        }
    }

    public var url: String
    public var etag: String?
    public var lastModified: String?
    /// User agent, extra headers, cookie, credentials, proxy, CA file and limits of this fetch;
    /// empty keeps the fetcher's `FetchOptions`.
    public var settings: TransferSettings
    public var method: Method
    /// Sent with `POST` and `PUT`; `nil` sends an empty body.
    public var body: Body?
    /// Whether a final answer of 4xx or 5xx is returned as a `FetchResponse` (its body, up to
    /// 64 KiB, holds the service's explanation) instead of thrown as `FetchError.httpStatus`.
    /// A 429 or 503 with `Retry-After` is still thrown as `FetchError.retryLater`.
    public var errorResponses: Bool
    /// Whether the address may be a command feed (`exec:…`, `filter:…`) that a fetcher wrapping
    /// this one runs (the daemon's `CommandFeedFetcher`): set only for a feed the user
    /// subscribed to. An address that came from data (a page's autodiscovery, a reading
    /// service) leaves it `false`, so it can never become a program that runs. libcurl's
    /// fetcher ignores it: it fetches http and https only.
    public var allowsCommand: Bool
    /// What a redirect to another origin (scheme, host or port) than the requested URL's does.
    public var crossOriginRedirects: CrossOriginRedirects

    /// How a fetch treats a redirect to another origin than the requested URL's.
    public enum CrossOriginRedirects: Sendable, Hashable {
        /// Followed, without the settings' credentials, cookie and credential headers
        /// (`TransferSettings.hasOriginBoundSecrets`), which go to the requested origin only.
        case followWithoutSecrets
        /// Refused with `FetchError.crossOriginRedirect`: for calls to a service whose every
        /// request is authenticated, where an answer from elsewhere would be worth nothing.
        case refuse
    }

    public init(
        url: String, etag: String? = nil, lastModified: String? = nil, settings: TransferSettings = TransferSettings(),
        method: Method = .get, body: Body? = nil, errorResponses: Bool = false, allowsCommand: Bool = false,
        crossOriginRedirects: CrossOriginRedirects = .followWithoutSecrets
    ) {
        self.url = url
        self.etag = etag
        self.lastModified = lastModified
        self.settings = settings
        self.method = method
        self.body = body
        self.errorResponses = errorResponses
        self.allowsCommand = allowsCommand
        self.crossOriginRedirects = crossOriginRedirects
    }
}

extension FetchRequest {
    /// The host of an http(s) URL as libcurl reads it (lowercased), or `nil`: what per-host
    /// politeness counts by.
    public static func host(of url: String) -> String? {
        ValidatedURL.host(of: url)?.lowercased()
    }

    /// Whether `url` is one the fetcher fetches: absolute, `http` or `https`, with a host.
    public static func isWebAddress(_ url: String) -> Bool {
        guard let scheme = ValidatedURL.scheme(of: url), ValidatedURL.allowedSchemes.contains(scheme) else { return false }
        return host(of: url) != nil
    }
}

/// A completed HTTP exchange.
public struct FetchResponse: Sendable, Hashable {
    /// The URL after redirects.
    public var finalURL: String
    public var status: Int
    public var body: Data
    /// The `Content-Type` header, when sent.
    public var contentType: String?
    public var etag: String?
    public var lastModified: String?
    /// Where the request's URL has moved for good: the URL reached through the permanent
    /// redirects (301, 308) the exchange began with; `nil` when it began with none. A
    /// temporary redirect (302, 303, 307) ends the permanent part of the chain.
    public var permanentRedirect: String?
    /// `Cache-Control: max-age` or, failing that, `Expires`, as seconds from now: how long the
    /// server says the document stays fresh (a scheduling hint).
    public var freshFor: Int?
    /// The `Date` header: the server's clock when it answered (to the second).
    public var date: Date?

    public init(
        finalURL: String, status: Int, body: Data, contentType: String? = nil, etag: String? = nil,
        lastModified: String? = nil, permanentRedirect: String? = nil, freshFor: Int? = nil, date: Date? = nil
    ) {
        self.finalURL = finalURL
        self.status = status
        self.body = body
        self.contentType = contentType
        self.etag = etag
        self.lastModified = lastModified
        self.permanentRedirect = permanentRedirect
        self.freshFor = freshFor
        self.date = date
    }

    /// The `charset` parameter of `Content-Type`, if any.
    public var charset: String? { Self.charset(ofContentType: contentType) }

    /// The `charset` parameter of a `Content-Type` value, if any.
    public static func charset(ofContentType contentType: String?) -> String? {
        guard let contentType else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingWhitespace().lowercased() == "charset" else { continue }
            let value = pair[1].trimmingWhitespace(also: ["\"", "'"])
            return value.isEmpty ? nil : String(value)
        }
        return nil
    }
}

/// Why a fetch failed; `description` is the one line shown to users.
public enum FetchError: Error, Sendable, Hashable, CustomStringConvertible {
    case invalidURL(String)
    case unsupportedScheme(String)
    case dnsFailure(host: String)
    case connectionFailed(String)
    case timedOut(seconds: Int)
    case httpStatus(Int)
    /// 429 or 503 with a `Retry-After` the server wants honoured, in seconds from now.
    case retryLater(status: Int, after: Int)
    case tooLarge(limit: Int)
    case tooManyRedirects
    /// A `304 Not Modified` to a request that sent no validators (no `If-None-Match`, no
    /// `If-Modified-Since`): there is nothing it can be unchanged from, so it is the server's
    /// error, not a document.
    case unconditionalNotModified
    /// The server redirected to another origin (`scheme://host:port`, no path), which a request
    /// that refuses such redirects (`FetchRequest.CrossOriginRedirects.refuse`) did not follow.
    case crossOriginRedirect(from: String, to: String)
    case tls(String)
    case cancelled
    case other(String)

    public var description: String {
        switch self {
        case .invalidURL(let url): "invalid URL: \(url)"
        case .unsupportedScheme(let scheme): "unsupported URL scheme '\(scheme)' (only http and https)"
        case .dnsFailure(let host): "could not resolve host '\(host)'"
        case .connectionFailed(let reason): "connection failed: \(reason)"
        case .timedOut(let seconds): "timed out after \(seconds) s"
        case .httpStatus(let status): "HTTP \(status)\(Self.reason(for: status).map { " \($0)" } ?? "")"
        case .retryLater(let status, let seconds):
            "HTTP \(status)\(Self.reason(for: status).map { " \($0)" } ?? ""), retry after \(seconds) s"
        case .tooLarge(let limit): "response larger than \(limit) bytes"
        case .tooManyRedirects: "too many redirects"
        case .unconditionalNotModified: "the server answered 304 Not Modified to an unconditional request"
        case .crossOriginRedirect(let from, let to):
            "\(from) redirected to another origin, \(to): not followed, so that no credential goes there"
        case .tls(let reason): "TLS error: \(reason)"
        case .cancelled: "cancelled"
        case .other(let reason): reason
        }
    }

    private static func reason(for status: Int) -> String? {
        switch status {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 410: "Gone"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: nil
        }
    }
}
