/// What one sync did.
public struct SyncReport: Codable, Sendable, Hashable {
    /// Local changes the service took, and those it refused or could not take (they wait).
    public var pushed: Int
    public var failed: Int
    /// Feeds added for subscriptions made elsewhere, local feeds linked to the service's
    /// subscription of the same address, and feeds unsubscribed from elsewhere.
    public var feedsAdded: Int
    public var feedsLinked: Int
    public var feedsRemoved: Int
    /// Items new here, and read or starred states the service changed here.
    public var newItems: Int
    public var statesChanged: Int
    /// How long the sync took, in milliseconds.
    public var milliseconds: Int

    public init(
        pushed: Int = 0, failed: Int = 0, feedsAdded: Int = 0, feedsLinked: Int = 0, feedsRemoved: Int = 0, newItems: Int = 0,
        statesChanged: Int = 0, milliseconds: Int = 0
    ) {
        self.pushed = pushed
        self.failed = failed
        self.feedsAdded = feedsAdded
        self.feedsLinked = feedsLinked
        self.feedsRemoved = feedsRemoved
        self.newItems = newItems
        self.statesChanged = statesChanged
        self.milliseconds = milliseconds
    }
}
