#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What one feed's refresh did.
public struct RefreshOutcome: Sendable, Codable, Hashable {
    public var feedID: Int64
    public var title: String
    public var url: String
    /// Items stored for the first time by this refresh.
    public var newItems: Int
    /// Why the refresh failed; `nil` on success.
    public var error: String?

    public init(feedID: Int64, title: String, url: String, newItems: Int, error: String? = nil) {
        self.feedID = feedID
        self.title = title
        self.url = url
        self.newItems = newItems
        self.error = error
    }
}
