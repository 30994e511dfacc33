import FeedEntities
import Foundation
import Logging
import Yams

/// One `key: value` of the file, with typed readers that fail with the key's name.
struct ConfigurationField {
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

    /// A duration in seconds (`Quantity.duration`: the syntax per-feed settings share); a number
    /// without a unit counts `bareUnit` seconds each.
    private func durationValue(bareUnit: Int, example: String) throws(ConfigurationError) -> Int {
        guard let scalar = scalar?.trimmingCharacters(in: .whitespaces), !scalar.isEmpty else {
            throw fail("expected a duration such as \(example)")
        }
        guard let value = Quantity.duration(scalar, bareUnit: bareUnit) else {
            throw fail("expected a duration such as \(example), got '\(scalar)'")
        }
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

    /// Bytes, written as a number or with a unit (`Quantity.size`): `512KiB`, `32MiB`, `1GiB`
    /// (also KB/MB/GB as powers of 1024).
    func size(minimum: Int) throws(ConfigurationError) -> Int {
        guard let scalar = scalar?.trimmingCharacters(in: .whitespaces), !scalar.isEmpty else {
            throw fail("expected a size such as 32MiB")
        }
        guard let value = Quantity.size(scalar) else { throw fail("expected a size such as 32MiB, got '\(scalar)'") }
        guard value >= minimum else { throw fail("must be at least \(minimum) bytes, got \(value)") }
        return value
    }

    /// `full_text`: `always` or `never`.
    func fullTextPolicy() throws(ConfigurationError) -> FullTextPolicy {
        guard let scalar, let policy = FullTextPolicy(rawValue: scalar.lowercased()) else {
            throw fail("expected always or never, got '\(scalar ?? "a list or mapping")'")
        }
        return policy
    }

    func logLevel() throws(ConfigurationError) -> Logger.Level {
        guard let scalar, let level = Logger.Level(rawValue: scalar.lowercased()) else {
            let names = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
            throw fail("expected one of \(names), got '\(scalar ?? "")'")
        }
        return level
    }

    /// `keys:` and `reader:` belong to the reader, which the client runs and which reads them
    /// itself (and `tidings reload` checks them there); the daemon only checks their shape, so
    /// that a config with them loads: a mapping of names to a scalar or a list of scalars. Empty
    /// or null means none.
    func readerMapping() throws(ConfigurationError) {
        if node.mapping == nil, node.sequence == nil {
            guard let scalar, !scalar.isEmpty, scalar != "~", scalar != "null" else { return }
        }
        let keys = key == "keys"
        guard let mapping = node.mapping else {
            throw fail(keys
                ? "expected a mapping of reader actions to keys, such as 'open-in-browser: O'"
                : "expected a mapping of the reader's settings to values, such as 'show_read_articles: false'")
        }
        for (name, value) in mapping {
            let action = name.string ?? ""
            let isKeyName: (Node) -> Bool = { node in
                guard let text = node.scalar?.string else { return false }
                return !text.isEmpty && !(node.scalar?.style == .plain && (text == "~" || text == "null"))
            }
            guard isKeyName(value) || value.sequence.map({ $0.allSatisfy(isKeyName) }) == true else {
                var error = fail(keys
                    ? "'\(action)': expected a key name or a list of key names, such as [j, DOWN]"
                    : "'\(action)': expected a value or a list of values")
                error.line = value.mark?.line ?? name.mark?.line
                throw error
            }
        }
    }
}
