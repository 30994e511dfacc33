import FeedEntities
import FeedFetching
import FeedParsing
import FeedStorage
import Foundation

extension FeedRefresher {
    /// How long the feed itself says to wait, in seconds: the longer of the HTTP freshness and
    /// the update interval its document announces.
    static func hint(_ response: FetchResponse, _ documentInterval: Double?) -> Int? {
        let document = documentInterval.map { Int(min($0, Double(Int32.max))) }
        switch (response.freshFor, document) {
        case let (http?, document?): return max(http, document)
        case let (http, document): return http ?? document
        }
    }

    /// The error of a fetch whose document ended before its root element closed: the body,
    /// or its compression stream, stopped early (libcurl does not check that a gzip stream
    /// reached its end, so a cut one shows only here).
    static let truncatedDocument = "truncated: the document ends before its root element closes (items before the cut were kept)"

    /// Makes `check` the failure of a document cut short: the server's fault like any failed
    /// fetch, so the feed backs off and shows the error; what came is stored, and the next
    /// fetch asks for everything (no validators).
    /// - Parameter failures: the failures in a row, this one included.
    func markCutShort(_ check: inout FeedCheck, failures: Int, schedule: RefreshSchedule) {
        check.failure = Self.truncatedDocument
        check.failures = failures
        check.etag = nil
        check.lastModified = nil
        check.nextCheck = schedule.afterFailure(at: check.at, failures: failures, retryAfter: nil)
    }

    /// Logs (at debug) the items whose link the store leaves out because it is longer than
    /// `TextLimit.maximumBytes`: the items are stored, without a link.
    func noteUnstorableLinks(in document: ParsedFeed, feed: String) {
        let count = document.items.count { !($0.link.map { TextLimit.fits($0) } ?? true) }
        guard count > 0 else { return }
        logger.debug(
            "links too long to store left out",
            metadata: ["feed": "\(feed)", "items": "\(count)", "limit": "\(TextLimit.maximumBytes) bytes"])
    }

    /// One line for users, whatever failed.
    static func describe(_ error: any Error) -> String {
        switch error {
        case let error as FetchError: error.description
        case let error as FeedParsingError: error.description
        case let error as CustomStringConvertible: error.description
        default: "\(error)"
        }
    }

    /// A duration in whole milliseconds, for the log.
    static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }
}
