/// What `TestHTTPServer` answers on a route.
public struct TestHTTPResponse: Sendable {
    public var status: Int
    /// Sent as given. `Content-Length` is added unless a `Content-Length` or
    /// `Transfer-Encoding: chunked` header is present (chunked bodies go out in 1 KiB chunks).
    public var headers: [(String, String)]
    public var body: [UInt8]
    /// How long to wait before answering, for timeout tests.
    public var delay: Duration?
    /// Holds the answer (after its delay, if any) until the gate is opened.
    public var gate: TestHTTPGate?
    /// Sends the body `bytes` at a time, waiting `every` before each piece (a trickling server).
    public var pace: (bytes: Int, every: Duration)?
    /// Sends only this many bytes of the body (with the whole body's `Content-Length`), then
    /// closes the connection: a truncated response.
    public var truncatedAfter: Int?
    /// Sends `piece` `times` times after `body`, each write waiting for the one before to go out,
    /// so that a huge body (tens of MB) is never held in memory whole. `Content-Length` counts it.
    public var repeatedBody: (piece: [UInt8], times: Int)?

    public init(
        status: Int = 200, headers: [(String, String)] = [], body: [UInt8] = [], delay: Duration? = nil,
        pace: (bytes: Int, every: Duration)? = nil, truncatedAfter: Int? = nil,
        repeatedBody: (piece: [UInt8], times: Int)? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
        self.pace = pace
        self.truncatedAfter = truncatedAfter
        self.repeatedBody = repeatedBody
    }

    /// A 200 with a text body.
    public static func ok(_ body: String, contentType: String = "application/rss+xml; charset=utf-8") -> TestHTTPResponse {
        TestHTTPResponse(status: 200, headers: [("Content-Type", contentType)], body: Array(body.utf8))
    }

    /// A redirect to `location` (absolute, or relative to the request).
    public static func redirect(to location: String, status: Int = 301) -> TestHTTPResponse {
        TestHTTPResponse(status: status, headers: [("Location", location)])
    }

    /// A bodyless answer such as 304, 404 or 500.
    public static func status(_ status: Int, headers: [(String, String)] = []) -> TestHTTPResponse {
        TestHTTPResponse(status: status, headers: headers)
    }

    /// The value of the first header called `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }
}
