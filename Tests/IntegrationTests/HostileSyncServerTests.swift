import FeedEntities
import Foundation
import Testing
import TestSupport

/// A reading service is a server the user does not control: what it answers is data. Its
/// subscriptions never become command feeds, and a redirect never takes the account's token to
/// another origin.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct HostileSyncServerTests {
    /// The service lists a subscription whose feed URL is a command (and others that are no web
    /// feeds): the daemon keeps the web feed only and says what it skipped; nothing runs.
    @Test func aServiceCannotPlantACommandFeed() async throws {
        let scratch = try HostileFilesTests.Scratch()
        let account = FakeSyncAccount()
        let web = try account.addFeed(url: "https://news.example/feed.xml", title: "News")
        let planted = [
            "exec:/bin/sh -c 'touch \(scratch.marker)'", "filter:/usr/bin/touch \(scratch.marker):https://x.example/",
            "file:///etc/passwd", "|/bin/sh -c id", "javascript:alert(1)",
        ]
        #expect(!planted.isEmpty)
        for (index, url) in planted.enumerated() {
            let feed = try account.addFeed(url: "https://planted\(index).example/feed", title: "Planted \(index)")
            try account.updateFeed(feed.id, feedURL: url)
        }
        try account.addEntry(feedID: web.id, title: "Hello")
        let (server, daemon) = try await FakeSyncService.miniflux.start(account)
        defer { Task { try? await server.stop() } }

        let status = try await daemon.sync()
        #expect(status.lastError == nil, "\(status)\n\(daemon.harness.log())")
        let feeds = try await daemon.feeds()
        #expect(feeds.map(\.url) == ["https://news.example/feed.xml"], "\(feeds.map(\.url))")
        #expect(!feeds.contains { FeedAddress.isCommand($0.url) })
        let log = daemon.harness.log()
        // Each planted subscription is skipped at every sync (the daemon's first one and this one).
        let skips = log.split(separator: "\n").filter { $0.contains("only http and https feeds are taken from a service") }
        #expect(skips.count >= planted.count && skips.count % planted.count == 0, "\(log)")
        // Turning sync off leaves the feeds local: none of them may be a program.
        let refreshed = try await daemon.harness.tidings(["refresh"])
        #expect(refreshed.status == 0 || refreshed.status == 1, "\(refreshed)")
        #expect(!scratch.wasRun)
        #expect(await daemon.harness.stop() == 0)
    }

    /// The configured address redirects every call to another origin (another port here):
    /// nothing reaches it, the token least of all, and `status` says why sync failed.
    @Test func theTokenNeverFollowsARedirectToAnotherOrigin() async throws {
        let account = FakeSyncAccount()
        _ = try account.addFeed(url: "https://news.example/feed.xml", title: "News")
        let secret = "t0ken-\(UUID().uuidString.prefix(12))"
        let elsewhere = try await FakeMinifluxServer.start(account: account, apiKey: secret)
        defer { Task { try? await elsewhere.stop() } }
        let redirector = try await TestHTTPServer.start()
        defer { Task { try? await redirector.stop() } }
        redirector.fallback { request in .redirect(to: elsewhere.baseURL + request.path + (request.query.map { "?" + $0 } ?? ""), status: 302) }
        let daemon = try await SyncDaemon(service: "miniflux", url: redirector.baseURL, user: nil, secret: secret)

        let status = try await daemon.sync()
        let error = try #require(status.lastError, "\(status)")
        #expect(error.contains("redirected to another origin, http://127.0.0.1:\(elsewhere.port)"), "\(error)")
        #expect(error.contains("credentials do not go there") && error.contains("set the new address as sync url"), "\(error)")
        #expect(!redirector.requests.isEmpty)
        #expect(elsewhere.requests.isEmpty, "the other origin was asked: \(elsewhere.requests.map(\.path))")
        #expect(try await daemon.feeds().isEmpty)
        let shown = try await daemon.harness.tidings(["sync", "--status"])
        #expect(shown.out.contains("redirected to another origin") || shown.err.contains("redirected to another origin"), "\(shown)")
        #expect(!daemon.harness.log().contains(secret))
        #expect(await daemon.harness.stop() == 0)
    }
}
