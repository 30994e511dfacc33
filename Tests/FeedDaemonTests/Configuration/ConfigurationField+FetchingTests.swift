@testable import FeedDaemon
import FeedFetching
import FeedIPC
import Foundation
import Testing

/// `user_agent`, `proxy` and `ca_file`: read, refused with the key's name, and handed to the fetcher.
struct ConfigurationFetchingKeysTests {
    let loader = ConfigurationLoader()

    @Test func theThreeKeysReachTheFetchOptions() throws {
        let caFile = FileManager.default.temporaryDirectory.appendingPathComponent("ca-\(UUID().uuidString.prefix(8)).pem").path
        try "-----BEGIN CERTIFICATE-----\n".write(toFile: caFile, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: caFile) }

        let configuration = try loader.parse("""
            user_agent: "MyReader/2 (+mailto:me@example.org)"
            proxy: socks5h://127.0.0.1:1080
            ca_file: \(caFile)
            """, file: "c.yaml")
        let options = DaemonGraph.fetchOptions(configuration)

        #expect(options.userAgent == "MyReader/2 (+mailto:me@example.org)")
        #expect(options.proxy == "socks5h://127.0.0.1:1080")
        #expect(options.caFile == caFile)
    }

    @Test func emptyValuesKeepTheDefaults() throws {
        let configuration = try loader.parse("user_agent: \"\"\nproxy:\nca_file: \"\"", file: "c.yaml")
        let options = DaemonGraph.fetchOptions(configuration)

        #expect(configuration == DaemonConfiguration())
        #expect(options.userAgent == FetchOptions.userAgent(version: TidingsVersion.current))
        #expect(options.proxy == nil)
        #expect(options.caFile == nil)
    }

    @Test(arguments: ["http://proxy.example:3128", "https://proxy.example", "socks5://127.0.0.1:1080", "SOCKS5H://[::1]:1080"])
    func proxySchemesAccepted(proxy: String) throws {
        #expect(try loader.parse("proxy: \"\(proxy)\"", file: "c.yaml").proxy == proxy)
    }

    @Test(arguments: [
        ("proxy: ftp://proxy.example", "unsupported proxy scheme 'ftp'"),
        ("proxy: proxy.example:3128", "expected a URL"),
        ("proxy: \"http://\"", "expected a URL"),
        ("proxy: http://alice:s3cret@proxy.example:3128", "must not contain credentials"),
        ("user_agent: \"two\\nlines\"", "one line of printable text"),
        ("ca_file: relative/ca.pem", "expected an absolute path"),
        ("ca_file: /nonexistent/tidings-ca.pem", "cannot use '/nonexistent/tidings-ca.pem'"),
        ("ca_file: /tmp", "is not a regular file"),
    ])
    func badValuesAreRefusedNamingTheKey(yaml: String, message: String) {
        let key = String(yaml.prefix { $0 != ":" })
        #expect {
            _ = try loader.parse(yaml, file: "c.yaml")
        } throws: { error in
            guard let error = error as? ConfigurationError else { return false }
            return error.key == key && error.message.contains(message) && !error.description.contains("s3cret")
        }
    }

    @Test func aReloadReportsTheChangedKeys() {
        var new = DaemonConfiguration()
        new.userAgent = "Other/1"
        new.proxy = "http://127.0.0.1:3128"
        let changes = LiveConfiguration.changes(from: DaemonConfiguration(), to: new)
        #expect(changes.contains("user_agent (default) → Other/1"))
        #expect(changes.contains("proxy (default) → http://127.0.0.1:3128"))
    }
}
