/// A request `TestHTTPServer` received, as the client sent it.
public struct RecordedRequest: Sendable {
    public var method: String
    /// The path of the request target, without the query.
    public var path: String
    /// The query of the request target (after `?`), if any.
    public var query: String?
    /// `HTTP/1.1`, `HTTP/1.0`.
    public var version: String
    public var headers: [(String, String)]
    public var body: [UInt8]

    public init(
        method: String, path: String, query: String? = nil, version: String = "HTTP/1.1",
        headers: [(String, String)] = [], body: [UInt8] = []
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.version = version
        self.headers = headers
        self.body = body
    }

    /// The value of the first header called `name` (case-insensitive), or nil.
    public func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }
}
