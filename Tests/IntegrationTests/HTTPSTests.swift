import Foundation
import Testing
import TestSupport

/// Feeds over https from a real nginx: certificates checked against the system's authorities or
/// `ca_file`, HTTP/2 with many feeds of one host over one connection, and a feed that moved from
/// http to https.
@Suite(.timeLimit(.minutes(3)), .enabled(if: NginxServer.isInstalled, "nginx or openssl is missing (make test installs them)"))
struct HTTPSTests {
    /// A private directory with the test's certificates and an nginx serving `www/` over https
    /// (`httpsPort`) and sending everything on `httpPort` there with a 301, plus `extra` in the
    /// https server block.
    private struct World {
        let directory: URL
        let certificates: TestCertificates
        let nginx: NginxServer

        init(extra: String = "") async throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-https-\(UUID().uuidString.prefix(8))")
            let www = directory.appendingPathComponent("nginx/www")
            try FileManager.default.createDirectory(at: www, withIntermediateDirectories: true)
            certificates = try await TestCertificates.make(in: directory)
            try ManyFeeds.rss(feed: 1, items: 3).write(to: www.appendingPathComponent("feed.xml"), atomically: true, encoding: .utf8)
            nginx = try await NginxServer.start(in: directory.appendingPathComponent("nginx"), certificates: certificates) { https, http in
                """
                    server {
                        listen 127.0.0.1:\(https) ssl http2;
                        root \(www.path);
                        \(extra)
                    }
                    server {
                        listen 127.0.0.1:\(http);
                        return 301 https://127.0.0.1:\(https)$request_uri;
                    }
                """
            }
        }

        func url(_ path: String) -> String { "https://127.0.0.1:\(nginx.httpsPort)\(path)" }

