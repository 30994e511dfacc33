import FeedEntities
import FeedFetching
import FeedParsing
import Foundation

/// Parses a response body while it downloads: the fetcher's body sink feeds a
/// `FeedParseSession`, so a refresh never holds a whole feed in memory, and a document that is
/// plainly not a feed (or too large) stops its download at once.
///
/// `@unchecked Sendable`: the fetcher's thread calls `begin` and `receive`, one at a time,
/// during the fetch; the refreshing task calls `finish` only after the fetch has returned.
final class ParsingSink: FetchBodySink, @unchecked Sendable {
    private let parser: any FeedParser
    private var session: FeedParseSession?
    /// Why parsing stopped the download, if it did.
    private(set) var failure: FeedParsingError?

    init(parser: any FeedParser) {
        self.parser = parser
    }

    func begin(finalURL: String, contentType: String?) -> Bool {
        session = parser.makeSession(baseURL: finalURL, charset: FetchResponse.charset(ofContentType: contentType))
        return true
    }

    func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let session else { return false }
        do throws(FeedParsingError) {
            try session.append(bytes)
            return true
        } catch {
            failure = error
            return false
        }
    }

    /// Ends the document of `response` (a 2xx fetched through this sink).
    /// - Throws: `FeedParsingError`, like `FeedParser.parse`; an empty body is no feed either.
    func finish(_ response: FetchResponse) throws(FeedParsingError) -> ParsedFeed {
        if let failure { throw failure }
        let session = self.session ?? parser.makeSession(baseURL: response.finalURL, charset: response.charset)
        self.session = nil
        return try session.finish()
    }
}
