import CCurl

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Turns a finished libcurl transfer into a `FetchResponse` or a `FetchError`.
extension CurlTransfer {
    /// Reads the result of a transfer libcurl reported as done, its error scrubbed of the
    /// transfer's secrets. Called on the loop thread, after the handle left the multi handle
    /// and before it is cleaned up.
    func outcome(for code: CURLcode) -> Result<FetchResponse, FetchError> {
        unredactedOutcome(for: code).mapError { $0.redacting(secrets) }
    }

    private func unredactedOutcome(for code: CURLcode) -> Result<FetchResponse, FetchError> {
        if let abortReason {
            switch abortReason {
            case .tooLarge: return .failure(.tooLarge(limit: options.maximumBodySize))
            case .httpStatus(let status):
                return request.errorResponses ? errorResponse(status: status) : .failure(.httpStatus(status))
            case .sink: return .failure(.cancelled)
            case .crossOriginRedirect(let target):
                return .failure(.crossOriginRedirect(
                    from: url.origin, to: ValidatedURL.origin(of: target) ?? ValidatedURL.redacted(target)))
            }
        }
        guard code == CURLE_OK else { return .failure(error(for: code)) }

        let status = responseCode
        let finalURL = string(CURLINFO_EFFECTIVE_URL) ?? url.string
        switch status {
        case 200..<300:
            return .success(FetchResponse(
                finalURL: finalURL, status: status, body: body,
                contentType: responseHeaders["content-type"],
                etag: responseHeaders["etag"], lastModified: responseHeaders["last-modified"],
                permanentRedirect: permanentRedirect, freshFor: freshFor, date: responseHeaders["date"].flatMap(HTTPDate.parse)))
        case 304:
            // Unchanged from what? Only a conditional request can be answered so.
            guard request.etag != nil || request.lastModified != nil else { return .failure(.unconditionalNotModified) }
            // The validators sent stay the feed's: they name the document it has. A 304's own
            // (a server that makes up a new ETag each time) would name one it never got.
            return .success(FetchResponse(
                finalURL: finalURL, status: status, body: Data(),
                contentType: responseHeaders["content-type"],
                etag: request.etag, lastModified: request.lastModified,
                permanentRedirect: permanentRedirect, freshFor: freshFor))
        case 429, 503:
            guard let seconds = retryAfter else {
                return request.errorResponses ? errorResponse(status: status) : .failure(.httpStatus(status))
            }
            return .failure(.retryLater(status: status, after: seconds))
        case 400...599 where request.errorResponses:
            return errorResponse(status: status)
        default:
            // Includes a 3xx that libcurl did not follow (no Location, or 300 Multiple Choices).
            return .failure(.httpStatus(status))
        }
    }

    /// A 4xx or 5xx answer as a response, for a request with `errorResponses`: its body is the
    /// first 64 KiB of the server's explanation.
    private func errorResponse(status: Int) -> Result<FetchResponse, FetchError> {
        if (status == 429 || status == 503), let seconds = retryAfter {
            return .failure(.retryLater(status: status, after: seconds))
        }
        return .success(FetchResponse(
            finalURL: string(CURLINFO_EFFECTIVE_URL) ?? url.string, status: status, body: body,
            contentType: responseHeaders["content-type"]))
    }

    /// The URL reached through the permanent redirects the exchange began with.
    private var permanentRedirect: String? {
        var current = chain.start
        var moved = false
        for hop in chain.hops + redirects {
            guard hop.status == 301 || hop.status == 308,
                let target = URL(string: hop.location, relativeTo: URL(string: current))?.absoluteString
            else { break }
            current = target
            moved = true
        }
        return moved && current != chain.start ? current : nil
    }

    /// `Retry-After` in seconds from now: a number of seconds, or an HTTP date measured against
    /// the response's own `Date` (so a skewed clock on either side does not matter) or, without
    /// one, against this machine's clock.
    private var retryAfter: Int? {
        guard let value = responseHeaders["retry-after"]?.trimmingWhitespace(), !value.isEmpty else { return nil }
        if let seconds = Int(value), seconds >= 0 { return seconds }
        guard let date = HTTPDate.parse(String(value)) else { return nil }
        let reference = responseHeaders["date"].flatMap(HTTPDate.parse) ?? Date()
        return max(0, Int(date.timeIntervalSince(reference).rounded(.up)))
    }

