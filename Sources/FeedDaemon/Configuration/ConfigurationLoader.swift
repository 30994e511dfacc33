import Glibc
import Foundation
import Logging
import Yams

/// Reads `config.yaml` into a `DaemonConfiguration`.
///
/// Stricter than a generic YAML reader on purpose: an unknown key (usually a typo) or a value of
/// the wrong shape is an error that names the key, so a broken config never silently falls back
/// to defaults.
public struct ConfigurationLoader: Sendable {
    public init() {}

    /// The largest config file read: the shipped one, every comment included, is about 7 KiB.
    /// Larger files are refused before they are read, so that a mistaken path (a log, a
    /// database, `/dev/zero`) is an error rather than memory and time spent parsing it.
    static let maximumFileSize = 1 << 20

    /// Loads the file at `path` over the defaults.
    /// - Parameter required: when `false`, a missing file yields the defaults (the default path);
    ///   when `true` (an explicit `--config`), a missing file is an error.
    /// - Throws: `ConfigurationError`, also for a file over `maximumFileSize` bytes.
    public func load(path: String, required: Bool) throws(ConfigurationError) -> DaemonConfiguration {
        guard FileManager.default.fileExists(atPath: path) else {
            if required { throw ConfigurationError(file: path, key: nil, message: "no such file") }
            return DaemonConfiguration()
        }
        let data: Data
        do {
            let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? file.close() }
            // One byte more than allowed tells an oversized file from one exactly at the limit,
            // whatever its size claims (a pipe or a device has none).
            data = try file.read(upToCount: Self.maximumFileSize + 1) ?? Data()
        } catch {
            throw ConfigurationError(file: path, key: nil, message: "cannot read: \(error.localizedDescription)")
        }
        guard data.count <= Self.maximumFileSize else {
            throw ConfigurationError(
                file: path, key: nil, message: "larger than \(Self.maximumFileSize >> 20) MiB: not a Tidings config")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigurationError(file: path, key: nil, message: "cannot read: not UTF-8 text")
        }
        return try parse(text, file: path)
    }

    /// Yams' own text of a YAML error, but a repeated key named with its line: Yams would quote
    /// the whole file as the error's context, one line of the log several kilobytes long.
    /// A syntax error is one line too, its place given as the error's line (`line(of:)`):
    /// Yams' own text adds the line quoted and a caret under it.
    static func describe(_ error: any Error) -> String {
        switch error as? YamlError {
        case .duplicatedKeysInMapping(let duplicates, let context)?:
            let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            return "\(keys) given more than once in the same mapping (first in line \(context.mark.line))"
        case .scanner(let context, let problem, _, _)?, .parser(let context, let problem, _, _)?,
             .composer(let context, let problem, _, _)?:
            return problem + (context.map { " (\($0.text) on line \($0.mark.line))" } ?? "")
        default:
            return "\(error)"
        }
    }

    /// Where Yams met a syntax error, counted from 1.
    static func line(of error: any Error) -> Int? {
        switch error as? YamlError {
        case .scanner(_, _, let mark, _)?, .parser(_, _, let mark, _)?, .composer(_, _, let mark, _)?: mark.line
        default: nil
        }
    }

    /// Parses YAML text over the defaults; `file` only labels errors.
    public func parse(_ text: String, file: String) throws(ConfigurationError) -> DaemonConfiguration {
        // Before Yams builds (and hashes) anything: see `YAMLStructureScreen`.
        do {
            try YAMLStructureScreen().check(text)
        } catch {
            throw ConfigurationError(file: file, line: error.line, key: nil, message: error.message)
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch {
            throw ConfigurationError(file: file, line: Self.line(of: error), key: nil, message: "not valid YAML: \(Self.describe(error))")
        }
        var configuration = DaemonConfiguration()
        guard let root else { return configuration }  // empty file or only comments
        guard let mapping = root.mapping else {
            throw ConfigurationError(
                file: file, line: root.mark?.line, key: nil, message: "expected a mapping of keys to values at the top level")
        }
        for (keyNode, value) in mapping {
            guard let key = keyNode.string else {
                throw ConfigurationError(file: file, line: keyNode.mark?.line, key: nil, message: "keys must be strings")
            }
            do {
                try read(key, value, into: &configuration, file: file)
            } catch {
                // Every error about a key names the line the key is on, unless it found a
                // more precise one (a rule, a hook).
                var located = error
                if located.line == nil { located.line = keyNode.mark?.line }
                throw located
            }
        }
        return configuration
    }

    /// Reads one top-level `key: value` into `configuration`.
    private func read(_ key: String, _ value: Node, into configuration: inout DaemonConfiguration, file: String) throws(ConfigurationError) {
        let field = ConfigurationField(file: file, key: key, node: value)
        switch key {
        case "socket": configuration.socketPath = try field.path()
        case "database": configuration.databasePath = try field.path()
        case "refresh_interval": configuration.refreshInterval = try field.duration(minimum: 60)
        case "concurrency": configuration.concurrency = try field.integer(in: 1...256)
        case "per_host_concurrency": configuration.perHostConcurrency = try field.integer(in: 1...64)
        case "connect_timeout": configuration.connectTimeout = try field.duration(minimum: 1)
        case "transfer_timeout": configuration.transferTimeout = try field.duration(minimum: 1)
        case "max_feed_size": configuration.maximumFeedSize = try field.size(minimum: 1024)
        case "user_agent": configuration.userAgent = try field.userAgent()
        case "proxy": configuration.proxy = try field.proxy()
        case "ca_file": configuration.caFile = try field.readableFile()
        case "browser": configuration.browser = try field.optionalString()
        case "log_level": configuration.logLevel = try field.logLevel()
        case "keep_days": configuration.retention.maximumAge = try field.retentionAge()
        case "keep_per_feed": configuration.retention.maximumItemsPerFeed = try field.retentionCount()
        case "keep_unread": configuration.retention.keepUnread = try field.bool()
        case "keep_starred": configuration.retention.keepStarred = try field.bool()
        case "autostart": configuration.autostart = try field.bool()
        case "max_clients": configuration.connectionLimits.maximumClients = try field.integer(in: 1...4096)
        case "client_idle_timeout": configuration.connectionLimits.idleTimeout = .seconds(try field.duration(minimum: 1))
        case "client_write_timeout": configuration.connectionLimits.writeTimeout = .seconds(try field.duration(minimum: 1))
        case "on_new_items": configuration.newItemsHooks.commands = try HookConfigurationParser(file: file).hooks(value)
        case "notify": configuration.newItemsHooks.notify = try field.bool()
        case "rules": configuration.rules = try RuleParser(file: file).rules(value)
        case "views": configuration.views = try ViewConfigurationParser(file: file).views(value)
        case "sync": configuration.sync = try SyncConfigurationParser(file: file).sync(value)
        case "full_text": configuration.fullText = try field.fullTextPolicy()
        case "image_cache_size": configuration.imageCacheSize = try field.size(minimum: 0)
        case "keys", "reader", "macros", "colors": try field.readerMapping()
        default:
            let suggestion = Self.knownKeys.min { Self.distance($0, key) < Self.distance($1, key) }
            let hint = suggestion.map { Self.distance($0, key) <= 3 ? " (did you mean '\($0)'?)" : "" } ?? ""
            throw ConfigurationError(file: file, key: key, message: "unknown key\(hint)")
        }
    }

    static let knownKeys = [
        "socket", "database", "refresh_interval", "concurrency", "per_host_concurrency",
        "connect_timeout", "transfer_timeout", "max_feed_size", "user_agent", "proxy", "ca_file", "browser", "log_level",
        "keep_days", "keep_per_feed", "keep_unread", "keep_starred", "autostart",
        "max_clients", "client_idle_timeout", "client_write_timeout",
        "rules", "views",
        "on_new_items", "notify",
        "keys", "reader", "macros", "colors", "sync", "full_text", "image_cache_size",
    ]

    /// Levenshtein distance, for "did you mean" on typos.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}

/// A configuration problem, naming the file and the key (or the line, when there is no key).
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    /// The line, counted from 1, when the problem is in the YAML itself rather than in a key.
    public var line: Int?
    public var key: String?
    public var message: String

    public init(file: String, line: Int? = nil, key: String?, message: String) {
        self.file = file
        self.line = line
        self.key = key
        self.message = message
    }

    /// `config.yaml: 'concurrency': must be …`, or `config.yaml line 3: …`.
    public var description: String {
        let place = line.map { "\(file) line \($0)" } ?? file
        if let key { return "\(place): '\(key)': \(message)" }
        return "\(place): \(message)"
    }
}
