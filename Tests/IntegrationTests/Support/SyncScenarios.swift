import FeedEntities
import FeedIPC
import Foundation
import Testing
import TestSupport

/// Two-way sync through the real binaries, the same for every fake service
/// (`SyncMinifluxTests`, `SyncGoogleReaderTests`): what the service has arrives, what the user
/// does reaches the service, by itself soon after the change or with `sync.run`.
enum SyncScenarios {
    /// The first sync brings subscriptions (categories as tags) and items with their states;
    /// the feeds are marked synced, `status` carries the sync, and the secret shows nowhere.
    static func firstSync(_ kind: FakeSyncService) async throws {
        let (server, daemon) = try await kind.start(try .twoFeeds())
        defer { Task { try? await server.stop() } }
        let status = try await daemon.firstSync()
        #expect(status.service == kind.rawValue && status.syncedFeeds == 2 && status.pending == 0, "\(status)")

        let feeds = try await daemon.feeds()
        let alpha = try #require(feeds.first { $0.url == "https://alpha.example/feed.xml" }, "\(feeds)\n\(daemon.log)")
        let beta = try #require(feeds.first { $0.url == "https://beta.example/feed.xml" }, "\(feeds)")
        #expect(alpha.title == "Alpha" && alpha.tags == ["Tech"] && alpha.synced, "\(alpha)")
        #expect(beta.tags == ["All"] && beta.synced, "\(beta)")

        let items = try await daemon.items()
        #expect(Set(items.keys) == ["Alpha one", "Alpha two", "Alpha three", "Beta one"], "\(items.values)\n\(daemon.log)")
        #expect(items["Alpha one"].map { !$0.read && !$0.starred && $0.feed == "Alpha" } == true, "\(items.values)")
        #expect(items["Alpha two"].map { $0.read && !$0.starred } == true, "\(items.values)")
        #expect(items["Alpha three"].map { !$0.read && $0.starred } == true, "\(items.values)")

        // `feeds --json` marks synced feeds where the client writes the member.
        let listed = try await daemon.tidings(["feeds", "--json"])
        let objects = (try JSONSerialization.jsonObject(with: listed.stdout) as? [String: Any])?["feeds"] as? [[String: Any]] ?? []
        #expect(objects.count == 2, "\(listed)")
        for object in objects where object["synced"] != nil {
            #expect(object["synced"] as? Bool == true, "\(object)")
        }
        let daemonStatus = try await daemon.result(DaemonStatus.self, "status")
        #expect(daemonStatus.sync?.service == kind.rawValue && daemonStatus.sync?.syncedFeeds == 2, "\(daemonStatus)")

        let shown = [
            daemon.harness.log(), try await daemon.call("status"), try await daemon.call("sync.status"),
            try await daemon.tidings(["status", "--json"]).out, listed.out,
        ]
        for text in shown {
            #expect(!daemon.leaks(in: text), "the secret shows:\n\(text)")
        }
    }

    /// Read, unread, star and unstar reach the service by themselves (the push after a change),
    /// and with `sync.run`.
    static func localStatesReachTheService(_ kind: FakeSyncService) async throws {
        let (server, daemon) = try await kind.start(try .twoFeeds())
        defer { Task { try? await server.stop() } }
        let account = server.account
        _ = try await daemon.firstSync()
        let one = try await daemon.number(of: "Alpha one"), beta = try await daemon.number(of: "Beta one")

        try await daemon.tidings(["read", "\(one)"])
        try await daemon.tidings(["star", "\(beta)"])
        let pushed = await daemon.eventually {
            account.entry(titled: "Alpha one")?.status == .read && account.entry(titled: "Beta one")?.starred == true
        }
        #expect(pushed, "pushed without a sync\n\(account.summary)\n\(daemon.log)")
        let drained = try await daemon.pending(0)
        #expect(drained.pending == 0, "\(drained)\n\(daemon.log)")

        try await daemon.tidings(["unread", "\(one)"])
        try await daemon.tidings(["unstar", "\(beta)"])
        let status = try await daemon.sync()
        #expect(status.lastError == nil && status.pending == 0, "\(status)\n\(daemon.log)")
        #expect(account.entry(titled: "Alpha one")?.status == .unread, "\(account.summary)\n\(daemon.log)")
        #expect(account.entry(titled: "Beta one")?.starred == false, "\(account.summary)\n\(daemon.log)")
        let items = try await daemon.items()
        #expect(items["Alpha one"]?.read == false && items["Beta one"]?.starred == false, "\(items.values)")
    }

