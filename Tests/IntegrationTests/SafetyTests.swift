import Glibc
import FeedIPC
import Foundation
import Testing
import TestSupport

/// Hostile feeds, hostile clients, and a missing daemon.
@Suite(.timeLimit(.minutes(2)))
struct SafetyTests {
    static let hostileFeed = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0"><channel>
          <title>Evil \u{1B}[31mRed\u{1B}[0m &#x9B;2J Feed &#x202E;txt.exe</title>
          <link>https://evil.example/</link>
          <description>d</description>
          <item><title>Script link</title><link>javascript:alert(1)</link><guid>a</guid>
            <pubDate>Sat, 21 Nov 2026 10:00:00 GMT</pubDate></item>
          <item><title>File link</title><link>file:///etc/passwd</link><guid>b</guid>
            <pubDate>Sat, 21 Nov 2026 09:00:00 GMT</pubDate></item>
          <item><title>Bell&#x7;\u{1B}]0;pwned\u{7} and &#x85;next-line &#x200F;</title><link>https://evil.example/c</link><guid>c</guid>
            <pubDate>Sat, 21 Nov 2026 08:00:00 GMT</pubDate></item>
        </channel></rss>
        """

    /// Bytes a terminal would interpret: C0 controls other than newline and tab, DEL, C1
    /// controls, and bidi overrides/isolates.
    static func controlCharacters(in data: Data) -> [Unicode.Scalar] {
        String(decoding: data, as: UTF8.self).unicodeScalars.filter { scalar in
            switch scalar.value {
            case 0x0A, 0x09: false
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
            default: false
            }
        }
    }

    @Test func hostileFeedNeverReachesTheTerminalOrTheBrowser() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/evil.xml", .ok(Self.hostileFeed))
        let daemon = try await DaemonHarness()
        let subscribed = try await daemon.tidings(["subscribe", server.url("/evil.xml")])
        #expect(subscribed.status == 0, "\(subscribed)")
        #expect(Self.controlCharacters(in: subscribed.stdout + subscribed.stderr).isEmpty, "\(subscribed)")

        for arguments in [["list"], ["list", "--all"], ["feeds"], ["list", "--json"], ["feeds", "--json"]] {
            let result = try await daemon.tidings(arguments)
            #expect(result.status == 0, "\(arguments): \(result)")
            #expect(result.out.contains("Red"), "\(arguments): \(result)")
            #expect(Self.controlCharacters(in: result.stdout).isEmpty, "\(arguments) printed control characters: \(result)")
        }

        let json = try await daemon.tidings(["list", "--json"])
        let items = try #require((try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])?["items"] as? [[String: Any]])
        let browser = try BrowserScript(in: daemon.directory)
        for title in ["Script link", "File link"] {
            let number = try #require(items.first { $0["title"] as? String == title }?["number"] as? Int)
            let refused = try await daemon.tidings(["open", "\(number)"], environment: ["BROWSER": browser.command])
            #expect(refused.status == 1, "\(title): \(refused)")
            #expect(refused.err.contains("http"), "\(title): the refusal should say only http/https links open: \(refused)")
            #expect(!browser.wasLaunched, "\(title): the browser must not be launched")
        }
        // A refused item stays unread.
        let still = try await daemon.tidings(["list"])
        #expect(still.out.contains("Script link") && still.out.contains("File link"), "\(still)")
        #expect(await daemon.stop() == 0)
    }

    @Test func badLinesGetJSONRPCErrorsAndTheConnectionStaysUsable() async throws {
        let daemon = try await DaemonHarness()
        let socket = try RawSocket(path: daemon.socketPath)

        let parseError = try socket.request("this is not json")
        #expect((parseError["error"] as? [String: Any])?["code"] as? Int == -32700, "\(parseError)")
        #expect(parseError["id"] is NSNull)

        let notAnObject = try socket.request("[1,2,3]")
        #expect((notAnObject["error"] as? [String: Any])?["code"] as? Int == -32600, "\(notAnObject)")

        let wrongVersion = try socket.request(#"{"jsonrpc":"1.0","id":4,"method":"hello"}"#)
        #expect((wrongVersion["error"] as? [String: Any])?["code"] as? Int == -32600, "\(wrongVersion)")
        #expect(wrongVersion["id"] as? Int == 4)

        let unknown = try socket.request(#"{"jsonrpc":"2.0","id":"x","method":"feeds.explode"}"#)
        #expect((unknown["error"] as? [String: Any])?["code"] as? Int == -32601, "\(unknown)")
        #expect(unknown["id"] as? String == "x")

        let badParams = try socket.request(#"{"jsonrpc":"2.0","id":5,"method":"items.get","params":{"number":"seven"}}"#)
        #expect((badParams["error"] as? [String: Any])?["code"] as? Int == -32602, "\(badParams)")
        #expect(((badParams["error"] as? [String: Any])?["message"] as? String)?.contains("params.number") == true, "\(badParams)")

        let missingItem = try socket.request(#"{"jsonrpc":"2.0","id":6,"method":"items.get","params":{"number":999}}"#)
        #expect((missingItem["error"] as? [String: Any])?["code"] as? Int == -32004, "\(missingItem)")

        // An overlong line is refused without being buffered whole; the connection survives.
        try socket.send(String(repeating: "x", count: (1 << 20) + 10) + "\n")
        let overlong = try #require(try socket.readLine())
        #expect(overlong.contains("-32600"), "\(overlong)")

        let hello = try socket.request(#"{"jsonrpc":"2.0","id":7,"method":"hello","params":{"client":"test","protocolVersion":"1.0"}}"#)
        let result = try #require(hello["result"] as? [String: Any], "\(hello)")
        #expect(result["protocolVersion"] as? String == ProtocolVersion.current, "a 1.0 client is answered by the current minor version")
        #expect(hello["id"] as? Int == 7)
        socket.close()
        #expect(await daemon.stop() == 0)
    }

    @Test func killingTheClientMidRequestLeavesTheDaemonServing() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/slow.xml", TestHTTPResponse(
            status: 200, headers: [("Content-Type", "application/rss+xml")],
            body: Array(try EndToEndTests.fixture("rss2.xml").utf8), delay: .seconds(2)))
        let daemon = try await DaemonHarness()

        // A client that disappears while the daemon is still fetching for it.
        var environment = DaemonHarness.baseEnvironment(home: daemon.directory.path)
        environment["TIDINGS_SOCKET"] = daemon.socketPath
        let client = Process()
        client.executableURL = Binaries.client
        client.arguments = ["subscribe", server.url("/slow.xml")]
        client.environment = environment
        client.standardOutput = FileHandle.nullDevice
        client.standardError = FileHandle.nullDevice
        try client.run()
        try await Task.sleep(for: .milliseconds(500))
        kill(client.processIdentifier, SIGKILL)
        await ProcessResult.waitForExit(client)

        // Meanwhile and afterwards, other clients are served.
        let feeds = try await daemon.tidings(["feeds"])
        #expect(feeds.status == 0, "\(feeds)")
        try await Task.sleep(for: .seconds(2))
        #expect(daemon.isRunning)
        let list = try await daemon.tidings(["list", "--json"])
        #expect(list.status == 0, "\(list)")
        // A raw client that half-closes after its request still gets its answer.
        let socket = try RawSocket(path: daemon.socketPath)
        try socket.send(#"{"jsonrpc":"2.0","id":1,"method":"feeds.list"}"#)
        shutdown(socket.fileDescriptor, Int32(SHUT_WR))
        let answer = try #require(try socket.readLine())
        #expect(answer.contains("\"result\""), "\(answer)")
        #expect(await daemon.stop() == 0)
    }

    @Test func subscribeReportsTimeoutsAndDNSFailuresAndStoresNothing() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/slow.xml", TestHTTPResponse(
            status: 200, headers: [("Content-Type", "application/rss+xml")],
            body: Array(try EndToEndTests.fixture("rss2.xml").utf8), delay: .seconds(4)))
        let daemon = try await DaemonHarness(config: "transfer_timeout: 1s")

        let slow = try await daemon.tidings(["subscribe", server.url("/slow.xml")])
        #expect(slow.status == 1, "\(slow)")
        #expect(slow.err.contains("timed out"), "\(slow)")
        #expect(slow.err.split(separator: "\n").count == 1, "\(slow)")

        // `.invalid` never resolves (RFC 6761), with or without a network.
        let unknown = try await daemon.tidings(["subscribe", "http://feeds.nonexistent.invalid/rss.xml"])
        #expect(unknown.status == 1, "\(unknown)")
        #expect(unknown.err.contains("resolve") || unknown.err.contains("timed out"), "\(unknown)")

        let feeds = try await daemon.tidings(["feeds", "--json"])
        let list = try #require(try JSONSerialization.jsonObject(with: feeds.stdout) as? [String: Any])
        #expect((list["feeds"] as? [Any])?.isEmpty == true, "\(feeds)")
        #expect(await daemon.stop() == 0)
    }

    @Test func everyCommandReportsAMissingDaemonInOneLine() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-nodaemon-\(UUID().uuidString.prefix(8))")
        var environment = DaemonHarness.baseEnvironment(home: directory.path)
        environment["TIDINGS_SOCKET"] = directory.appendingPathComponent("none.sock").path
        for arguments in [["list"], ["feeds"], ["refresh"], ["open", "1"], ["subscribe", "http://127.0.0.1:1/x"]] {
            let result = try await ProcessResult.run(Binaries.client, arguments, environment: environment)
            #expect(result.status == 3, "\(arguments): \(result)")
            #expect(result.out.isEmpty, "\(arguments): \(result)")
            #expect(result.err.split(separator: "\n").count == 1, "\(arguments): \(result)")
            #expect(result.err.contains("not running"), "\(arguments): \(result)")
            #expect(result.err.contains("tidingsd"), "\(arguments): should say how to start it: \(result)")
        }
    }

    @Test func badConfigIsAClearErrorNamingTheKey() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-badcfg-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("config.yaml").path
        let environment = DaemonHarness.baseEnvironment(home: directory.path)
        for (yaml, key) in [("refresh_interval: soon\n", "refresh_interval"), ("concurency: 4\n", "concurency")] {
            try yaml.write(toFile: config, atomically: true, encoding: .utf8)
            let result = try await ProcessResult.run(
                Binaries.daemon, ["run", "--config", config, "--socket", directory.appendingPathComponent("s.sock").path],
                environment: environment)
            #expect(result.status == 1, "\(result)")
            #expect(result.err.contains(key), "\(result)")
        }
    }

    @Test func defaultSocketIsPrivateAndAStaleSocketIsReplaced() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-xdg-\(UUID().uuidString.prefix(8))")
        let runtime = home.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime.appendingPathComponent("tidings"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        // A directory left group-readable and a socket file nobody listens on, as after a crash.
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: runtime.appendingPathComponent("tidings").path)
        let socketPath = runtime.appendingPathComponent("tidings/tidingsd.sock").path
        let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        let address = try #require(UnixSocketAddress(path: socketPath))
        let bound = address.withSockaddr { bind(stale, $0, $1) }
        close(stale)
        #expect(bound == 0)

        var environment = DaemonHarness.baseEnvironment(home: home.path)
        environment["XDG_RUNTIME_DIR"] = runtime.path
        let daemon = Process()
        daemon.executableURL = Binaries.daemon
        daemon.arguments = ["run"]
        daemon.environment = environment
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        var listening = false
        for _ in 0..<200 where !listening {
            try await Task.sleep(for: .milliseconds(25))
            listening = (try? RawSocket(path: socketPath)).map { $0.close(); return true } ?? false
        }
        #expect(listening, "the daemon should replace the stale socket")
        let attributes = { (path: String) in try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int }
        #expect(try attributes(runtime.appendingPathComponent("tidings").path) == 0o700)
        // Private from the start: the daemon's umask 077 makes the socket 0700 as it is bound,
        // and a chmod to 0600 follows a moment after it listens (a client may connect between).
        let socketMode = try #require(try attributes(socketPath))
        #expect(socketMode & 0o077 == 0 && socketMode & 0o600 == 0o600, "socket mode \(String(socketMode, radix: 8))")
        // The client finds the same socket through XDG_RUNTIME_DIR alone.
        let feeds = try await ProcessResult.run(Binaries.client, ["feeds"], environment: environment)
        #expect(feeds.status == 0, "\(feeds)")
        // SIGINT stops it as cleanly as SIGTERM.
        kill(daemon.processIdentifier, SIGINT)
        await ProcessResult.waitForExit(daemon)
        #expect(daemon.terminationStatus == 0)
        #expect(!FileManager.default.fileExists(atPath: socketPath))
    }
}
