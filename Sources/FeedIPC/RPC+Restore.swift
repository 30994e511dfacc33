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

            public init(path: String) { self.path = path }
        }

        public typealias Result = RestoreReport
    }
}
