#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

/// One account on a reading service (miniflux, a Google Reader API server, Tiny Tiny RSS),
/// spoken in that service's own API. The daemon's sync use case sees only this protocol: one
/// adapter per API, chosen by the composition root from the `sync:` settings.
///
/// Every call is one or a few HTTP exchanges with the service; none keeps state the caller
/// must know about (a session an API needs is opened on first use and again when it expires).
/// Calls are safe to make concurrently, though the sync use case makes them one at a time.
/// Cancelling the calling task aborts the exchange in progress with `SyncError.cancelled`.
/// Errors never hold a secret: not the password, the token or a session.
public protocol SyncService: Sendable {
    /// What this service's API can and cannot do, for the use case to plan around.
    var capabilities: SyncCapabilities { get }

    /// Checks the account: signs in where the API has sessions, or asks for the user.
    /// - Throws: `SyncError.unauthorized` when the service refuses the credentials; the other
    ///   `SyncError`s when it cannot be asked.
    func verify() async throws(SyncError)

    /// Every subscription of the account, with its categories.
    /// - Throws: `SyncError`.
    func subscriptions() async throws(SyncError) -> [RemoteSubscription]

    /// Subscribes the account to `url`, in `categories` (the first only, where a feed has one;
    /// categories the service lacks are created where the API can, else left out).
    /// - Returns: the new subscription; an existing one when the account already has `url`.
    /// - Throws: `SyncError.refused` when the service will not subscribe (it cannot fetch the
    ///   feed, the URL is invalid), with its reason; the other `SyncError`s.
    func subscribe(url: String, title: String?, categories: [String]) async throws(SyncError) -> RemoteSubscription

    /// Removes a subscription and, on the service, its entries.
    /// - Throws: `SyncError.notFound` when there is no such subscription; the other `SyncError`s.
    func unsubscribe(_ subscriptionID: String) async throws(SyncError)

    /// Gives a subscription a title and categories (`nil` leaves either as it is).
    /// - Throws: `SyncError.unsupported` when the API cannot make this change
    ///   (`capabilities`); `.notFound`; the other `SyncError`s.
    func edit(_ subscriptionID: String, title: String?, categories: [String]?) async throws(SyncError)

    /// The entries the service stored after `cursor` (every entry without one), handed to `page`
    /// a page at a time, oldest first, with their read and starred state. For a service whose
    /// states come as changes (`SyncCapabilities.stateChanges`), entries whose state changed
    /// since `cursor` come too.
    /// - Parameter cursor: what the last call returned, as it returned it; `nil` for all.
    /// - Returns: the cursor for the next call. Pages already handed over stay handed over when
    ///   a later page fails; calling again with the old cursor hands them over again.
    /// - Throws: `SyncError`, or what `page` throws (which ends the call).
    func entries(since cursor: String?, page: (RemoteEntryPage) async throws -> Void) async throws -> String

    /// The ids of every unread and every starred entry of the account, for a service whose
    /// entries do not carry their state changes (`stateChanges` false); `nil` for one that does.
    /// - Throws: `SyncError`.
    func states() async throws(SyncError) -> RemoteStates?

    /// Marks entries read or unread on the service. Idempotent: an entry already so is no error,
    /// and neither is an entry the service no longer has.
    /// - Throws: `SyncError`.
    func setRead(_ read: Bool, entries: [String]) async throws(SyncError)

    /// Stars or unstars entries on the service; idempotent like `setRead`.
    /// - Throws: `SyncError`.
    func setStarred(_ starred: Bool, entries: [String]) async throws(SyncError)
}

/// What a service's API allows.
public struct SyncCapabilities: Sendable, Hashable {
    /// A subscription may be in several categories (Google Reader labels); otherwise in at most one.
    public var multipleCategories: Bool
    /// `edit` can rename a subscription.
    public var rename: Bool
    /// `edit` can move a subscription to other categories.
    public var recategorize: Bool
    /// `entries(since:)` also returns the entries whose state changed, with `RemoteEntry.changedAt`;
    /// otherwise `states()` gives the whole picture.
    public var stateChanges: Bool

    public init(multipleCategories: Bool, rename: Bool, recategorize: Bool, stateChanges: Bool) {
        self.multipleCategories = multipleCategories
        self.rename = rename
        self.recategorize = recategorize
        self.stateChanges = stateChanges
    }
}
