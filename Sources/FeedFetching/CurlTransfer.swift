import CCurl
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One HTTP exchange: its libcurl easy handle, what the callbacks collect, and the continuation
/// of the task that waits for it.
///
/// Ownership, which is what makes `@unchecked Sendable` sound: the calling task creates and
/// configures the transfer, then hands it to the loop thread through the loop's lock. From then on
/// only the loop thread touches the easy handle and the collected response (libcurl runs the
/// callbacks on the thread that drives the multi handle). The only state shared between threads,
/// the completion, sits behind its own mutex.
final class CurlTransfer: @unchecked Sendable {
    typealias Continuation = CheckedContinuation<Result<FetchResponse, FetchError>, Never>

    /// Why a callback stopped the transfer; takes precedence over the resulting CURLE_WRITE_ERROR.
    enum AbortReason {
        case tooLarge
        case httpStatus(Int)
        /// The body sink asked to stop.
        case sink
        /// A redirect to another origin than the requested URL's, with secrets that must not go
        /// there or under a request that refuses such redirects: the absolute target.
        case crossOriginRedirect(String)
    }

    /// Where the exchange this transfer continues began: a redirect to another origin is
    /// followed by a new transfer (without the secrets), which keeps the first one's URL and
    /// hops so that a permanent move is still told from the start.
    struct Chain: Sendable {
        /// The URL the caller asked for.
        var start: String
        /// The redirects before this transfer, in order.
        var hops: [(status: Int, location: String)]
        /// The whole exchange's time limit, which the transfers before this one used part of.
        var timeout: Duration
    }

    let url: ValidatedURL
    let request: FetchRequest
    /// The fetcher's options with the request's `TransferSettings` applied.
    let options: FetchOptions
    /// Where a 2xx body goes instead of `body`, if anywhere.
    let sink: (any FetchBodySink)?
    /// The exchange this transfer is part of; its own URL starts it unless it follows a redirect.
    let chain: Chain
    /// Whether a redirect to another origin must stop the transfer (see `AbortReason`).
    let stopsAtOtherOrigins: Bool
    /// Bytes of the body handed over so far (`body.count` when there is no sink).
    var bodyBytes = 0
    /// The sink has been told the body begins.
    var sinkBegan = false
    /// The `CURL *`; valid until deinit.
    let easy: UnsafeMutableRawPointer
    private let requestHeaders: UnsafeMutablePointer<curl_slist>?
    /// CURLOPT_ERRORBUFFER: libcurl's detailed message for the last failure, NUL-terminated.
    let errorBuffer: UnsafeMutablePointer<CChar>

    // MARK: Loop-thread state

    /// The body of the final response, decoded.
    var body = Data()
    /// Headers of the latest response only (lowercased names); reset at every status line, so
    /// after redirects they belong to the final response.
    var responseHeaders: [String: String] = [:]
    var abortReason: AbortReason?
    /// The redirects of the exchange so far, in order: each response's status and `Location`.
    var redirects: [(status: Int, location: String)] = []
    /// The status of the response whose headers are arriving.
    var headerStatus = 0
    /// Bytes of an error page read and thrown away, so a short one does not cost the connection.
    var discardedBytes = 0
    var startedAt: ContinuousClock.Instant?
    /// Whether the first response's connection carries several transfers at once (HTTP/2 or
    /// later: true; HTTP/1.x: false); nil until its status line. Read by the loop to learn
    /// which origins multiplex; the responses after a redirect are another origin's and leave
    /// it alone.
    var multiplexes: Bool?

    // MARK: Shared state

    private struct Completion {
        var continuation: Continuation?
        var isCancelled = false
        var isFinished = false
    }

    private let completion = Mutex(Completion())

    // MARK: - Setup

