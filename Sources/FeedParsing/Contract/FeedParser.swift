#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// Turns the bytes of a feed document into a `ParsedFeed`.
///
/// Implementations never load external entities, DTDs or anything from the network, and strip
/// control characters from every text field. They are stateless values, safe to share between
/// concurrent refreshes.
public protocol FeedParser: Sendable {
    /// Parses one whole document.
    /// - Parameters:
    ///   - data: the document as fetched (any encoding the document declares).
    ///   - baseURL: the URL the document came from; relative links are resolved against it.
    ///   - charset: the charset of the HTTP `Content-Type`, when the server sent one.
    /// - Returns: the feed; `wellFormed` is `false` when items were recovered from broken XML.
    /// - Throws: `FeedParsingError` when the input is not a feed or exceeds the size limit.
    ///   Runs synchronously on the caller's thread; it does not check for task cancellation.
    func parse(_ data: Data, baseURL: String?, charset: String?) throws(FeedParsingError) -> ParsedFeed

    /// A session that parses one document as it arrives, chunk by chunk (see `FeedParseSession`),
    /// with the same limits as `parse`.
    func makeSession(baseURL: String?, charset: String?) -> FeedParseSession

    /// The feeds an HTML page announces (`<link rel="alternate" type="application/rss+xml">`
    /// and kin), absolute, http(s) only, in page order, without duplicates; empty for anything
    /// that is not such a page. Synchronous; never touches the network.
    func discoverFeeds(inHTML data: Data, baseURL: String, charset: String?) -> [FeedCandidate]
}

/// Why a document could not be read as a feed.
public enum FeedParsingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The document is not RSS, Atom or a JSON Feed (e.g. an HTML page); the associated text says
    /// what it is.
    case notAFeed(String)
    /// The document is larger than the configured limit (bytes).
    case tooLarge(limit: Int)

    public var description: String {
        switch self {
        case .notAFeed(let what): "not a feed: \(what)"
        case .tooLarge(let limit): "document larger than \(limit) bytes"
        }
    }
}