        func cleanUp() {
            nginx.stop()
            try? FileManager.default.removeItem(at: directory)
        }
    }

    @Test func aCertificateOfAnUnknownAuthorityIsRefusedUntilCAFileNamesIt() async throws {
        let world = try await World()
        defer { world.cleanUp() }
        let daemon = try await DaemonHarness()
        let feed = world.url("/feed.xml")

        let refused = try await daemon.tidings(["subscribe", feed])

        let context = { "\(daemon.log())\n\(world.nginx.logs)" }
        #expect(refused.status != 0, "\(refused)\n\(context())")
        #expect((refused.out + refused.err).contains("certificate"), "\(refused)\n\(context())")

        try daemon.writeConfig("ca_file: \(world.certificates.caFile)")
        let reloaded = try await daemon.tidings(["reload"])
        #expect(reloaded.status == 0, "\(reloaded)\n\(context())")
        let subscribed = try await daemon.tidings(["subscribe", feed])

        #expect(subscribed.status == 0, "\(subscribed)\n\(context())")
        #expect(subscribed.out.contains("Feed 1"), "\(subscribed)\n\(context())")
        let feeds = try await daemon.tidings(["feeds", "--json"])
        #expect(feeds.out.contains(#""health":"ok""#), "\(feeds)\n\(context())")
        #expect(feeds.out.contains(#""total":3"#), "\(feeds)\n\(context())")
    }

    @Test func aFeedsOwnCAFileServesThatFeedOnly() async throws {
        let world = try await World()
        defer { world.cleanUp() }
        let daemon = try await DaemonHarness()
        let context = { "\(daemon.log())\n\(world.nginx.logs)" }

        let trusted = try await daemon.tidings([
            "subscribe", world.url("/feed.xml"), "--set", "ca_file=\(world.certificates.caFile)",
        ])
        #expect(trusted.status == 0, "\(trusted)\n\(context())")
        let other = try await daemon.tidings(["subscribe", world.url("/feed.xml?other")])
        #expect(other.status != 0 && (other.out + other.err).contains("certificate"), "\(other)\n\(context())")

        let refreshed = try await daemon.tidings(["refresh", "1"])
        #expect(refreshed.status == 0, "\(refreshed)\n\(context())")
        let feeds = try await daemon.tidings(["feeds", "--json"])
        #expect(feeds.out.contains(#""health":"ok""#), "\(feeds)\n\(context())")
    }

    @Test func aFeedThatMovedFromHTTPToHTTPSIsFollowedAndStored() async throws {
        let world = try await World()
        defer { world.cleanUp() }
        let daemon = try await DaemonHarness(config: "ca_file: \(world.certificates.caFile)")
        let context = { "\(daemon.log())\n\(world.nginx.logs)" }

        let subscribed = try await daemon.tidings(["subscribe", "http://127.0.0.1:\(world.nginx.httpPort)/feed.xml"])

        #expect(subscribed.status == 0, "\(subscribed)\n\(context())")
        #expect(subscribed.out.contains("Feed 1"), "\(subscribed)\n\(context())")
        let feeds = try await daemon.tidings(["feeds", "--json"])
        #expect(feeds.out.contains(#""total":3"#), "\(feeds)\n\(context())")
        let log = world.nginx.accessLog()
        #expect(log.contains(#"HTTP/1.1 "GET /feed.xml HTTP/1.1" 301"#), "\(context())")
        #expect(log.contains(#"HTTP/2.0 "GET /feed.xml HTTP/2.0" 200"#), "\(context())")
    }

    /// 20 feeds of one host, `per_host_concurrency: 2`: over HTTP/2 they share one connection,
    /// and more than 2 are in flight at once (nginx passes them on to a backend that holds each
    /// answer 3 s, and counts how many it holds at once). Counted on the server side, after
    /// `tidings refresh` has exited, so at a time when every request is in nginx's log.
    @Test func twentyFeedsOfOneHostShareOneHTTP2Connection() async throws {
        let backend = try await TestHTTPServer.start()
        defer { Task { try? await backend.stop() } }
        let world = try await World(extra: "location /slow/ { proxy_pass http://127.0.0.1:\(backend.port); }")
        defer { world.cleanUp() }
        let urls = (0..<20).map { world.url("/slow/\($0).xml") }
        for index in 0..<20 { backend.route("/slow/\(index).xml", .ok(ManyFeeds.rss(feed: index, items: 2))) }
        let daemon = try await DaemonHarness(
            config: "ca_file: \(world.certificates.caFile)\nconcurrency: 32\nper_host_concurrency: 2\nrefresh_interval: 12h")
        let context = { "\(daemon.log())\n\(world.nginx.logs)\n--- backend: \(backend.requests.count) requests, at most \(backend.mostConcurrentRequests) at once" }

        let imported = try await ManyFeeds.importAll(urls, directory: daemon.directory, tidings: { try await daemon.tidings($0) })
        #expect(imported.status == 0, "\(imported)\n\(context())")
        // Joins the import's pass (or runs one): when it exits, every feed has been fetched once.
        let first = try await daemon.tidings(["refresh"])
        #expect(first.status == 0, "\(first)\n\(context())")

        // The pass that counts: every answer held 3 s and marked, so its lines are told apart.
        for index in 0..<20 {
            var response = TestHTTPResponse.ok(ManyFeeds.rss(feed: index, items: 2))
            response.headers.append(("X-Pass", "2"))
            response.delay = .seconds(3)
            backend.route("/slow/\(index).xml", response)
        }
        let second = try await daemon.tidings(["refresh"])
        #expect(second.status == 0, "\(second)\n\(context())")
        #expect(second.out.contains("Refreshed 20 feeds"), "\(second)\n\(context())")

        // nginx writes a line as a request ends, before or as the client reads the answer:
        // wait for the last ones rather than read the log once.
        var lines: [Substring] = []
        let deadline = ContinuousClock.now + .seconds(30)
        repeat {
            lines = world.nginx.accessLog().split(separator: "\n").filter { $0.hasSuffix("pass=2") }
            if lines.count >= 20 { break }
            try await Task.sleep(for: .milliseconds(100))
        } while ContinuousClock.now < deadline

        #expect(lines.count == 20, "\(context())")
        #expect(lines.allSatisfy { $0.contains(#" HTTP/2.0 "GET /slow/"#) && $0.contains(#"HTTP/2.0" 200 "#) }, "\(context())")
        let connections = Set(lines.map { $0.prefix { $0 != " " } })
        #expect(connections.count == 1, "\(connections.count) connections\n\(context())")
        #expect(backend.mostConcurrentRequests > 2, "\(context())")
        #expect(!daemon.log().contains("fetch failed"), "\(context())")
    }
}
