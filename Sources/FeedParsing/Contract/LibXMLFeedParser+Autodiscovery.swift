import FeedEntities
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension LibXMLFeedParser {
    /// See `FeedParser.discoverFeeds`; libxml2's HTML parser, through `FeedAutodiscovery`.
    public func discoverFeeds(inHTML data: Data, baseURL: String, charset: String?) -> [FeedCandidate] {
        FeedAutodiscovery.candidates(inHTML: data, baseURL: baseURL, charset: charset)
    }
}
