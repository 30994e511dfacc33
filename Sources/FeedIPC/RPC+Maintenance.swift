import FeedEntities

extension RPC {
    /// `maintenance`: check the database, optionally apply the configured retention and
    /// rebuild the file without its free pages (protocol 1.3).
    public enum Maintenance: RPCMethod {
        public static let name = "maintenance"

        public struct Params: Codable, Sendable, Hashable {
            /// Rebuild the file (`VACUUM`); `true` when absent.
            public var vacuum: Bool?
            /// Delete the items the config's retention lets go; `false` when absent.
            public var retention: Bool?

            public init(vacuum: Bool? = nil, retention: Bool? = nil) {
                self.vacuum = vacuum
                self.retention = retention
            }
        }

        public typealias Result = MaintenanceResult
    }
}
