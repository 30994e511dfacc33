import Foundation

/// A subscription of a `FakeSyncAccount`. The fakes never fetch `feedURL`: entries arrive
/// through `FakeSyncAccount.addEntry` ("the service fetched the feed").
public struct FakeFeed: Sendable, Equatable {
    public var id: Int
    public var feedURL: String
    public var siteURL: String
    public var title: String
    public var categoryID: Int
    public var checkedAt: Date
    public var disabled: Bool

    public init(
        id: Int, feedURL: String, siteURL: String, title: String, categoryID: Int, checkedAt: Date,
        disabled: Bool = false
    ) {
        self.id = id
        self.feedURL = feedURL
        self.siteURL = siteURL
        self.title = title
        self.categoryID = categoryID
        self.checkedAt = checkedAt
        self.disabled = disabled
    }
}
