import FeedEntities

extension RPC {
    /// `daemon.restore`: puts a backup back into the running daemon's database (protocol 1.7).
    /// The backup is checked first and refused with `restoreRefused` (nothing changed); the
    /// database it replaces is kept beside it.
    public enum Restore: RPCMethod {
        public static let name = "daemon.restore"

        public struct Params: Codable, Sendable, Hashable {
            /// The backup, an absolute path (the daemon's working directory is not the client's).
            public var path: String
            /// Restore a backup that subscribes to command feeds (`exec:`, `filter:`); without
            /// it (default `false`) such a backup is refused with `restoreRefused` naming them
            /// (protocol 1.13).
            public var allowCommands: Bool?

            public init(path: String, allowCommands: Bool? = nil) {
                self.path = path
                self.allowCommands = allowCommands
            }
        }

        public typealias Result = RestoreReport
    }
}