    /// How long the response stays fresh, from `Cache-Control: max-age` (preferred, RFC 9111)
    /// or `Expires` against `Date`.
    private var freshFor: Int? {
        if let control = responseHeaders["cache-control"] {
            for directive in control.split(separator: ",") {
                let pair = directive.split(separator: "=", maxSplits: 1)
                guard pair.count == 2, pair[0].trimmingWhitespace().lowercased() == "max-age",
                    let seconds = Int(pair[1].trimmingWhitespace(also: ["\""])), seconds >= 0
                else { continue }
                return seconds
            }
        }
        guard let expires = responseHeaders["expires"].flatMap(HTTPDate.parse) else { return nil }
        let reference = responseHeaders["date"].flatMap(HTTPDate.parse) ?? Date()
        return max(0, Int(expires.timeIntervalSince(reference)))
    }

    private func error(for code: CURLcode) -> FetchError {
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST:
            // After a redirect the host that failed is the redirect's, not the feed's.
            let host = string(CURLINFO_EFFECTIVE_URL).flatMap(ValidatedURL.host(of:)) ?? url.host
            return .dnsFailure(host: host)
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut(seconds: timeoutThatFired())
        case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_PROXY:
            return .connectionFailed(detail(for: code))
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
             CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED,
             CURLE_SSL_CACERT_BADFILE, CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR,
             CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT, CURLE_USE_SSL_FAILED:
            return .tls(detail(for: code))
        case CURLE_TOO_MANY_REDIRECTS:
            return .tooManyRedirects
        case CURLE_UNSUPPORTED_PROTOCOL:
            return .unsupportedScheme(refusedScheme() ?? "unknown")
        case CURLE_FILESIZE_EXCEEDED:
            return .tooLarge(limit: options.maximumBodySize)
        case CURLE_URL_MALFORMAT:
            return .invalidURL(request.url)
        case CURLE_ABORTED_BY_CALLBACK:
            return .cancelled
        default:
            return .other(detail(for: code))
        }
    }

    /// libcurl's own message for this transfer (it names hosts, ports and reasons), else the
    /// generic text of the code.
    private func detail(for code: CURLcode) -> String {
        let specific = String(cString: errorBuffer).trimmingWhitespace()
        return specific.isEmpty ? String(cString: curl_easy_strerror(code)) : String(specific)
    }

    /// Which of the three limits ended the transfer: before a connection exists only the
    /// connect timeout applies; after it, the whole-transfer limit if that much time has passed,
    /// else the low-speed limit.
    private func timeoutThatFired() -> Int {
        let connectMicroseconds = offT(CURLINFO_CONNECT_TIME_T) ?? 0
        if connectMicroseconds == 0 { return options.connectTimeout.curlSeconds }
        let totalMilliseconds = (offT(CURLINFO_TOTAL_TIME_T) ?? 0) / 1000
        if totalMilliseconds >= options.transferTimeout.curlMilliseconds - 100 {
            // The whole exchange's limit, of which a transfer after a redirect had what was left.
            return chain.timeout.curlSeconds
        }
        return options.lowSpeedTime.curlSeconds
    }

    /// The scheme of the redirect target libcurl refused to follow.
    private func refusedScheme() -> String? {
        let candidates = [string(CURLINFO_REDIRECT_URL), string(CURLINFO_EFFECTIVE_URL), responseHeaders["location"]]
        for candidate in candidates.compactMap({ $0 }) {
            if let scheme = ValidatedURL.scheme(of: candidate), !ValidatedURL.allowedSchemes.contains(scheme) {
                return scheme
            }
        }
        return nil
    }

    /// The URL of the response being received (after redirects).
    var effectiveURL: String? { string(CURLINFO_EFFECTIVE_URL) }

    private func string(_ info: CURLINFO) -> String? {
        var value: UnsafePointer<CChar>?
        guard tidings_curl_easy_get_string(easy, info, &value) == CURLE_OK, let value else { return nil }
        return String(cString: value)
    }

    private func offT(_ info: CURLINFO) -> Int? {
        var value: curl_off_t = 0
        guard tidings_curl_easy_get_off_t(easy, info, &value) == CURLE_OK else { return nil }
        return Int(value)
    }
}
