/// Receives the body of a successful response while it downloads, instead of
/// `FetchResponse.body` (which then stays empty): the refresh hands it to the parser chunk by
/// chunk, so no whole feed is ever held in memory.
///
/// Both methods run on the fetcher's transfer thread, one call at a time, and should be quick:
/// that thread moves the bytes of every transfer (the daemon's sink copies each piece and
/// parses it on a thread of its own). Nothing is delivered for redirects, 304s or error pages.
public protocol FetchBodySink: AnyObject, Sendable {
    /// The final response is a 2xx and its body follows.
    /// - Parameters:
    ///   - finalURL: the URL after redirects (the base for relative links).
    ///   - contentType: the `Content-Type` header, when sent.
    /// - Returns: `false` to abort the transfer (the fetch then fails with `.cancelled`).
    func begin(finalURL: String, contentType: String?) -> Bool

    /// The next piece of the body, decoded (gzip, brotli…); valid only during the call.
    /// - Returns: `false` to abort the transfer (the fetch then fails with `.cancelled`).
    func receive(_ bytes: UnsafeRawBufferPointer) -> Bool
}
