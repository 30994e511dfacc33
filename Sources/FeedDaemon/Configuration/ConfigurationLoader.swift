#if canImport(Glibc)
import Glibc
#endif
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
    static func describe(_ error: any Error) -> String {
        guard case .duplicatedKeysInMapping(let duplicates, let context) = error as? YamlError else { return "\(error)" }
        let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
        return "\(keys) given more than once in the same mapping (first in line \(context.mark.line))"
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
            throw ConfigurationError(file: file, key: nil, message: "not valid YAML: \(Self.describe(error))")
        }
        var configuration = DaemonConfiguration()
        guard let root else { return configuration }  // empty file or only comments
        guard let mapping = root.mapping else {
            throw ConfigurationError(file: file, key: nil, message: "expected a mapping of keys to values at the top level")
        }
        for (keyNode, value) in mapping {
            guard let key = keyNode.string else {
                throw ConfigurationError(file: file, key: nil, message: "keys must be strings")
            }
            let field = Field(file: file, key: key, node: value)
            switch key {
            case "socket": configuration.socketPath = try field.path()
            case "database": configuration.databasePath = try field.path()
            case "refresh_interval": configuration.refreshInterval = try field.duration(minimum: 60)
            case "concurrency": configuration.concurrency = try field.integer(in: 1...256)
            case "per_host_concurrency": configuration.perHostConcurrency = try field.integer(in: 1...64)
            case "connect_timeout": configuration.connectTimeout = try field.duration(minimum: 1)
            case "transfer_timeout": configuration.transferTimeout = try field.duration(minimum: 1)
            case "max_feed_size": configuration.maximumFeedSize = try field.size(minimum: 1024)
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
            default:
                let suggestion = Self.knownKeys.min { Self.distance($0, key) < Self.distance($1, key) }
                let hint = suggestion.map { Self.distance($0, key) <= 3 ? " (did you mean '\($0)'?)" : "" } ?? ""
                throw ConfigurationError(file: file, key: key, message: "unknown key\(hint)")
            }
        }
        return configuration
    }

    static let knownKeys = [
        "socket", "database", "refresh_interval", "concurrency", "per_host_concurrency",
        "connect_timeout", "transfer_timeout", "max_feed_size", "browser", "log_level",
        "keep_days", "keep_per_feed", "keep_unread", "keep_starred", "autostart",
        "max_clients", "client_idle_timeout", "client_write_timeout",
        "rules",
        "on_new_items", "notify",
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

/// One `key: value` of the file, with typed readers that fail with the key's name.
private struct Field {
    let file: String
    let key: String
    let node: Node

    func fail(_ message: String) -> ConfigurationError {
        ConfigurationError(file: file, key: key, message: message)
    }

    var scalar: String? { node.scalar?.string }

    /// An empty or null value means "use the default".
    func optionalString() throws(ConfigurationError) -> String? {
        guard node.mapping == nil, node.sequence == nil else { throw fail("expected a string") }
        guard let scalar, !scalar.isEmpty, scalar != "~", scalar != "null" else { return nil }
        return scalar
    }

    func path() throws(ConfigurationError) -> String? {
        guard var value = try optionalString() else { return nil }
        if value.hasPrefix("~/") {
            value = (ProcessInfo.processInfo.environment["HOME"] ?? "") + value.dropFirst()
        }
        guard value.hasPrefix("/") else { throw fail("expected an absolute path (or ~/…), got '\(value)'") }
        return value
    }

    func integer(in range: ClosedRange<Int>) throws(ConfigurationError) -> Int {
        guard let scalar, let value = Int(scalar) else { throw fail("expected a whole number, got '\(scalar ?? "a list or mapping")'") }
        guard range.contains(value) else { throw fail("must be between \(range.lowerBound) and \(range.upperBound), got \(value)") }
        return value
    }

    /// Seconds, written as a number of seconds or with a unit: `90s`, `30m`, `2h`, `1d`, `2w`.
    func duration(minimum: Int) throws(ConfigurationError) -> Int {
        let value = try durationValue(bareUnit: 1, example: "30m, 2h or 90s")
        guard value >= minimum else { throw fail("must be at least \(minimum) s, got \(value) s") }
        return value
    }

    /// A duration in seconds; a number without a unit counts `bareUnit` seconds each.
    private func durationValue(bareUnit: Int, example: String) throws(ConfigurationError) -> Int {
        guard let scalar = scalar?.trimmingCharacters(in: .whitespaces), !scalar.isEmpty else {
            throw fail("expected a duration such as \(example)")
        }
        let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86400, "w": 7 * 86400]
        let value: Int?
        if let unit = scalar.last, let factor = units[unit] {
            value = Int(scalar.dropLast().trimmingCharacters(in: .whitespaces)).map { $0.multipliedReportingOverflow(by: factor) }
                .flatMap { $0.overflow ? nil : $0.partialValue }
        } else {
            value = Int(scalar).map { $0.multipliedReportingOverflow(by: bareUnit) }.flatMap { $0.overflow ? nil : $0.partialValue }
        }
        guard let value, value >= 0 else { throw fail("expected a duration such as \(example), got '\(scalar)'") }
        return value
    }

    /// `keep_days`: how long items are kept, at least a day; a bare number counts days (the
    /// key's name says so), `0` or an empty value turns the age limit off.
    func retentionAge() throws(ConfigurationError) -> Int? {
        guard try optionalString() != nil else { return nil }
        let value = try durationValue(bareUnit: 86400, example: "90 (days), 90d or 12w")
        guard value != 0 else { return nil }
        guard value >= 86400 else { throw fail("must be 0 (off) or at least 1 day (1d), got \(value) s") }
        return value
    }

    /// `keep_per_feed`: items kept per feed; `0` or an empty value turns the cap off. At least
    /// 10, so that a typo cannot empty every feed down to one item.
    func retentionCount() throws(ConfigurationError) -> Int? {
        guard try optionalString() != nil else { return nil }
        let value = try integer(in: 0...10_000_000)
        guard value != 0 else { return nil }
        guard value >= 10 else { throw fail("must be 0 (off) or at least 10, got \(value)") }
        return value
    }

    /// `true` or `false` only: YAML 1.1's `yes`/`no`/`on`/`off` are refused, so that the client,
    /// which finds `autostart: false` without a YAML parser, reads the file as the daemon does.
    func bool() throws(ConfigurationError) -> Bool {
        switch scalar?.lowercased() {
        case "true": return true
        case "false": return false
        default: throw fail("expected true or false, got '\(scalar ?? "a list or mapping")'")
        }
    }

    /// Bytes, written as a number or with a unit: `512KiB`, `32MiB`, `1GiB` (also KB/MB/GB as powers of 1024).
    func size(minimum: Int) throws(ConfigurationError) -> Int {
        guard let scalar = scalar?.trimmingCharacters(in: .whitespaces), !scalar.isEmpty else {
            throw fail("expected a size such as 32MiB")
        }
        let units: [(String, Int)] = [("KiB", 1 << 10), ("MiB", 1 << 20), ("GiB", 1 << 30), ("KB", 1 << 10), ("MB", 1 << 20), ("GB", 1 << 30), ("K", 1 << 10), ("M", 1 << 20), ("G", 1 << 30), ("B", 1)]
        var value = Int(scalar)
        if value == nil, let (suffix, factor) = units.first(where: { scalar.hasSuffix($0.0) }) {
            value = Int(scalar.dropLast(suffix.count).trimmingCharacters(in: .whitespaces)).map { $0 * factor }
        }
        guard let value else { throw fail("expected a size such as 32MiB, got '\(scalar)'") }
        guard value >= minimum else { throw fail("must be at least \(minimum) bytes, got \(value)") }
        return value
    }

    func logLevel() throws(ConfigurationError) -> Logger.Level {
        guard let scalar, let level = Logger.Level(rawValue: scalar.lowercased()) else {
            let names = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
            throw fail("expected one of \(names), got '\(scalar ?? "")'")
        }
        return level
    }
}
