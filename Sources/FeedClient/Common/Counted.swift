import FeedEntities

/// "1 item", "3 items": the shared helper, named here so that every file of the client reaches
/// it whether or not it imports FeedEntities.
typealias Counted = FeedEntities.Counted
