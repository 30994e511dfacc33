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
    /// The server answered `304 Not Modified`: nothing was parsed or written.
    public var notModified: Bool
    /// The URL the feed moved to in this refresh (a permanent redirect seen twice in a row).
    public var movedTo: String?
    /// The server answered `410 Gone`: the feed is kept and no longer polled.
    public var isGone: Bool

    public init(
        feedID: Int64, title: String, url: String, newItems: Int, error: String? = nil, notModified: Bool = false,
        movedTo: String? = nil, isGone: Bool = false
    ) {
        self.feedID = feedID
        self.title = title
        self.url = url
        self.newItems = newItems
        self.error = error
        self.notModified = notModified
        self.movedTo = movedTo
        self.isGone = isGone
    }
}

extension RefreshOutcome {
    private enum CodingKeys: String, CodingKey {
        case feedID, title, url, newItems, error, notModified, movedTo, isGone
    }

    /// Decodes an outcome; what a daemon before protocol 1.1 did not send defaults to "no".
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            feedID: try container.decode(Int64.self, forKey: .feedID),
            title: try container.decode(String.self, forKey: .title),
            url: try container.decode(String.self, forKey: .url),
            newItems: try container.decode(Int.self, forKey: .newItems),
            error: try container.decodeIfPresent(String.self, forKey: .error),
            notModified: try container.decodeIfPresent(Bool.self, forKey: .notModified) ?? false,
            movedTo: try container.decodeIfPresent(String.self, forKey: .movedTo),
            isGone: try container.decodeIfPresent(Bool.self, forKey: .isGone) ?? false)
    }
}
