import FeedEntities

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension RPC {
    /// `sync.run`: syncs with the configured service now, pushing the queued local changes
    /// first, and answers when the sync ends (protocol 1.11). A sync already running is joined.
    /// Without a service in the config: `syncNotConfigured`. A failing service is no error of
    /// the call: the answer's `lastError` says what went wrong, and nothing is lost.
    public enum RunSync: RPCMethod {
        public static let name = "sync.run"

        public struct Params: Codable, Sendable, Hashable {
            /// Read every entry and state again rather than what changed since the last sync;
            /// `false` when absent. Idempotent.
            public var full: Bool?

            public init(full: Bool? = nil) {
                self.full = full
            }
        }

        public typealias Result = SyncStatus
    }

    /// `sync.status`: the sync's state without syncing (protocol 1.11).
    public enum GetSyncStatus: RPCMethod {
        public static let name = "sync.status"
        public typealias Params = Empty
        public typealias Result = SyncStatus
    }
}
