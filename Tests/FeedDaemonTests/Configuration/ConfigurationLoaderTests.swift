@testable import FeedDaemon
import FeedStorage
import Foundation
import Testing

struct ConfigurationLoaderTests {
    let loader = ConfigurationLoader()

    @Test func shippedDefaultConfigMatchesTheBuiltInDefaults() throws {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Config/config.yaml")
        let configuration = try loader.load(path: url.path, required: true)
        #expect(configuration == DaemonConfiguration())
    }

    @Test func readsEveryKeyWithUnits() throws {
        let configuration = try loader.parse("""
            socket: /run/user/1/t.sock
            database: ~/db.sqlite
            refresh_interval: 2h
            concurrency: 8
            per_host_concurrency: 3
            connect_timeout: 90s
            transfer_timeout: 2m
            max_feed_size: 512KiB
            browser: "firefox --new-tab %s"
            log_level: DEBUG
            keep_days: 12w
            keep_per_feed: 200
            keep_unread: false
            keep_starred: False
            autostart: false
            max_clients: 32
            client_idle_timeout: 2m
            client_write_timeout: 10s
            """, file: "c.yaml")
        #expect(configuration.connectionLimits == ConnectionLimits(
            maximumClients: 32, idleTimeout: .seconds(120), writeTimeout: .seconds(10)))
        #expect(configuration.socketPath == "/run/user/1/t.sock")
        #expect(configuration.databasePath?.hasSuffix("/db.sqlite") == true)
        #expect(configuration.databasePath?.hasPrefix("~") == false)
        #expect(configuration.refreshInterval == 7200)
        #expect(configuration.concurrency == 8)
        #expect(configuration.perHostConcurrency == 3)
        #expect(configuration.connectTimeout == 90)
        #expect(configuration.transferTimeout == 120)
        #expect(configuration.maximumFeedSize == 512 * 1024)
        #expect(configuration.browser == "firefox --new-tab %s")
        #expect(configuration.logLevel == .debug)
        #expect(configuration.retention == RetentionPolicy(
            maximumAge: 12 * 7 * 86400, maximumItemsPerFeed: 200, keepUnread: false, keepStarred: false))
        #expect(configuration.autostart == false)
    }

    @Test func retentionIsOffByDefaultAndKeepsUnreadAndStarred() throws {
        let defaults = DaemonConfiguration()
        #expect(defaults.retention == RetentionPolicy(maximumAge: nil, maximumItemsPerFeed: nil, keepUnread: true, keepStarred: true))
        #expect(!defaults.retention.isEnabled)
        #expect(defaults.autostart)
    }

    @Test(arguments: [
        ("keep_days: 90", 90 * 86400), ("keep_days: 90d", 90 * 86400), ("keep_days: 2w", 14 * 86400),
        ("keep_days: 36h", 36 * 3600), ("keep_days: 86400s", 86400),
    ])
    func keepDaysCountsDaysUnlessAUnitSaysOtherwise(yaml: String, seconds: Int) throws {
        let retention = try loader.parse(yaml, file: "c.yaml").retention
        #expect(retention.maximumAge == seconds)
        #expect(retention.isEnabled)
    }

    @Test func zeroOrEmptyTurnsEachLimitOff() throws {
        for yaml in ["keep_days: 0\nkeep_per_feed: 0", "keep_days:\nkeep_per_feed:", "keep_days: 0d\nkeep_per_feed: \"\""] {
            let retention = try loader.parse(yaml, file: "c.yaml").retention
            #expect(retention.maximumAge == nil && retention.maximumItemsPerFeed == nil, "\(yaml)")
        }
        #expect(try loader.parse("keep_per_feed: 10", file: "c.yaml").retention.maximumItemsPerFeed == 10)
    }

    @Test func emptyFileAndEmptyValuesMeanDefaults() throws {
        #expect(try loader.parse("# nothing here\n", file: "c.yaml") == DaemonConfiguration())
        #expect(try loader.parse("socket: \"\"\nbrowser:\n", file: "c.yaml") == DaemonConfiguration())
    }

    @Test(arguments: [
        ("refresh_interval: soon", "refresh_interval", "duration"),
        ("refresh_interval: 10s", "refresh_interval", "at least 60"),
        ("concurrency: many", "concurrency", "whole number"),
        ("concurrency: 0", "concurrency", "between 1 and 256"),
        ("max_feed_size: huge", "max_feed_size", "size"),
        ("max_feed_size: 9999999999999G", "max_feed_size", "size"),  // overflows: refused, never a trap
        ("log_level: loud", "log_level", "expected one of"),
        ("database: relative/path.sqlite", "database", "absolute path"),
        ("concurency: 4", "concurency", "did you mean 'concurrency'"),
        ("browser: [a, b]", "browser", "expected a string"),
        ("keep_days: forever", "keep_days", "duration"),
        ("keep_days: 12h", "keep_days", "at least 1 day"),
        ("keep_days: -3", "keep_days", "duration"),
        ("keep_per_feed: 5", "keep_per_feed", "at least 10"),
        ("keep_per_feed: lots", "keep_per_feed", "whole number"),
        ("keep_per_feed: -20", "keep_per_feed", "between 0 and"),
        ("keep_unread: yes", "keep_unread", "true or false"),
        ("keep_starred: [true]", "keep_starred", "true or false"),
        ("autostart: 0", "autostart", "true or false"),
        ("keep_day: 30", "keep_day", "did you mean 'keep_days'"),
    ])
    func badValuesNameTheKey(yaml: String, key: String, hint: String) {
        #expect {
            try loader.parse(yaml, file: "c.yaml")
        } throws: { error in
            let error = error as? ConfigurationError
            return error?.key == key && error?.description.contains(hint) == true
                && error?.description.hasPrefix("c.yaml line 1: '\(key)'") == true
        }
    }

    @Test func anErrorNamesTheLineOfItsKey() {
        let text = "# settings\nrefresh_interval: 10m\n\nconcurrency: 0\n"
        #expect(refusal(text) == "c.yaml line 4: 'concurrency': must be between 1 and 256, got 0")
        let hooks = "notify: true\non_new_items:\n  - [echo, hi]\n  - {command: [echo], colour: red}\n"
        #expect(refusal(hooks) == "c.yaml line 4: 'on_new_items[1]': unknown key 'colour' (expected command and timeout)")
    }

    @Test func theReadersKeysAreAcceptedAndLeftToTheClient() throws {
        let text = """
            keys:
              open-in-browser: O
              down: [j, DOWN, "^N"]
              toggle-star: "*"
              hard-quit: []
            refresh_interval: 10m
            """
        #expect(try loader.parse(text, file: "c.yaml").refreshInterval == 600)
        #expect(try loader.parse("keys:\n", file: "c.yaml") == DaemonConfiguration())
        #expect(try loader.parse("keys: ~\n", file: "c.yaml") == DaemonConfiguration())
    }

    @Test(arguments: [
        ("keys: O", "c.yaml line 1: 'keys': expected a mapping of reader actions to keys, such as 'open-in-browser: O'"),
        ("keys: [j, k]", "c.yaml line 1: 'keys': expected a mapping of reader actions to keys, such as 'open-in-browser: O'"),
        ("keys:\n  up: k\n  down: {key: j}", "c.yaml line 3: 'keys': 'down': expected a key name or a list of key names, such as [j, DOWN]"),
        ("keys:\n  down: [j, [k]]", "c.yaml line 2: 'keys': 'down': expected a key name or a list of key names, such as [j, DOWN]"),
        ("keys:\n  down:", "c.yaml line 2: 'keys': 'down': expected a key name or a list of key names, such as [j, DOWN]"),
        ("keys:\n  down: ~", "c.yaml line 2: 'keys': 'down': expected a key name or a list of key names, such as [j, DOWN]"),
    ])
    func otherShapesOfTheReadersKeysAreRefusedNamingTheKey(yaml: String, message: String) {
        #expect(refusal(yaml) == message)
    }

    @Test func aSyntaxErrorIsOneLineWithItsLine() throws {
        let text = try #require(refusal("notify: true\nconcurrency: [1, 2\n"))
        #expect(text.hasPrefix("c.yaml line 3: not valid YAML: "), "\(text)")
        #expect(!text.contains("\n"), "\(text)")
    }

    @Test func malformedYAMLAndWrongShapeAreErrors() {
        #expect(throws: ConfigurationError.self) { try loader.parse("socket: [unclosed\n", file: "c.yaml") }
        #expect(throws: ConfigurationError.self) { try loader.parse("- a\n- b\n", file: "c.yaml") }
    }

    @Test func aRepeatedKeyIsNamedWithItsLineNotTheWholeFile() {
        let text = "# comment\nnotify: false\nrules: []\nnotify: true\n"
        #expect {
            try loader.parse(text, file: "c.yaml")
        } throws: { error in
            "\(error)" == "c.yaml: not valid YAML: 'notify' given more than once in the same mapping (first in line 2)"
        }
    }

    // MARK: Anchors, aliases, complex keys, size

    /// The refusal `parse` gives for `text`, as the daemon prints it.
    private func refusal(_ text: String) -> String? {
        do {
            _ = try loader.parse(text, file: "c.yaml")
            return nil
        } catch {
            return error.description
        }
    }

    private let anchors = "YAML anchors and aliases are not supported in the Tidings config"
    private let complexKey = "a list or mapping used as a mapping key is not supported in the Tidings config"

    @Test func anchorsAndAliasesAreRefusedWithTheirLine() {
        #expect(refusal("# a comment\nnotify: &n false\n") == "c.yaml line 2: \(anchors)")
        #expect(refusal("concurrency: 2\nnotify: *n\n") == "c.yaml line 2: \(anchors)")
        #expect(refusal("on_new_items:\n  - &hook [echo, hi]\n") == "c.yaml line 2: \(anchors)")
        #expect(refusal("rules: &r\n  - {name: a, title: b, actions: [read]}\n") == "c.yaml line 1: \(anchors)")
    }

    @Test func mergeKeysAreRefused() {
        #expect(refusal("notify: false\n<<: *defaults\n") == "c.yaml line 2: \(anchors)")
        let text = """
            rules:
              - {name: a, title: x, actions: [read]}
              - name: b
                <<: *first
            """
        #expect(refusal(text) == "c.yaml line 4: \(anchors)")
    }

    @Test func listsAndMappingsAsKeysAreRefused() {
        #expect(refusal("? [a]\n: b\n") == "c.yaml line 1: \(complexKey)")
        #expect(refusal("notify: false\n{a: 1}: b\n") == "c.yaml line 2: \(complexKey)")
        #expect(refusal("{[a, b]: c}\n") == "c.yaml line 1: \(complexKey)")
        #expect(refusal("rules:\n  - name: x\n    ? {title: y}\n    : z\n") == "c.yaml line 3: \(complexKey)")
    }

    /// 387 bytes that Yams, left to itself, builds into a key of 9^9 scalars and hashes for
    /// longer than anyone waits (`tidingsd run` hung at start, and on SIGHUP).
    @Test func anAliasBombIsRefusedAtItsFirstAnchor() {
        let levels = Array("abcdefghi")
        var lines = ["a: &a [x, x, x, x, x, x, x, x, x]"]
        for (previous, current) in zip(levels, levels.dropFirst()) {
            lines.append("\(current): &\(current) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]")
        }
        lines += ["? *i", ": v"]
        #expect(refusal(lines.joined(separator: "\n")) == "c.yaml line 1: \(anchors)")
    }

    @Test func deepNestingIsRefused() {
        let depth = YAMLStructureScreen.maximumDepth + 1
        let text = "on_new_items: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(refusal(text)?.hasPrefix("c.yaml line 1: lists and mappings nested deeper than") == true)
    }

    @Test func ampersandsAndAsterisksInsideValuesAreText() throws {
        let configuration = try loader.parse("""
            browser: firefox &x *y %s
            rules:
              - name: "*stars* & &amps"
                title: "/^&a *b$/"
                actions: [read]
            """, file: "c.yaml")
        #expect(configuration.browser == "firefox &x *y %s")
        #expect(configuration.rules.map(\.name) == ["*stars* & &amps"])
    }

    @Test func aFileOverOneMebibyteIsRefusedUnread() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // A comment line of 1023 bytes and its newline: exactly the limit loads, a byte more does not.
        let line = "#" + String(repeating: "x", count: 1022) + "\n"
        let atLimit = directory.appendingPathComponent("at-limit.yaml")
        try Data(String(repeating: line, count: ConfigurationLoader.maximumFileSize / 1024).utf8).write(to: atLimit)
        #expect(try loader.load(path: atLimit.path, required: true) == DaemonConfiguration())
        let over = directory.appendingPathComponent("over.yaml")
        try Data((String(repeating: line, count: ConfigurationLoader.maximumFileSize / 1024) + "\n").utf8).write(to: over)
        #expect {
            try loader.load(path: over.path, required: true)
        } throws: { error in
            "\(error)" == "\(over.path): larger than 1 MiB: not a Tidings config"
        }
    }

    @Test func missingFileIsAnErrorOnlyWhenExplicit() throws {
        let path = "/nonexistent/tidings/config.yaml"
        #expect(try loader.load(path: path, required: false) == DaemonConfiguration())
        #expect(throws: ConfigurationError.self) { try loader.load(path: path, required: true) }
    }
}
