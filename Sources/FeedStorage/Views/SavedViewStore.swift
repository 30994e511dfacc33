#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// The saved views the database keeps (`tidings view add`), and what a view asks of the items:
/// its counts and marking its items read. Views of the config file are the daemon's; the store
/// counts and marks any `ItemFilter`.
///
/// Every method is one transaction (or one read) and safe to call concurrently with the
/// store's others.
public protocol SavedViewStore: Sendable {
    /// The stored views (`origin` `.stored`, no counts), in the order they were added.
    func savedViews() async throws -> [SavedView]

    /// Stores a view. A view of the same name without case is replaced, keeping its place in
    /// the order, when `replacing`; otherwise it is an error.
    /// - Returns: the view as stored, and the one it replaced.
    /// - Throws: `FeedStoreError.viewExists` (with the stored view), `.invalidViewName`,
    ///   `.tooManyViews` past `SavedView.maximumCount` stored views.
    func saveView(name: String, query: String, replacing: Bool) async throws -> (view: SavedView, replaced: SavedView?)

    /// Deletes the stored view of this name (without case).
    /// - Returns: the view deleted, or `nil` when no stored view has the name.
    func removeView(name: String) async throws -> SavedView?

    /// How many items each filter selects, unread and in all, as a listing of it would list
    /// them (hidden items and copies of an article left out), in one read; `now` is the moment
    /// `newer:` and `older:` count from.
    func counts(of filters: [ItemFilter], now: Date) async throws -> [SavedView.Counts]

    /// Marks read (or unread) every item a listing of `filter` lists, and the copies of the
    /// same articles in other feeds, in one transaction.
    /// - Returns: the number of listed items whose state changed.
    func markRead(matching filter: ItemFilter, read: Bool, now: Date) async throws -> Int
}
