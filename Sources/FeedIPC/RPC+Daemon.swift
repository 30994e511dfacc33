#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeedEntities

extension RPC {
    /// The notification a daemon sends on a connection every `keepAliveSeconds` while it works on
    /// a request of it (protocol 1.14), without params: silence past a client's deadline then
    /// means the daemon is stopped or stuck, not busy. Clients ignore it as any notification
    /// they do not know.
    public static let keepAliveMethod = "daemon.working"
    /// Seconds between two keep-alives.
    public static let keepAliveSeconds = 5
    /// The keep-alive line, newline included.
    public static let keepAliveLine = Array(#"{"jsonrpc":"2.0","method":"daemon.working"}"#.utf8) + [0x0A]

    /// `status`: what the daemon is and holds (protocol 1.2; `configPath` and `reloadFailure`
    /// 1.6).
    public enum Status: RPCMethod {
        public static let name = "status"
        public typealias Params = Empty
        public typealias Result = DaemonStatus
    }

    /// `daemon.reload`: reads the config file again and applies it, as SIGHUP does; a file that
    /// does not load is refused as a whole with `configurationRefused`, and the daemon keeps the
    /// configuration it runs with (protocol 1.6).
    public enum Reload: RPCMethod {
        public static let name = "daemon.reload"
        public typealias Params = Empty
        public struct Result: Codable, Sendable, Hashable {
            /// The file read.
            public var configPath: String
            /// What changed, one setting each: `refresh_interval 1800 → 600`; empty when nothing did.
            public var changes: [String]
            /// Rules in force now.
            public var rules: Int
            /// `on_new_items` commands in force now.
            public var hooks: Int
            /// Whether new items raise a desktop notification (`notify`).
            public var notify: Bool
            /// Seconds between two refreshes of a feed (`refresh_interval`).
            public var refreshInterval: Int

            public init(configPath: String, changes: [String], rules: Int, hooks: Int, notify: Bool, refreshInterval: Int) {
                self.configPath = configPath
                self.changes = changes
                self.rules = rules
                self.hooks = hooks
                self.notify = notify
                self.refreshInterval = refreshInterval
            }
        }
    }

    /// `daemon.stop`: stops the daemon as SIGTERM does, once the answer is on its way: what it
    /// has stored stays, transfers end (protocol 1.15). Refused with `forbidden` when systemd
    /// runs the daemon as a unit, which would start it again: the message names the command.
    public enum Stop: RPCMethod {
        public static let name = "daemon.stop"
        public typealias Params = Empty
        public struct Result: Codable, Sendable, Hashable {
            /// The daemon's process, to wait for its end.
            public var pid: Int32
            public init(pid: Int32) { self.pid = pid }
        }
    }

    /// `watch`: keeps the request open and sends an `items.new` notification each time the daemon
    /// stores new items; answered (with `{}`) only when the daemon stops (protocol 1.2).
    public enum Watch: RPCMethod {
        public static let name = "watch"
        public typealias Params = Empty
        public typealias Result = Empty

        /// The params of an `items.new` notification: items just stored, oldest number first,
        /// without summary and content.
        public struct NewItems: Codable, Sendable, Hashable {
            public static let method = "items.new"
            public var items: [Item]
            public init(items: [Item]) { self.items = items }
        }
    }
}
