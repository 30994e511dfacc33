import CCurl
import FeedEntities

/// How a transfer applies its request's `TransferSettings` over the fetcher's `FetchOptions`.
extension CurlTransfer {
    /// The options this transfer runs with: the fetcher's, with the settings' user agent,
    /// proxy, timeout and size limit in their place.
    static func effectiveOptions(_ options: FetchOptions, _ settings: TransferSettings) -> FetchOptions {
        var effective = options
        if let userAgent = settings.userAgent { effective.userAgent = userAgent }
        if let proxy = settings.proxy { effective.proxy = proxy }
        if let timeout = settings.transferTimeout { effective.transferTimeout = timeout }
        if let size = settings.maximumBodySize { effective.maximumBodySize = size }
        return effective
    }

    /// Refuses settings that would inject header lines, smuggle credentials into a proxy URL, or
    /// turn a limit off. Messages name the field, never its value.
    static func validate(_ settings: TransferSettings) throws(FetchError) {
        func isHeaderSafe(_ text: String) -> Bool {
            !text.utf8.contains { $0 == 0x0A || $0 == 0x0D || $0 == 0 }
        }
        if let userAgent = settings.userAgent, !isHeaderSafe(userAgent) {
            throw .invalidSettings("the user agent contains a line break or NUL")
        }
        for (index, line) in (settings.headers + settings.secretHeaders).enumerated() {
            guard isHeaderSafe(line) else {
                throw .invalidSettings("header line \(index + 1) contains a line break or NUL")
            }
            guard let colon = line.firstIndex(of: ":"), line[..<colon].isHTTPToken else {
                throw .invalidSettings("header line \(index + 1) is not 'Name: value'")
            }
        }
        if let cookie = settings.cookie, !isHeaderSafe(cookie) {
            throw .invalidSettings("the cookie contains a line break or NUL")
        }
        // libcurl takes C strings: a NUL would cut a credential short without a word.
        if let credentials = settings.credentials,
           !isHeaderSafe(credentials.user) || credentials.password.utf8.contains(0) {
            throw .invalidSettings("the credentials contain a line break or NUL")
        }
        if let proxyCredentials = settings.proxyCredentials,
           !isHeaderSafe(proxyCredentials.user) || proxyCredentials.password.utf8.contains(0) {
            throw .invalidSettings("the proxy credentials contain a line break or NUL")
        }
        if let proxy = settings.proxy, !proxy.isEmpty, let problem = FetchOptions.proxyProblem(proxy) {
            throw .invalidSettings("proxy: \(problem)")
        }
        if let caFile = settings.caFile, caFile.isEmpty || caFile.utf8.contains(0) {
            throw .invalidSettings("the CA file is not a path")
        }
        if let timeout = settings.transferTimeout, timeout <= .zero {
            throw .invalidSettings("the transfer timeout must be positive")
        }
        if let size = settings.maximumBodySize, size < 1 {
            throw .invalidSettings("the maximum body size must be at least 1 byte")
        }
    }

    /// The settings' own header lines: the extra headers, the secret ones, then the cookie. The
    /// cookie goes as a header rather than CURLOPT_COOKIE, which would follow a redirect
    /// anywhere; a transfer carrying any of them stops at a redirect to another origin, which
    /// is followed without them (`CurlRemoteDataManager`).
    static func settingsHeaderLines(_ settings: TransferSettings) -> [String] {
        settings.headers + settings.secretHeaders + (settings.cookie.map { ["Cookie: \($0)"] } ?? [])
    }

    /// The lowercased name of a `Name: value` line.
    static func headerName(_ line: String) -> String {
        String(line.prefix { $0 != ":" && $0 != ";" }.trimmingWhitespace()).lowercased()
    }

    /// Sets the options that come from the settings and the fetcher's proxy and CA file.
    /// - Returns: libcurl's answer to each.
    func applyTransferSettings() -> [CURLcode] {
        let settings = request.settings
        var results: [CURLcode] = []
        if let proxy = options.proxy {
            // An empty string turns proxies off, the environment's included.
            results.append(tidings_curl_easy_set_string(easy, CURLOPT_PROXY, proxy))
        }
        if let proxyCredentials = settings.proxyCredentials {
            results += [
                tidings_curl_easy_set_string(easy, CURLOPT_PROXYUSERNAME, proxyCredentials.user),
                tidings_curl_easy_set_string(easy, CURLOPT_PROXYPASSWORD, proxyCredentials.password),
                tidings_curl_easy_set_auth(easy, CURLOPT_PROXYAUTH, TIDINGS_CURL_AUTH_BASIC),
            ]
        }
        if let credentials = settings.credentials {
            let method = switch credentials.method {
            case .basic: TIDINGS_CURL_AUTH_BASIC
            case .digest: TIDINGS_CURL_AUTH_DIGEST
            case .any: TIDINGS_CURL_AUTH_ANY
            }
            results += [
                tidings_curl_easy_set_string(easy, CURLOPT_USERNAME, credentials.user),
                tidings_curl_easy_set_string(easy, CURLOPT_PASSWORD, credentials.password),
                tidings_curl_easy_set_auth(easy, CURLOPT_HTTPAUTH, method),
            ]
        }
        if let caFile = settings.caFile ?? options.caFile {
            results.append(tidings_curl_easy_set_string(easy, CURLOPT_CAINFO, caFile))
        }
        if let caFile = options.caFile {
            results.append(tidings_curl_easy_set_string(easy, CURLOPT_PROXY_CAINFO, caFile))
        }
        return results
    }

    /// What must never leave the transfer in an error or a log line.
    var secrets: [String] { request.settings.secrets + url.secrets }
}
