#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// Reads RSS 0.90–2.0, RSS 1.0 (RDF), Atom 0.3/1.0 with libxml2's SAX2 push parser, and JSON
/// Feed 1.0/1.1 with Foundation's JSON decoder; the format is recognised from the content.
///
/// An XML document is pushed to libxml2 in chunks of at most 64 KiB and never becomes a tree: a
/// collector maps elements to a `ParsedFeed` as they go by. The parser is hardened for documents
/// from anywhere: no network, no DTD loading, no entity substitution by libxml2, bounded entity
/// expansion, a depth limit and a size limit (see `LibXMLPushParser`). Broken XML is recovered as
/// far as libxml2 can and reported through `wellFormed`.
///
/// `parse(_:baseURL:charset:)` takes a whole document; `makeSession(baseURL:charset:)` parses one
/// that arrives in pieces, with the same result.
public struct LibXMLFeedParser: FeedParser {
    /// Documents larger than this many bytes are refused with `FeedParsingError.tooLarge`.
    public let maximumDocumentSize: Int

    public init(maximumDocumentSize: Int = 32 << 20) {
        self.maximumDocumentSize = maximumDocumentSize
    }

    public func parse(_ data: Data, baseURL: String?, charset: String?) throws(FeedParsingError) -> ParsedFeed {
        let session = makeSession(baseURL: baseURL, charset: charset)
        try session.append(data)
        return try session.finish()
    }

    /// Starts parsing a document that arrives in pieces (while it downloads), with this
    /// parser's size limit.
    /// - Parameters:
    ///   - baseURL: the URL the document comes from; relative links are resolved against it.
    ///   - charset: the charset of the HTTP `Content-Type`, when the server sent one.
    /// - Returns: a new session, to be fed with `append(_:)` and ended with `finish()`.
    public func makeSession(baseURL: String?, charset: String?) -> FeedParseSession {
        FeedParseSession(baseURL: baseURL, charset: charset, maximumDocumentSize: maximumDocumentSize)
    }
}
