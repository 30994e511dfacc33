import FeedEntities
import Synchronization

/// The configuration the daemon runs with now, replaced as a whole by a reload; read by the
/// parts that look at it at the time of use (retention, rules).
final class LiveConfiguration: Sendable {
    private let value: Mutex<DaemonConfiguration>

    init(_ configuration: DaemonConfiguration) {
        value = Mutex(configuration)
    }

    var current: DaemonConfiguration { value.withLock { $0 } }

    /// Installs `new` and describes what changed, e.g. `refresh_interval 1800 → 600`. The socket
    /// and the database are fixed for the daemon's lifetime: a change to them is reported as
    /// needing a restart and otherwise ignored.
    func replace(with new: DaemonConfiguration) -> [String] {
        value.withLock { old in
            var adopted = new
            adopted.socketPath = old.socketPath
            adopted.databasePath = old.databasePath
            defer { old = adopted }
            return Self.changes(from: old, to: new)
        }
    }

    static func changes(from old: DaemonConfiguration, to new: DaemonConfiguration) -> [String] {
        var changes = [String]()
        func compare<Value: Equatable>(_ key: String, _ path: KeyPath<DaemonConfiguration, Value>) {
            guard old[keyPath: path] != new[keyPath: path] else { return }
            changes.append("\(key) \(describe(old[keyPath: path])) → \(describe(new[keyPath: path]))")
        }
        compare("refresh_interval", \.refreshInterval)
        compare("concurrency", \.concurrency)
        compare("per_host_concurrency", \.perHostConcurrency)
        compare("connect_timeout", \.connectTimeout)
        compare("transfer_timeout", \.transferTimeout)
        compare("max_feed_size", \.maximumFeedSize)
        compare("user_agent", \.userAgent)
        compare("proxy", \.proxy)
        compare("ca_file", \.caFile)
        compare("log_level", \.logLevel)
        compare("max_clients", \.connectionLimits.maximumClients)
        compare("client_idle_timeout", \.connectionLimits.idleTimeout)
        compare("client_write_timeout", \.connectionLimits.writeTimeout)
        compare("retention", \.retention)
        compare("on_new_items", \.newItemsHooks.summary)
        compare("notify", \.newItemsHooks.notify)
        compare("full_text", \.fullText)
        if old.imageCacheSize != new.imageCacheSize { changes.append("image_cache_size changed: takes effect at the next start") }
        if old.rules != new.rules { changes.append("rules: \(Counted.phrase(new.rules.count, "rule"))") }
        if old.views != new.views { changes.append("views: \(Counted.phrase(new.views.count, "view"))") }
        if old.sync != new.sync {
            // The account and the intervals, never where the secret is read from.
            changes.append("sync: \(new.sync.map { "\($0.service.rawValue) \($0.url)" } ?? "off")")
        }
        for (key, path) in [("socket", \DaemonConfiguration.socketPath), ("database", \.databasePath)]
        where old[keyPath: path] != new[keyPath: path] {
            changes.append("\(key) changed: takes effect at the next start")
        }
        return changes
    }

    private static func describe<Value>(_ value: Value) -> String {
        if let optional = value as? String? { return optional ?? "(default)" }
        return "\(value)"
    }
}