    /// - Throws: `FetchError.invalidSettings` for request settings that `validate` refuses;
    ///   `.other` when libcurl refuses an option or memory runs out.
    init(
        request: FetchRequest, url: ValidatedURL, options: FetchOptions, sink: (any FetchBodySink)? = nil, chain: Chain? = nil
    ) throws(FetchError) {
        try Self.validate(request.settings)
        guard let easy = curl_easy_init() else { throw .other("libcurl could not create a transfer") }
        var headers: UnsafeMutablePointer<curl_slist>?
        for line in Self.requestHeaderLines(for: request) {
            guard let appended = curl_slist_append(headers, line) else {
                curl_slist_free_all(headers)
                curl_easy_cleanup(easy)
                throw .other("out of memory")
            }
            headers = appended
        }
        self.url = url
        self.request = request
        self.options = Self.effectiveOptions(options, request.settings)
        self.sink = sink
        self.chain = chain ?? Chain(start: url.string, hops: [], timeout: self.options.transferTimeout)
        self.stopsAtOtherOrigins = request.crossOriginRedirects == .refuse || request.settings.hasOriginBoundSecrets
        self.easy = easy
        self.requestHeaders = headers
        self.errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        try configure()
    }

    deinit {
        curl_easy_cleanup(easy)
        curl_slist_free_all(requestHeaders)
        errorBuffer.deallocate()
    }

    /// Our own header lines, less those the settings' headers replace, then the settings' lines.
    private static func requestHeaderLines(for request: FetchRequest) -> [String] {
        let extra = settingsHeaderLines(request.settings)
        let replaced = Set(extra.map(headerName))
        return defaultHeaderLines(for: request).filter { !replaced.contains(headerName($0)) } + extra
    }