    /// What another device does on the service arrives with `sync.run`: states, new entries, a
    /// new subscription with its category, and a subscription removed (its starred item kept).
    static func remoteChangesArrive(_ kind: FakeSyncService) async throws {
        let (server, daemon) = try await kind.start(try .twoFeeds())
        defer { Task { try? await server.stop() } }
        let account = server.account
        _ = try await daemon.firstSync()

        let one = try #require(account.entry(titled: "Alpha one")), beta = try #require(account.entry(titled: "Beta one"))
        account.setStatus([one.id], to: .read)
        account.setStarred([beta.id], true)
        let science = try account.addCategory("Science")
        let gamma = try account.addFeed(url: "https://gamma.example/feed.xml", title: "Gamma", categoryID: science.id)
        try account.addEntry(feedID: gamma.id, title: "Gamma one", content: "<p>gamma</p>")
        try account.addEntry(feedID: beta.feedID, title: "Beta two", content: "<p>beta two</p>")
        let status = try await daemon.sync()
        #expect(status.lastError == nil && status.report?.feedsAdded == 1, "\(status)\n\(daemon.log)")

        var items = try await daemon.items()
        #expect(items["Alpha one"]?.read == true && items["Beta one"]?.starred == true, "\(items.values)\n\(account.summary)")
        #expect(items["Gamma one"].map { !$0.read && $0.feed == "Gamma" } == true, "\(items.values)\n\(daemon.log)")
        #expect(items["Beta two"] != nil, "\(items.values)")
        let added = try await daemon.feed(url: "https://gamma.example/feed.xml")
        #expect(added?.tags == ["Science"] && added?.synced == true, "\(String(describing: added))")

        // Unsubscribed elsewhere: gone here, its starred item kept.
        let alpha = try #require(account.feed(url: "https://alpha.example/feed.xml"))
        try account.deleteFeed(alpha.id)
        let removed = try await daemon.sync()
        #expect(removed.lastError == nil && removed.report?.feedsRemoved == 1, "\(removed)\n\(daemon.log)")
        let remaining = try await daemon.feeds()
        #expect(!remaining.contains { $0.url == "https://alpha.example/feed.xml" }, "\(remaining)")
        items = try await daemon.items()
        #expect(items["Alpha one"] == nil && items["Alpha two"] == nil, "\(items.values)")
        #expect(items["Alpha three"]?.starred == true, "the starred item stays: \(items.values)")
    }

    /// Subscribing, renaming, retagging and unsubscribing here reach the service; the synced
    /// feed is no longer fetched from its site.
    static func subscriptionsReachTheService(_ kind: FakeSyncService) async throws {
        let (server, daemon) = try await kind.start(try .twoFeeds())
        defer { Task { try? await server.stop() } }
        let site = try await TestHTTPServer.start()
        defer { Task { try? await site.stop() } }
        site.route("/local.xml", .ok(ManyFeeds.rss(feed: 7001, items: 2)))
        let account = server.account
        let url = site.url("/local.xml")
        _ = try await daemon.firstSync()

        try await daemon.tidings(["subscribe", url, "--tag", "Reading"])
        let subscribed = await daemon.eventually {
            account.feed(url: url).flatMap { account.category($0.categoryID) }?.title == "Reading"
        }
        #expect(subscribed, "\(account.summary)\n\(daemon.log)")
        let linked = try await daemon.eventually { try await daemon.feed(url: url)?.synced == true }
        #expect(linked, "\(daemon.log)")
        let number = try #require(try await daemon.feed(url: url)?.id)

        let fetches = site.requests(for: "/local.xml").count
        try await daemon.tidings(["refresh"])
        #expect(site.requests(for: "/local.xml").count == fetches, "a synced feed is the service's to fetch\n\(daemon.log)")

        try await daemon.tidings(["rename", "\(number)", "Local", "reading"])
        #expect(await daemon.eventually { account.feed(url: url)?.title == "Local reading" }, "\(account.summary)\n\(daemon.log)")
        try await daemon.tidings(["tag", "\(number)", "-Reading", "+Later"])
        let moved = await daemon.eventually {
            account.feed(url: url).flatMap { account.category($0.categoryID) }?.title == "Later"
        }
        #expect(moved, "\(account.summary)\n\(daemon.log)")

        try await daemon.tidings(["unsubscribe", "\(number)"])
        #expect(await daemon.eventually { account.feed(url: url) == nil }, "\(account.summary)\n\(daemon.log)")
        let drained = try await daemon.pending(0)
        #expect(drained.pending == 0, "\(drained)\n\(daemon.log)")
        #expect(account.feeds.count == 2, "\(account.summary)")
    }

    /// `sync.run` with `full` a second time changes nothing, here or on the service.
    static func fullSyncIsIdempotent(_ kind: FakeSyncService) async throws {
        let account = try FakeSyncAccount.twoFeeds()
        account.populate(feeds: 3, entries: 40, seed: 7)
        let (server, daemon) = try await kind.start(account)
        defer { Task { try? await server.stop() } }
        _ = try await daemon.firstSync()
        let first = try await daemon.sync(full: true)
        #expect(first.lastError == nil, "\(first)\n\(daemon.log)")
        let items = try await daemon.items()
        let feeds = try await daemon.feeds().map { [$0.url, $0.title, $0.tags.joined(separator: ","), "\($0.unreadCount)"] }
        let requests = server.requests.count

        let second = try await daemon.sync(full: true)
        #expect(second.lastError == nil, "\(second)\n\(daemon.log)")
        #expect(second.report.map { SyncReport(milliseconds: $0.milliseconds) == $0 } == true, "nothing changed: \(second)")
        #expect(try await daemon.items() == items)
        #expect(try await daemon.feeds().map { [$0.url, $0.title, $0.tags.joined(separator: ","), "\($0.unreadCount)"] } == feeds)
        // Google Reader reads contents with POSTs too.
        let writes = server.requests.dropFirst(requests).filter {
            $0.method != "GET" && !$0.path.hasSuffix("ClientLogin") && !$0.path.contains("/stream/")
        }
        #expect(writes.isEmpty, "the service was not changed: \(writes.map { "\($0.method) \($0.path)" })")
        #expect(items.count == 44 && account.entries.count == 44, "\(items.count)")
    }
}
