import Foundation
import Testing
import TestSupport

/// Per-feed settings through the real client and daemon: what the server (or the proxy)
/// receives for each setting, and that no secret reaches `feeds --json`, `feed show`, the
/// export or the daemon's log.
@Suite(.timeLimit(.minutes(2)))
struct FeedSettingsTests {
    static func rss(_ title: String, items: Int = 1) -> String {
        let entries = (1...items).map { "<item><guid>\(title)-\($0)</guid><title>\(title) \($0)</title></item>" }
        return #"<rss version="2.0"><channel><title>\#(title)</title>"# + entries.joined() + "</channel></rss>"
    }

    /// A file only its owner reads, as password files must be.
    static func secretFile(_ text: String, in directory: String, name: String) throws -> String {
        let path = directory + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        #expect(chmod(path, 0o600) == 0)
        return path
    }

    static func basic(_ user: String, _ password: String) -> String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }

    /// Everything a user or a log reader could see of the feeds.
    static func visible(_ daemon: DaemonHarness) async throws -> String {
        var seen = ""
        for arguments in [["feeds", "--json"], ["feeds"], ["feed", "show", "1"], ["feed", "show", "2", "--json"],
                          ["export"], ["export", "--format", "newsboat"], ["status", "--json"]] {
            let result = try await daemon.tidings(arguments)
            seen += result.out + result.err
        }
        return seen + daemon.log()
    }

    @Test func eachSettingReachesTheServerAndNoSecretIsShown() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/open.xml", .ok(Self.rss("Open")))
        server.route("/private.xml", .ok(Self.rss("Private")))
        let daemon = try await DaemonHarness()
        let directory = daemon.directory.path
        let password = try Self.secretFile("s3cret-pass\n", in: directory, name: "feed.password")

        let open = try await daemon.tidings([
            "subscribe", server.url("/open.xml"), "--set", "user_agent=Reader/9 (test)",
            "--set", "header=X-Extra: plain-value", "--set", "header=Authorization: Bearer t0ken-value",
            "--set", "cookie=session=c00kie-value",
        ])
        #expect(open.status == 0, "\(open)\n\(daemon.log())")
        let secured = try await daemon.tidings([
            "subscribe", server.url("/private.xml"), "--set", "auth_user=alice",
            "--set", "auth_password_command=cat \(password)",
        ])
        #expect(secured.status == 0, "\(secured)\n\(daemon.log())")

        let refreshed = try await daemon.tidings(["refresh"])
        #expect(refreshed.status == 0, "\(refreshed)\n\(daemon.log())")

        let opens = server.requests.filter { $0.path == "/open.xml" }
        #expect(opens.count == 2, "the subscription's fetch and the refresh's")
        for request in opens {
            #expect(request.header("User-Agent") == "Reader/9 (test)")
            #expect(request.header("X-Extra") == "plain-value")
            #expect(request.header("Authorization") == "Bearer t0ken-value")
            #expect(request.header("Cookie") == "session=c00kie-value")
        }
        let privates = server.requests.filter { $0.path == "/private.xml" }
        #expect(privates.count == 2)
        for request in privates {
            #expect(request.header("Authorization") == Self.basic("alice", "s3cret-pass"))
            #expect(request.header("Cookie") == nil)
        }

        let seen = try await Self.visible(daemon)
        for secret in ["t0ken-value", "c00kie-value", "s3cret-pass", Self.basic("alice", "s3cret-pass")] {
            #expect(!seen.contains(secret), "\(secret) shown:\n\(seen)")
        }
        #expect(seen.contains("(hidden)"), "the hidden values are said to be there")
    }

    @Test func aFeedGoesThroughItsOwnProxyWithItsCredentials() async throws {
        // The scripted server plays the proxy: it receives the absolute URL as the target.
        let proxy = try await TestHTTPServer.start()
        defer { Task { try? await proxy.stop() } }
        let feedURL = "http://feeds.example/proxied.xml"  // .example never resolves: only a proxy reaches it
        proxy.route(feedURL, .ok(Self.rss("Proxied")))
        let daemon = try await DaemonHarness()
        let password = try Self.secretFile("pr0xy-pass", in: daemon.directory.path, name: "proxy.password")

        let subscribed = try await daemon.tidings([
            "subscribe", feedURL, "--set", "proxy=\(proxy.baseURL)", "--set", "proxy_user=bob",
            "--set", "proxy_password_file=\(password)",
        ])

        #expect(subscribed.status == 0, "\(subscribed)\n\(daemon.log())")
        #expect(proxy.requests.map(\.path) == [feedURL])
        #expect(proxy.requests.first?.header("Proxy-Authorization") == Self.basic("bob", "pr0xy-pass"))
        let seen = try await Self.visible(daemon)
        #expect(!seen.contains("pr0xy-pass"), "\(seen)")
    }

    @Test func intervalTimeoutAndSizeApplyToTheirFeedOnly() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/slow.xml", .ok(Self.rss("Slow")))
        server.route("/big.xml", .ok(Self.rss("Big", items: 400)))
        server.route("/calm.xml", .ok(Self.rss("Calm")))
        let daemon = try await DaemonHarness()
        for path in ["/slow.xml", "/big.xml", "/calm.xml"] {
            let subscribed = try await daemon.tidings(["subscribe", server.url(path)])
            #expect(subscribed.status == 0, "\(subscribed)\n\(daemon.log())")
        }
        server.route("/slow.xml", TestHTTPResponse(body: Array(Self.rss("Slow").utf8), delay: .seconds(20)))

        for change in [["1", "timeout=1s"], ["2", "max_size=4KiB"], ["3", "interval=2h"]] {
            let set = try await daemon.tidings(["feed", "set"] + change)
            #expect(set.status == 0, "\(set)\n\(daemon.log())")
        }
        let refreshed = try await daemon.tidings(["refresh", "--json"])
        let outcomes = try #require(
            (try JSONSerialization.jsonObject(with: refreshed.stdout) as? [String: Any])?["outcomes"] as? [[String: Any]],
            "\(refreshed)")
        let errors = Dictionary(uniqueKeysWithValues: outcomes.map { ($0["feedNumber"] as? Int ?? 0, $0["error"] as? String) })
        #expect(errors[1]??.contains("timed out") == true, "\(outcomes)")
        #expect(errors[2]??.contains("4096") == true || errors[2]??.contains("4 KiB") == true, "\(outcomes)")
        #expect(errors[3] == .some(nil), "\(outcomes)")

        let listed = try await daemon.tidings(["feeds", "--json"])
        let feeds = try #require(
            (try JSONSerialization.jsonObject(with: listed.stdout) as? [String: Any])?["feeds"] as? [[String: Any]], "\(listed)")
        let calm = try #require(feeds.first { $0["number"] as? Int == 3 })
        let next = try #require((calm["nextCheck"] as? String).flatMap { try? Date($0, strategy: .iso8601) })
        // Two hours from now, give or take the schedule's 10 % spread and the test's own time.
        #expect(next.timeIntervalSinceNow > 2 * 3600 * 0.85 && next.timeIntervalSinceNow < 2 * 3600 * 1.15, "\(calm)")
    }

    @Test func unknownKeysAndBadValuesAreRefusedByName() async throws {
        let server = try await TestHTTPServer.start()
        defer { Task { try? await server.stop() } }
        server.route("/feed.xml", .ok(Self.rss("Feed")))
        let daemon = try await DaemonHarness()
        #expect(try await daemon.tidings(["subscribe", server.url("/feed.xml")]).status == 0)

        let unknown = try await daemon.tidings(["feed", "set", "1", "frobnicate=1"])
        #expect(unknown.status != 0 && unknown.err.contains("frobnicate"), "\(unknown)")
        let bad = try await daemon.tidings(["feed", "set", "1", "interval=soon"])
        #expect(bad.status != 0 && bad.err.contains("interval"), "\(bad)")
        let injected = try await daemon.tidings(["feed", "set", "1", "cookie=a\r\nX-Evil: 1"])
        #expect(injected.status != 0 && injected.err.contains("cookie") && !injected.err.contains("X-Evil"), "\(injected)")
        let refused = try await daemon.tidings(["subscribe", server.url("/other.xml"), "--set", "timeout=forever"])
        #expect(refused.status != 0 && refused.err.contains("timeout"), "\(refused)")
        #expect(server.requests.filter { $0.path == "/other.xml" }.isEmpty, "refused before anything is fetched")
        let shown = try await daemon.tidings(["feed", "show", "1"])
        #expect(shown.status == 0 && shown.out.contains("no settings"), "\(shown)")
    }
}