    /// `Accept` prefers feed formats but takes anything (many servers send feeds as text/html);
    /// validators go out verbatim as the server sent them. Values with line breaks are dropped:
    /// they could only come from a corrupt store and would inject headers.
    private static func defaultHeaderLines(for request: FetchRequest) -> [String] {
        var lines = [
            "Accept: application/rss+xml, application/atom+xml, application/feed+json, application/json;q=0.9, "
                + "application/rdf+xml;q=0.9, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.8",
        ]
        func isSafe(_ value: String) -> Bool {
            !value.isEmpty && !value.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0 })
        }
        if let etag = request.etag, isSafe(etag) { lines.append("If-None-Match: \(etag)") }
        if let lastModified = request.lastModified, isSafe(lastModified) {
            lines.append("If-Modified-Since: \(lastModified)")
        }
        if let body = request.body, isSafe(body.contentType) {
            lines.append("Content-Type: \(body.contentType)")
        }
        return lines
    }

    private func configure() throws(FetchError) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        var results: [CURLcode] = [
            tidings_curl_easy_set_string(easy, CURLOPT_URL, url.string),
            // Only HTTP(S), both for the first request and for every redirect: a feed must not
            // be able to make the daemon read file:///etc/passwd or talk to other services.
            tidings_curl_easy_set_string(easy, CURLOPT_PROTOCOLS_STR, "http,https"),
            tidings_curl_easy_set_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"),
            // A redirect answered with the same method and body would send them where the
            // caller never meant to: only a GET follows one.
            tidings_curl_easy_set_long(easy, CURLOPT_FOLLOWLOCATION, request.method == .get ? 1 : 0),
            tidings_curl_easy_set_long(easy, CURLOPT_MAXREDIRS, options.maximumRedirects),
            // Credentials from the URL's userinfo go to the original host only.
            tidings_curl_easy_set_long(easy, CURLOPT_UNRESTRICTED_AUTH, 0),
            // Every encoding this libcurl can decode (gzip, deflate, br, zstd here).
            tidings_curl_easy_set_string(easy, CURLOPT_ACCEPT_ENCODING, ""),
            tidings_curl_easy_set_string(easy, CURLOPT_USERAGENT, options.userAgent),
            tidings_curl_easy_set_slist(easy, CURLOPT_HTTPHEADER, requestHeaders),
            // Signals are process-wide; the daemon runs libcurl on a thread of its own.
            tidings_curl_easy_set_long(easy, CURLOPT_NOSIGNAL, 1),
            tidings_curl_easy_set_long(easy, CURLOPT_CONNECTTIMEOUT_MS, options.connectTimeout.curlMilliseconds),
            tidings_curl_easy_set_long(easy, CURLOPT_TIMEOUT_MS, options.transferTimeout.curlMilliseconds),
            tidings_curl_easy_set_long(easy, CURLOPT_LOW_SPEED_LIMIT, options.lowSpeedLimit),
            tidings_curl_easy_set_long(easy, CURLOPT_LOW_SPEED_TIME, options.lowSpeedTime.curlSeconds),
            // A proxy's "200 Connection established" would otherwise reach the header callback.
            tidings_curl_easy_set_long(easy, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1),
            tidings_curl_easy_set_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer),
            tidings_curl_easy_set_pointer(easy, CURLOPT_WRITEDATA, context),
            tidings_curl_easy_set_pointer(easy, CURLOPT_HEADERDATA, context),
        ]
        if url.scheme == "https" {
            // Transfers to one host wait for its first connection to say whether it multiplexes
            // (HTTP/2, agreed in the TLS handshake), and then share it, instead of each opening
            // a connection of its own.
            results.append(tidings_curl_easy_set_long(easy, CURLOPT_PIPEWAIT, 1))
        }
        results += applyTransferSettings()
        results += applyMethod()
        // The transfer outlives its registration in the multi handle (the loop holds it), so
        // the unretained pointer above stays valid whenever libcurl calls back.
        results.append(tidings_curl_easy_set_write_function(easy, CURLOPT_WRITEFUNCTION) { buffer, size, count, context in
            guard let context else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            return transfer.receiveBody(UnsafeRawBufferPointer(start: buffer, count: size * count))
        })
        results.append(tidings_curl_easy_set_write_function(easy, CURLOPT_HEADERFUNCTION) { buffer, size, count, context in
            guard let context else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            return transfer.receiveHeaderLine(UnsafeRawBufferPointer(start: buffer, count: size * count))
        })
        if let failure = results.first(where: { $0 != CURLE_OK }) {
            throw .other("libcurl refused an option: \(String(cString: curl_easy_strerror(failure)))")
        }
    }

    /// The request method and body: libcurl copies the body (CURLOPT_COPYPOSTFIELDS), so the
    /// request's `Data` need not outlive this call.
    private func applyMethod() -> [CURLcode] {
        switch request.method {
        case .get:
            return []
        case .delete:
            return [tidings_curl_easy_set_string(easy, CURLOPT_CUSTOMREQUEST, "DELETE")]
        case .post, .put:
            // An empty body still needs a valid pointer: a one-byte buffer, sent as zero bytes.
            let data = request.body?.data ?? Data()
            let bytes = data.isEmpty ? [UInt8(0)] : [UInt8](data)
            var results = [
                tidings_curl_easy_set_long(easy, CURLOPT_POST, 1),
                // The size first: the body may hold NULs, so libcurl must not measure it.
                tidings_curl_easy_set_off_t(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(data.count)),
            ]
            results.append(bytes.withUnsafeBytes { buffer in
                tidings_curl_easy_set_pointer(easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: buffer.baseAddress))
            })
            if request.method == .put {
                results.append(tidings_curl_easy_set_string(easy, CURLOPT_CUSTOMREQUEST, "PUT"))
            }
            return results
        }
    }

    // MARK: - Completion

    /// Registers the waiting task.
    /// - Returns: false if the task was cancelled before it got here; the continuation has then
    ///   already been resumed with `.cancelled` and the transfer must not be started.
    func attach(_ continuation: Continuation) -> Bool {
        let cancelledEarly = completion.withLock { state in
            if state.isCancelled {
                state.isFinished = true
                return true
            }
            state.continuation = continuation
            return false
        }
        if cancelledEarly { continuation.resume(returning: .failure(.cancelled)) }
        return !cancelledEarly
    }

    /// Marks the transfer cancelled.
    /// - Returns: true if it is attached and unfinished, so the loop must abort it.
    func requestCancellation() -> Bool {
        completion.withLock { state in
            guard !state.isFinished else { return false }
            state.isCancelled = true
            return state.continuation != nil
        }
    }

    var isCancellationRequested: Bool {
        completion.withLock { $0.isCancelled }
    }

    /// Resumes the waiting task; later calls do nothing, so every path may call it.
    func finish(_ result: Result<FetchResponse, FetchError>) {
        let continuation = completion.withLock { state -> Continuation? in
            guard !state.isFinished else { return nil }
            state.isFinished = true
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(returning: result)
    }
}
