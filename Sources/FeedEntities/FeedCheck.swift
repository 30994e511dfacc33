#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What one refresh attempt learned about a feed's HTTP resource, stored with its outcome:
/// the feed's health and what the next attempt sends and when it happens.
public struct FeedCheck: Sendable, Hashable {
    /// When the attempt was made.
    public var at: Date
    /// The final answer's status; `nil` when none came.
    public var httpStatus: Int?
    /// Validators for the next conditional GET (a 304 repeats the ones sent).
    public var etag: String?
    public var lastModified: String?
    /// A permanent redirect seen on this attempt (`Feed.movedTo`).
    public var movedTo: String?
    /// When to fetch next; `nil` leaves the feed due.
    public var nextCheck: Date?
    /// The update interval the feed document announces, in seconds (`Feed.updateHint`).
    public var updateHint: Double?
    /// Why the attempt failed though it brought a document to store (one cut short): the
    /// store keeps the items and records this failure instead of a success, with no
    /// validators, so that the next attempt fetches the whole document. `nil` for a success.
    public var failure: String?
    /// For a failure: the failures in a row it makes, this one included, when the caller
    /// counted them (failures the daemon kept in memory while the store refused writes are
    /// not in the store yet); `nil` records one more than the store has.
    public var failures: Int?

    public init(
        at: Date, httpStatus: Int? = nil, etag: String? = nil, lastModified: String? = nil,
        movedTo: String? = nil, nextCheck: Date? = nil, updateHint: Double? = nil
    ) {
        self.at = at
        self.httpStatus = httpStatus
        self.etag = etag
        self.lastModified = lastModified
        self.movedTo = movedTo
        self.nextCheck = nextCheck
        self.updateHint = updateHint
    }
}
