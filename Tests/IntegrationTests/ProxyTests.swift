import Foundation
import Testing
import TestSupport

/// The daemon fetches through the proxy of its config's `proxy`, else the one the usual
/// environment variables name (libcurl reads them).
@Suite(.timeLimit(.minutes(3)))
struct ProxyTests {
    @Test func feedsAreFetchedThroughHTTPProxy() async throws {
        // The scripted server plays the proxy: it receives the absolute URL as the target.
        let proxy = try await TestHTTPServer.start()
        defer { Task { try? await proxy.stop() } }
        let feedURL = "http://feeds.example/news.xml"  // .example never resolves: only a proxy reaches it
        proxy.route(feedURL, .ok(#"<rss version="2.0"><channel><title>Via Proxy</title><item><guid>1</guid><title>One</title></item></channel></rss>"#))
        let daemon = try await DaemonHarness(environment: ["http_proxy": proxy.url("")])

        let subscribed = try await daemon.tidings(["subscribe", feedURL])

        #expect(subscribed.status == 0, "\(subscribed)\n\(daemon.log())")
        #expect(subscribed.out.contains("Via Proxy"), "\(subscribed)")
        #expect(proxy.requests.map(\.path) == [feedURL])
    }

    @Test func theConfigsProxyIsUsedBeforeTheEnvironments() async throws {
        let proxy = try await TestHTTPServer.start(), ignored = try await TestHTTPServer.start()
        defer { Task { try? await proxy.stop(); try? await ignored.stop() } }
        let feedURL = "http://feeds.example/config.xml"
        proxy.route(feedURL, .ok(#"<rss version="2.0"><channel><title>Via Config</title><item><guid>1</guid><title>One</title></item></channel></rss>"#))
        let daemon = try await DaemonHarness(config: "proxy: \(proxy.baseURL)", environment: ["http_proxy": ignored.url("")])

        let subscribed = try await daemon.tidings(["subscribe", feedURL])

        #expect(subscribed.status == 0, "\(subscribed)\n\(daemon.log())")
        #expect(subscribed.out.contains("Via Config"), "\(subscribed)")
        #expect(proxy.requests.map(\.path) == [feedURL])
        #expect(ignored.requests.isEmpty)
    }
}
