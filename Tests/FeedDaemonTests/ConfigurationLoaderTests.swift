@testable import FeedDaemon
import Foundation
import Testing

struct ConfigurationLoaderTests {
    let loader = ConfigurationLoader()

    @Test func shippedDefaultConfigMatchesTheBuiltInDefaults() throws {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Config/config.yaml")
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
            """, file: "c.yaml")
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
        ("log_level: loud", "log_level", "expected one of"),
        ("database: relative/path.sqlite", "database", "absolute path"),
        ("concurency: 4", "concurency", "did you mean 'concurrency'"),
        ("browser: [a, b]", "browser", "expected a string"),
    ])
    func badValuesNameTheKey(yaml: String, key: String, hint: String) {
        #expect {
            try loader.parse(yaml, file: "c.yaml")
        } throws: { error in
            let error = error as? ConfigurationError
            return error?.key == key && error?.description.contains(hint) == true
                && error?.description.hasPrefix("c.yaml: '\(key)'") == true
        }
    }

    @Test func malformedYAMLAndWrongShapeAreErrors() {
        #expect(throws: ConfigurationError.self) { try loader.parse("socket: [unclosed\n", file: "c.yaml") }
        #expect(throws: ConfigurationError.self) { try loader.parse("- a\n- b\n", file: "c.yaml") }
    }

    @Test func missingFileIsAnErrorOnlyWhenExplicit() throws {
        let path = "/nonexistent/tidings/config.yaml"
        #expect(try loader.load(path: path, required: false) == DaemonConfiguration())
        #expect(throws: ConfigurationError.self) { try loader.load(path: path, required: true) }
    }
}
